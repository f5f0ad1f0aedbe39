package stream_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// The IDs a response's calls are handed on with are unique, and of an
// ID's shape: a model's ID written twice, or with spaces and quotes, or
// 100 KB long, is replaced by one the format makes, with a diagnostic.
func TestModelCallIDsAreUniqueAndWellFormed(t *testing.T) {
	long := strings.Repeat("a", 100<<10)
	tests := []struct {
		name   string
		format toolcall.Format
		text   string
		keep   []bool // whether each call keeps the model's ID
		ids    []string
	}{
		{"kimi_k2, one ID twice", kimik2.Format,
			"<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
			[]bool{true, false}, []string{"functions.f:0", ""}},
		{"mistral, one ID twice", mistral.Format,
			"[TOOL_CALLS]f[CALL_ID]abc123XYZ[ARGS]{}[TOOL_CALLS]f[CALL_ID]abc123XYZ[ARGS]{}",
			[]bool{true, false}, []string{"abc123XYZ", ""}},
		{"mistral, an ID with spaces and quotes", mistral.Format,
			`[TOOL_CALLS]f[CALL_ID]a "b" c[ARGS]{}`, []bool{false}, []string{`a "b" c`}},
		{"mistral, a 100 KB ID", mistral.Format,
			"[TOOL_CALLS]f[CALL_ID]" + long + "[ARGS]{}", []bool{false}, []string{long}},
	}
	// Past the first sixteen, IDs are remembered another way: an ID
	// repeated from either side of that is still found.
	var many strings.Builder
	var keep []bool
	var ids []string
	for i := range 20 {
		id := fmt.Sprintf("id%07d", i)
		fmt.Fprintf(&many, "[TOOL_CALLS]f[CALL_ID]%s[ARGS]{}", id)
		keep, ids = append(keep, true), append(ids, id)
	}
	for _, i := range []int{3, 19} {
		fmt.Fprintf(&many, "[TOOL_CALLS]f[CALL_ID]%s[ARGS]{}", ids[i])
		keep, ids = append(keep, false), append(ids, ids[i])
	}
	tests = append(tests, struct {
		name   string
		format toolcall.Format
		text   string
		keep   []bool
		ids    []string
	}{"mistral, IDs repeated after twenty calls", mistral.Format, many.String(), keep, ids})
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	for _, tt := range tests {
		for _, opts := range [][]stream.Option{nil, {stream.WithArgumentStreaming()}} {
			for _, n := range []int{0, 1} {
				o := feedAllWithIDs(tt.format, req, tt.text, n, opts...)
				if len(o.calls) != len(tt.keep) {
					t.Fatalf("%s: %d calls, want %d", tt.name, len(o.calls), len(tt.keep))
				}
				seen := map[string]bool{}
				for i, c := range o.calls {
					switch {
					case seen[c.ID]:
						t.Errorf("%s: call %d has an earlier call's ID %q", tt.name, i, c.ID)
					case tt.keep[i] && c.ID != tt.ids[i]:
						t.Errorf("%s: call %d has ID %q, want the model's %q", tt.name, i, c.ID, tt.ids[i])
					case !tt.keep[i] && (c.ID == tt.ids[i] || len(c.ID) > 128 || strings.ContainsAny(c.ID, " \"")):
						t.Errorf("%s: call %d keeps the ID %.40q", tt.name, i, c.ID)
					}
					seen[c.ID] = true
				}
				r := stream.Parse(tt.format, tt.text, req, opts...)
				found := false
				for _, d := range r.Diagnostics {
					found = found || strings.Contains(d.Message, "call ID")
				}
				if !found {
					t.Errorf("%s: no diagnostic says the ID was replaced: %+v", tt.name, r.Diagnostics)
				}
			}
		}
	}
}

// feedAllWithIDs is feedAll with the stream's own IDs.
func feedAllWithIDs(f toolcall.Format, req toolcall.Request, text string, n int, opts ...stream.Option) (o outcome) {
	s := stream.New(f, req, opts...)
	if n <= 0 {
		n = len(text)
	}
	take := func(evs []toolcall.Event) {
		for _, e := range evs {
			if e.Call != nil {
				o.calls = append(o.calls, *e.Call)
			}
		}
	}
	for i := 0; i < len(text); i += n {
		take(s.Feed(text[i:min(i+n, len(text))]))
	}
	take(s.Close())
	return o
}
