package pythonic_test

import (
	"fmt"
	"testing"

	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func decodeJSON(raw []byte) (map[string]any, error) {
	v, err := corpus.Decode(raw)
	m, _ := v.(map[string]any)
	return m, err
}

// TestCorpusRoundTrip writes every BFCL case's calls with RenderCalls, feeds
// the list in random deltas with the case's tool names, and requires the
// same names and JSON-equal arguments back.
func TestCorpusRoundTrip(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	failed := 0
	for n, c := range cases {
		var calls []toolcall.Call
		var want []map[string]any
		for _, call := range c.Calls {
			args, err := decodeJSON(call.Arguments)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			calls = append(calls, toolcall.Call{Name: call.Name, Arguments: string(call.Arguments)})
			want = append(want, args)
		}
		text, err := pythonic.RenderCalls(calls)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		deltas := streamtest.SeededSplit(text, uint64(n))
		// The tools' names without their schemas: this checks the parser;
		// schema coercion has its own corpus test.
		var tools []toolcall.Tool
		for _, tool := range c.Tools {
			tools = append(tools, toolcall.Tool{Name: tool.Name})
		}
		res := streamtest.Compare(t, pythonic.Format, toolcall.Request{Tools: tools}, deltas)
		if msg := compareCalls(res.Calls, c, want); msg != "" {
			failed++
			t.Errorf("%s: %s\ntext: %s", c.ID, msg, text)
		}
	}
	t.Logf("%d cases, %d failed", len(cases), failed)
}

func compareCalls(got []toolcall.Call, c corpus.Case, want []map[string]any) string {
	if len(got) != len(c.Calls) {
		return fmt.Sprintf("%d calls, want %d", len(got), len(c.Calls))
	}
	for i, g := range got {
		args, err := decodeJSON([]byte(g.Arguments))
		if err != nil {
			return fmt.Sprintf("call %d arguments %s: %v", i, g.Arguments, err)
		}
		if g.Name != c.Calls[i].Name || !corpus.Equal(args, want[i]) {
			return fmt.Sprintf("call %d = %s %s, want %s %s", i, g.Name, g.Arguments, c.Calls[i].Name, c.Calls[i].Arguments)
		}
	}
	return ""
}
