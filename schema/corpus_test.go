package schema_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// stringly writes a JSON value as a Python literal with every scalar turned
// into a string, the way careless models write arguments.
func stringly(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ": " + stringly(v[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = stringly(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case nil:
		return `"None"`
	case json.Number:
		return strconv.Quote(v.String())
	case bool:
		return strconv.Quote(strconv.FormatBool(v))
	case string:
		return strconv.Quote(v)
	}
	panic(fmt.Sprintf("stringly: %T", v))
}

// TestCorpusCoercion writes every BFCL case's calls with every scalar value
// turned into a string, parses them with the case's tools, and counts the
// cases whose arguments come back equal to the ground truth.
func TestCorpusCoercion(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	failures := map[string][]string{}
	good := 0
	for _, c := range cases {
		var srcs []string
		var want []any
		for _, call := range c.Calls {
			args, err := corpus.Decode(call.Arguments)
			if err != nil {
				t.Fatal(err)
			}
			m := args.(map[string]any)
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			parts := make([]string, len(keys))
			for i, k := range keys {
				parts[i] = k + "=" + stringly(m[k])
			}
			srcs = append(srcs, call.Name+"("+strings.Join(parts, ", ")+")")
			want = append(want, args)
		}
		res := stream.Parse(pythonic.Format, "["+strings.Join(srcs, ", ")+"]", toolcall.Request{Tools: c.Tools})
		ok := len(res.Calls) == len(want)
		kind := "call count"
		for i := 0; ok && i < len(want); i++ {
			got, err := corpus.Decode([]byte(res.Calls[i].Arguments))
			if err != nil || !corpus.Equal(got, want[i]) {
				ok = false
				kind = failureKind(c, i)
				failures[kind] = append(failures[kind], fmt.Sprintf("%s: got %s, want %s", c.ID, res.Calls[i].Arguments, c.Calls[i].Arguments))
			}
		}
		if ok {
			good++
		} else if kind == "call count" {
			failures[kind] = append(failures[kind], c.ID)
		}
	}
	rate := float64(good) / float64(len(cases))
	t.Logf("%d of %d cases (%.2f%%) come back equal to the ground truth", good, len(cases), 100*rate)
	kinds := make([]string, 0, len(failures))
	for k := range failures {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		for _, f := range failures[k] {
			t.Logf("%s: %s", k, f)
		}
	}
	if rate < 0.99 {
		t.Errorf("only %.2f%% of the cases come back equal; the goal is 99%%", 100*rate)
	}
}

// failureKind says why call i of a case did not come back as its ground
// truth: the ground truth breaks its own schema (which the coerced value
// then keeps), or the schema does not say what the value should be.
func failureKind(c corpus.Case, i int) string {
	call := c.Calls[i]
	for _, tool := range c.Tools {
		if tool.Name != call.Name {
			continue
		}
		for _, d := range schema.For(tool).Validate(string(call.Arguments)) {
			if !strings.Contains(d.Message, "Required property") {
				return "ground truth breaks its own schema"
			}
		}
	}
	return "the schema gives no type for the value"
}
