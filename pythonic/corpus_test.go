package pythonic_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// pyJSON writes a decoded JSON value as a Python literal.
func pyJSON(v any) string {
	switch v := v.(type) {
	case json.Number:
		return v.String()
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ": " + pyJSON(v[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = pyJSON(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return py(v)
}

func decodeJSON(raw []byte) (map[string]any, error) {
	v, err := corpus.Decode(raw)
	m, _ := v.(map[string]any)
	return m, err
}

// TestCorpusRoundTrip writes every BFCL case's calls as a pythonic call list,
// feeds it in random deltas with the case's tool names, and requires the
// same names and JSON-equal arguments back.
func TestCorpusRoundTrip(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	failed := 0
	for _, c := range cases {
		var srcs []string
		var want []map[string]any
		for _, call := range c.Calls {
			args, err := decodeJSON(call.Arguments)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			keys := make([]string, 0, len(args))
			for k := range args {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			parts := make([]string, len(keys))
			for i, k := range keys {
				parts[i] = k + "=" + pyJSON(args[k])
			}
			srcs = append(srcs, call.Name+"("+strings.Join(parts, ", ")+")")
			want = append(want, args)
		}
		text := "[" + strings.Join(srcs, ", ") + "]"
		var deltas []string
		for rest := text; rest != ""; {
			k := min(len(rest), 1+r.IntN(7))
			deltas = append(deltas, rest[:k])
			rest = rest[k:]
		}
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
