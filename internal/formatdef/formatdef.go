// Package formatdef gives the format packages their format type: a format
// read with a block table, with the methods of its package's prompt
// (prompt.Methods) and grammar (grammar.Constraints) functions, and with
// or without the reasoning of toolcall.Reasoner.
package formatdef

import (
	"slices"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is a toolcall.Format read with a block table, which is also a
// toolcall.Renderer, toolcall.Prompter and toolcall.Constrainer. It is
// comparable.
type Format struct {
	block.Named
	*prompt.Methods
	*grammar.Constraints
}

// New returns the format named reads, with m's and c's methods.
func New(named block.Named, m *prompt.Methods, c *grammar.Constraints) Format {
	return Format{named, m, c}
}

// Reasoned is a Format that also implements toolcall.Reasoner. It is
// comparable.
type Reasoned struct {
	Format
	reasoning *toolcall.Reasoning
}

// NewReasoned returns New(named, m, c) reasoning as r says.
func NewReasoned(named block.Named, m *prompt.Methods, c *grammar.Constraints, r *toolcall.Reasoning) Reasoned {
	return Reasoned{New(named, m, c), r}
}

// Reasoning implements toolcall.Reasoner: a copy of the format's
// reasoning (none for the zero Reasoned).
func (f Reasoned) Reasoning() toolcall.Reasoning {
	if f.reasoning == nil {
		return toolcall.Reasoning{}
	}
	r := *f.reasoning
	r.EndedBy = slices.Clone(r.EndedBy)
	return r
}
