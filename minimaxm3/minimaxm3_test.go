package minimaxm3_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/toolcall"
)

// descriptor returns the format's registered descriptor.
func descriptor(t *testing.T) toolcall.Descriptor {
	t.Helper()
	for _, d := range toolcall.Descriptors() {
		if d.Format.Name() == minimaxm3.Format.Name() {
			return d
		}
	}
	t.Fatal("minimax_m3 is not described")
	return toolcall.Descriptor{}
}

// TestConformance runs the conformance suite on the format's descriptor.
func TestConformance(t *testing.T) { formatstest.Run(t, descriptor(t)) }

// renderer is the syntax this package writes calls in, with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "minimax_m3", Format: minimaxm3.Format, Render: minimaxm3.RenderCalls,
	Typed: true, Textual: true,
	Tolerated: "\n]<]minimax[>[</tool_call>",
	EndsTurn:  []string{"[e~[", "]~b]"},
}

// TestRenderer runs the shared renderer checks.
func TestRenderer(t *testing.T) { formatstest.CheckRenderer(t, renderer) }
