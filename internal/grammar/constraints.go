package grammar

import "github.com/toolparse/toolparse/toolcall"

// Constraints gives a format the methods of toolcall.Constrainer from its
// package's Grammar and StructuralTag functions. A format's type embeds a
// *Constraints, which keeps it comparable.
type Constraints struct {
	// EBNF is the format's Grammar.
	EBNF func(req toolcall.Request) (string, error)
	// Tag is the format's StructuralTag.
	Tag func(req toolcall.Request) ([]byte, error)
}

// Grammar implements toolcall.Constrainer with EBNF.
func (c *Constraints) Grammar(req toolcall.Request) (string, error) { return c.EBNF(req) }

// StructuralTag implements toolcall.Constrainer with Tag.
func (c *Constraints) StructuralTag(req toolcall.Request) ([]byte, error) { return c.Tag(req) }
