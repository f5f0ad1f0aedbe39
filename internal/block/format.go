package block

import "github.com/toolparse/toolparse/toolcall"

// Named is a table with its format's name: the toolcall.Format the
// machine makes of it. A format package embeds it in its own format
// type, which adds the format's other methods (Reasoning, Prompt,
// RenderCalls ...).
type Named struct {
	name  string
	table *Format
}

// Named names f: the format called name, whose decoders read with f.
func (f *Format) Named(name string) Named { return Named{name: name, table: f} }

// Name implements toolcall.Format.
func (n Named) Name() string { return n.name }

// NewDecoder implements toolcall.Format: a machine on the table.
func (n Named) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return NewDecoder(n.table, req)
}
