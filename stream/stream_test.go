package stream_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

func seqIDs(c toolcall.Call) string { return fmt.Sprintf("id%d", c.Index) }

func req(tools ...string) toolcall.Request {
	var r toolcall.Request
	for _, n := range tools {
		r.Tools = append(r.Tools, toolcall.Tool{Name: n})
	}
	return r
}

func TestToolChoice(t *testing.T) {
	no := false
	tests := []struct {
		name    string
		req     toolcall.Request
		input   string
		content string
		calls   []toolcall.Call
		policy  int // policy diagnostics expected
	}{
		{
			name:    "none turns parsing off",
			req:     toolcall.Request{Tools: req("f").Tools, ToolChoice: "none"},
			input:   " [f(a=1)] ",
			content: "[f(a=1)]",
		},
		{
			name:  "a named tool keeps only its first call",
			req:   toolcall.Request{Tools: req("f", "g").Tools, ToolChoice: "g"},
			input: "[f(a=1), g(b=1), g(b=2)]",
			calls: []toolcall.Call{{Index: 0, ID: "id0", Name: "g", Arguments: `{"b":1}`}},
			// f is another tool, the second g is a second call
			policy: 2,
		},
		{
			name:   "parallel_tool_calls false keeps the first call",
			req:    toolcall.Request{Tools: req("f", "g").Tools, ParallelToolCalls: &no},
			input:  "[f(a=1), g(b=1)]",
			calls:  []toolcall.Call{{Index: 0, ID: "id0", Name: "f", Arguments: `{"a":1}`}},
			policy: 1,
		},
		{
			name:  "required changes nothing in parsing",
			req:   toolcall.Request{Tools: req("f", "g").Tools, ToolChoice: "required"},
			input: "[f(a=1), g(b=1)]",
			calls: []toolcall.Call{{Index: 0, ID: "id0", Name: "f", Arguments: `{"a":1}`}, {Index: 1, ID: "id1", Name: "g", Arguments: `{"b":1}`}},
		},
		{
			name:  "names are matched to the tool's spelling",
			req:   req("get-weather", "Bash"),
			input: "[GET_WEATHER(city='x'), functions.bash(command='ls')]",
			calls: []toolcall.Call{{Index: 0, ID: "id0", Name: "get-weather", Arguments: `{"city":"x"}`}, {Index: 1, ID: "id1", Name: "Bash", Arguments: `{"command":"ls"}`}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := stream.Parse(pythonic.Format, tt.input, tt.req, stream.WithIDs(seqIDs))
			if res.Content != tt.content {
				t.Errorf("content = %q, want %q", res.Content, tt.content)
			}
			if diff := cmp.Diff(tt.calls, res.Calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
			policy := 0
			for _, d := range res.Diagnostics {
				if d.Kind == toolcall.KindPolicy {
					policy++
				}
			}
			if policy != tt.policy {
				t.Errorf("%d policy diagnostics, want %d: %+v", policy, tt.policy, res.Diagnostics)
			}
		})
	}
}

func TestUnknownToolInOpeningListIsReturnedWithADiagnostic(t *testing.T) {
	res := stream.Parse(pythonic.Format, "[print(x=1)]", req("get_weather"))
	if len(res.Calls) != 1 || res.Calls[0].Name != "print" {
		t.Fatalf("calls = %+v", res.Calls)
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Kind != toolcall.KindUnknownTool || res.Diagnostics[0].Call != "print" {
		t.Errorf("diagnostics = %+v", res.Diagnostics)
	}
}

func TestDefaultIDs(t *testing.T) {
	res := stream.Parse(pythonic.Format, "[f(), g()]", toolcall.Request{})
	if len(res.Calls) != 2 {
		t.Fatalf("calls = %+v", res.Calls)
	}
	for i, c := range res.Calls {
		if c.Index != i {
			t.Errorf("call %d has Index %d", i, c.Index)
		}
		id, ok := strings.CutPrefix(c.ID, "call_")
		if !ok || len(id) != 24 || strings.Trim(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") != "" {
			t.Errorf("ID %q is not call_ and 24 letters and digits", c.ID)
		}
	}
	if res.Calls[0].ID == res.Calls[1].ID {
		t.Error("two calls share an ID")
	}
}

// Default IDs use every letter and digit about equally at every position:
// over 2,000 IDs each symbol is expected 32 times at a position, and a
// generator that favoured or never wrote some would fall outside 8..72 or
// leave one unused.
func TestDefaultIDsAreEven(t *testing.T) {
	const n = 2000
	var counts [24][256]int
	for range n / 4 {
		res := stream.Parse(pythonic.Format, "[f(), f(), f(), f()]", toolcall.Request{})
		for _, c := range res.Calls {
			id := strings.TrimPrefix(c.ID, "call_")
			for i := range min(len(id), 24) {
				counts[i][id[i]]++
			}
		}
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	for pos := range counts {
		for _, c := range []byte(alphabet) {
			if k := counts[pos][c]; k < 8 || k > 72 {
				t.Errorf("position %d: %q written %d times in %d IDs", pos, c, k, n)
			}
		}
	}
}

func TestWhitespaceRule(t *testing.T) {
	tests := []struct {
		name   string
		deltas []string
		events []string
	}{
		{"leading whitespace is dropped", []string{"  \n", " hi"}, []string{"hi"}},
		{"trailing whitespace is dropped", []string{"hi  ", "\n"}, []string{"hi"}},
		{"whitespace inside prose waits for the next prose", []string{"a ", " b"}, []string{"a", " ", " b"}},
		{"unicode spaces count as whitespace", []string{"\u00a0\u3000a\u2003", "\u2003"}, []string{"a"}},
		{"whitespace only is no content at all", []string{" \t", "\n "}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := stream.New(pythonic.Format, toolcall.Request{})
			var got []string
			for _, d := range tt.deltas {
				for _, e := range s.Feed(d) {
					got = append(got, e.Content)
				}
			}
			for _, e := range s.Close() {
				got = append(got, e.Content)
			}
			if diff := cmp.Diff(tt.events, got); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

func TestContentNeverEndsInsideAUTF8Sequence(t *testing.T) {
	text := "naïve café 😀 ok ✓"
	for i := 1; i < len(text); i++ {
		s := stream.New(pythonic.Format, toolcall.Request{})
		var all strings.Builder
		for _, part := range []string{text[:i], text[i:]} {
			for _, e := range s.Feed(part) {
				if !utf8.ValidString(e.Content) || e.Content == "" {
					t.Fatalf("split at %d: event %q", i, e.Content)
				}
				all.WriteString(e.Content)
			}
		}
		for _, e := range s.Close() {
			all.WriteString(e.Content)
		}
		if all.String() != text {
			t.Fatalf("split at %d: content %q", i, all.String())
		}
	}
}

func TestInvalidUTF8IsPassedOnVerbatim(t *testing.T) {
	for _, text := range []string{"a\xffb", "a\xe2", "\xe2\x82 x", "x \xf0\x9f"} {
		res := stream.Parse(pythonic.Format, text, toolcall.Request{})
		if res.Content != strings.TrimSpace(text) {
			t.Errorf("Parse(%q).Content = %q", text, res.Content)
		}
	}
}

func TestLimits(t *testing.T) {
	long := "[f(a='" + strings.Repeat("x", 100) + "')] after"
	res := stream.Parse(pythonic.Format, long, toolcall.Request{}, stream.WithLimits(toolcall.Limits{MaxPending: 50}))
	if len(res.Calls) != 0 || res.Content != long {
		t.Errorf("a list past the size limit: calls %v, content %q", res.Calls, res.Content)
	}
	if !hasKind(res.Diagnostics, toolcall.KindLimit) {
		t.Errorf("no limit diagnostic: %+v", res.Diagnostics)
	}
	deep := "[f(a=" + strings.Repeat("[", 10) + strings.Repeat("]", 10) + ")]"
	res = stream.Parse(pythonic.Format, deep, toolcall.Request{}, stream.WithLimits(toolcall.Limits{MaxDepth: 5}))
	if len(res.Calls) != 0 || res.Content != deep || !hasKind(res.Diagnostics, toolcall.KindLimit) {
		t.Errorf("a list past the depth limit: %+v", res)
	}
	res = stream.Parse(pythonic.Format, deep, toolcall.Request{})
	if len(res.Calls) != 1 {
		t.Errorf("the same list under the default limits: %+v", res)
	}
}

func TestSyntaxDiagnosticsCarryOffsets(t *testing.T) {
	text := "[f(a=1), g(b=1+)]"
	res := stream.Parse(pythonic.Format, text, toolcall.Request{})
	if len(res.Diagnostics) != 1 {
		t.Fatalf("diagnostics = %+v", res.Diagnostics)
	}
	d := res.Diagnostics[0]
	if d.Kind != toolcall.KindSyntax || d.Call != "g" || d.Offset != strings.Index(text, "+)") {
		t.Errorf("diagnostic = %+v, want syntax for g at offset %d", d, strings.Index(text, "+)"))
	}
}

func TestFeedAfterCloseReturnsNothing(t *testing.T) {
	s := stream.New(pythonic.Format, toolcall.Request{})
	s.Feed("hello")
	s.Close()
	if evs := s.Feed(" more"); len(evs) != 0 {
		t.Errorf("Feed after Close = %+v", evs)
	}
	if evs := s.Close(); len(evs) != 0 {
		t.Errorf("second Close = %+v", evs)
	}
}

func hasKind(ds []toolcall.Diagnostic, kind string) bool {
	for _, d := range ds {
		if d.Kind == kind {
			return true
		}
	}
	return false
}

func TestPolicy(t *testing.T) {
	no := false
	text := "[read_file(path='a'), edit_file(path='a', old='x', new='y')]"
	all := stream.WithPolicy(policy.Policy{Mode: policy.All})
	if res := stream.Parse(pythonic.Format, text, toolcall.Request{}); len(res.Calls) != 2 {
		t.Errorf("pythonic's default policy is all: %d calls", len(res.Calls))
	}
	if res := stream.Parse(pythonic.Format, text, toolcall.Request{}, stream.WithPolicy(policy.Policy{Mode: policy.Reads})); len(res.Calls) != 1 {
		t.Errorf("reads: %d calls", len(res.Calls))
	}
	if res := stream.Parse(pythonic.Format, text, toolcall.Request{ParallelToolCalls: &no}, all); len(res.Calls) != 1 {
		t.Errorf("parallel_tool_calls false over all: %d calls", len(res.Calls))
	}
}

type independentFormat struct{ toolcall.Format }

func (independentFormat) DefaultPolicy() policy.Mode { return policy.Independent }

// The stream reads no environment; a policy with no mode keeps the
// format's default mode and applies its lists.
func TestThePolicyComesOnlyFromOptions(t *testing.T) {
	text := "[get_weather(city='a'), book(x=1)]"
	f := independentFormat{pythonic.Format}
	t.Setenv("LLAMA4_TOOL_CALL_POLICY", "all")
	if res := stream.Parse(f, text, toolcall.Request{}); len(res.Calls) != 1 {
		t.Errorf("the environment changed the format's default policy: %d calls", len(res.Calls))
	}
	if res := stream.Parse(f, "[book(x=1), book(x=2)]", toolcall.Request{}, stream.WithPolicy(policy.Policy{ReadOnly: []string{"book"}})); len(res.Calls) != 2 {
		t.Errorf("a read-only list with no mode: %d calls, want the default mode with the list", len(res.Calls))
	}
	if res := stream.Parse(f, text, toolcall.Request{}, stream.WithPolicy(policy.Policy{Mode: policy.All})); len(res.Calls) != 2 {
		t.Errorf("mode all: %d calls", len(res.Calls))
	}
}

func TestCallDiagnosticsCarryTheCallsOffset(t *testing.T) {
	no := false
	text := "Sure. [f(a=1), g(b=1)]"
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: []byte(`{"type":"object","properties":{"a":{"type":"string","enum":["x"]}}}`)}, {Name: "g"}}, ParallelToolCalls: &no}
	res := stream.Parse(pythonic.Format, text, req)
	var schemaOff, policyOff = -2, -2
	for _, d := range res.Diagnostics {
		switch d.Kind {
		case toolcall.KindSchema:
			schemaOff = d.Offset
		case toolcall.KindPolicy:
			policyOff = d.Offset
		}
	}
	if schemaOff != strings.Index(text, "f(") || policyOff != strings.Index(text, "g(") {
		t.Errorf("schema diagnostic at %d, policy at %d; want %d and %d: %+v", schemaOff, policyOff, strings.Index(text, "f("), strings.Index(text, "g("), res.Diagnostics)
	}
}
