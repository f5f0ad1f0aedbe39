package dsml_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// renderFor renders calls in profile's spelling.
func renderFor(profile string) func([]toolcall.Call) (string, error) {
	return func(calls []toolcall.Call) (string, error) { return dsml.RenderCallsFor(profile, calls) }
}

// writers are what the shared checks need to know of what this package
// writes: the spellings it writes calls in (the format's Grammar writes
// V4.1's; GrammarFor the others', TestGrammarFor); RenderPrompt; and
// the template goldens testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: dsml.Format, Prompt: dsml.RenderPrompt,
	Renderers: []formatstest.Renderer{
		{
			Name:       "dsml V4.1",
			Tolerated:  "\n</｜DSML｜ calls>",
			ValueClose: "</｜DSML｜ parameter>",
		},
		{
			Name: "dsml V4", Render: renderFor(dsml.ProfileV4),
			Typed: true, Textual: true, Unconstrained: true,
			Tolerated: "\n</｜DSML｜tool_calls>",
		},
		{
			Name: "dsml V3.2", Render: renderFor(dsml.ProfileV32),
			Typed: true, Textual: true, Unconstrained: true,
			Tolerated: "\n</｜DSML｜function_calls>",
		},
	},
}

// TestWriters: the renderer checks on every spelling the package writes
// calls in, RenderPrompt's special-token guard and every golden, byte for
// byte.
func TestWriters(t *testing.T) { writers.Check(t) }

// A block that the next block's open tag ended, and that then passes the
// size limit, goes out as content with that open tag.
func TestLimitKeepsTheMarkerThatOpenedTheBlock(t *testing.T) {
	formatstest.CheckLimitKeepsTheOpeningMarker(t, dsml.Format, block(invoke("f")), "<｜DSML｜tool_calls>")
}

// TestRenderCalls: RenderCallsFor writes what the goldens hold, in each
// spelling, and refuses what it cannot write.
func TestRenderCalls(t *testing.T) {
	calls := []toolcall.Call{
		call("write_note", `{"path": "notes/todo.txt", "text": "She said \"hi\"\nthen <b>left</b>"}`),
		call("lookup_order", `{"order_id": 42, "status": "shipped", "options": {"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}}`),
	}
	for _, tt := range []struct{ profile, want string }{
		{dsml.ProfileV32, goldenTwoCalls}, {dsml.ProfileV32Speciale, goldenTwoCalls},
		{dsml.ProfileV4, v4(goldenTwoCalls)}, {dsml.ProfileV41, v41(goldenTwoCalls)}, {"", v41(goldenTwoCalls)},
	} {
		got, err := dsml.RenderCallsFor(tt.profile, calls)
		if want := strings.TrimPrefix(tt.want, "\n\n"); err != nil || got != want {
			t.Errorf("RenderCallsFor(%q) = %q, %v\nwant %q", tt.profile, got, err, want)
		}
	}
	if got, err := dsml.RenderCalls(nil); got != "" || err != nil {
		t.Errorf("no calls: %q, %v", got, err)
	}
	if got, err := dsml.RenderCalls([]toolcall.Call{call("f", ``)}); err != nil || got != "<｜DSML｜ calls>\n<｜DSML｜ invoke name=\"f\">\n</｜DSML｜ invoke>\n</｜DSML｜ calls>" {
		t.Errorf("no arguments: %q, %v", got, err)
	}
	if _, err := dsml.RenderCallsFor("v5", calls); err == nil {
		t.Error("an unknown profile: no error")
	}
	for _, bad := range []toolcall.Call{call("f", `[1]`), call("f", `{`)} {
		if text, err := dsml.RenderCalls([]toolcall.Call{bad}); err == nil {
			t.Errorf("RenderCalls(%v) = %q, want an error", bad, text)
		}
	}
}
