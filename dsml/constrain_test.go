package dsml_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenTools are the tools of the goldens' conversations.
var goldenTools = formatstest.GoldenTools()

// grammarFor returns GrammarFor(profile, ...), as Of wants it.
func grammarFor(profile string) func(toolcall.Request) (string, error) {
	return func(req toolcall.Request) (string, error) { return dsml.GrammarFor(profile, req) }
}

// TestGrammarFor: each spelling's grammar takes the goldens' calls in
// that spelling, and refuses what the schemas do not allow and the other
// spellings.
func TestGrammarFor(t *testing.T) {
	one := block(invoke("lookup_order", p("order_id", "false", "42"), p("status", "true", "shipped"),
		p("options", "false", `{"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}`)))
	spell := map[string]func(string) string{
		dsml.ProfileV32: func(s string) string { return s }, dsml.ProfileV32Speciale: func(s string) string { return s },
		dsml.ProfileV4: v4, dsml.ProfileV41: v41, "": v41,
	}
	for profile, sp := range spell {
		req := toolcall.Request{Tools: goldenTools, ToolChoice: "required"}
		g := grammartest.Of(t, grammarFor(profile), req)
		for _, ok := range []string{
			strings.TrimPrefix(goldenTwoCalls, "\n\n"),
			one,
			block(invoke("lookup_order", p("order_id", "false", "-7"))),
			block(invoke("write_note", p("path", "true", "a"), p("text", "true", "x <b> </｜DSML｜invoke> "+fcEnd+" </｜DSML｜param <"))),
		} {
			if !g.Match(sp(ok)) {
				t.Errorf("%q: the grammar refuses %q", profile, sp(ok))
			}
		}
		for _, bad := range []string{
			"",
			block(invoke("lookup_order")), // order_id is required
			block(invoke("lookup_order", p("order_id", "true", "42"))),                              // an integer is JSON
			block(invoke("lookup_order", p("order_id", "false", "4.5"))),                            // an integer
			block(invoke("lookup_order", p("order_id", "false", "1"), p("status", "true", "lost"))), // not in the enum
			block(invoke("lookup_order", p("status", "true", "open"), p("order_id", "false", "1"))), // declared order
			block(invoke("write_note", p("path", "true", "a"), p("text", "true", "b"+parEnd+"c"))),  // a close tag in a string
			block(invoke("other")),
		} {
			if g.Match(sp(bad)) {
				t.Errorf("%q: the grammar takes %q", profile, sp(bad))
			}
		}
		for other, osp := range spell {
			if o := osp(one); o != sp(one) && g.Match(o) {
				t.Errorf("%q: the grammar takes %q's spelling", profile, other)
			}
		}
		named := grammartest.Of(t, grammarFor(profile), toolcall.Request{Tools: goldenTools, ToolChoice: "lookup_order"})
		if two := sp(block(invoke("lookup_order", p("order_id", "false", "1")), invoke("lookup_order", p("order_id", "false", "2")))); named.Match(two) || !named.Match(sp(one)) {
			t.Errorf("%q: a named tool allows exactly one call", profile)
		}
	}
	if _, err := dsml.GrammarFor("v9", toolcall.Request{Tools: goldenTools}); err == nil {
		t.Error("an unknown profile: no error")
	}
	if _, err := dsml.Grammar(toolcall.Request{Tools: goldenTools, ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none" gives a grammar`)
	}
}

// TestStructuralTag: one tag, the block in the profile's spelling,
// triggered on its open tag.
func TestStructuralTag(t *testing.T) {
	for _, tt := range []struct{ profile, begin, end string }{
		{"", "<｜DSML｜ calls>\n", "</｜DSML｜ calls>"},
		{dsml.ProfileV4, "<｜DSML｜tool_calls>\n", "</｜DSML｜tool_calls>"},
		{dsml.ProfileV32, "<｜DSML｜function_calls>\n", "</｜DSML｜function_calls>"},
	} {
		tag := func(req toolcall.Request) ([]byte, error) { return dsml.StructuralTagFor(tt.profile, req) }
		formatstest.CheckTag(t, tag, toolcall.Request{Tools: goldenTools}, formatstest.TagWant{
			Trigger: strings.TrimSuffix(tt.begin, "\n"), Begin: tt.begin, End: tt.end, Content: "grammar",
		})
	}
	def, err1 := dsml.StructuralTag(toolcall.Request{Tools: goldenTools})
	v41, err2 := dsml.StructuralTagFor(dsml.ProfileV41, toolcall.Request{Tools: goldenTools})
	if err1 != nil || err2 != nil || string(def) != string(v41) {
		t.Errorf("StructuralTag is not V4.1's: %v %v", err1, err2)
	}
	if _, err := dsml.StructuralTagFor("v9", toolcall.Request{Tools: goldenTools}); err == nil {
		t.Error("an unknown profile: no error")
	}
}
