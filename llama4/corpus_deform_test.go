package llama4_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// deformations write a case's calls the ways real models deform them.
var deformations = []struct {
	name  string
	write func(calls []corpusCall) (string, bool)
}{
	{"markdown-escaped names and keys", func(calls []corpusCall) (string, bool) {
		return pythonList(calls, func(s string) string { return strings.ReplaceAll(s, "_", `\_`) }, false), true
	}},
	{"a keyword repeated, a decoy value first", func(calls []corpusCall) (string, bool) {
		return pythonList(calls, func(s string) string { return s }, true), true
	}},
	{"JSON objects with the arguments before the name", func(calls []corpusCall) (string, bool) {
		var parts []string
		for _, c := range calls {
			parts = append(parts, `{"arguments": `+string(c.args.AppendJSON(nil))+`, "name": `+string(jsonvalue.AppendString(nil, c.name))+`}`)
		}
		return "[" + strings.Join(parts, ", ") + "]", true
	}},
	{"JSON objects that only name the tool", func(calls []corpusCall) (string, bool) {
		var parts []string
		for _, c := range calls {
			m := `{"name": ` + string(jsonvalue.AppendString(nil, c.name))
			for _, mem := range c.args.Members {
				switch mem.Key {
				case "name", "type", "arguments", "parameters", "function":
					return "", false // such an argument would be read as the call's own
				}
				m += ", " + string(jsonvalue.AppendString(nil, mem.Key)) + ": " + string(mem.Val.AppendJSON(nil))
			}
			parts = append(parts, m+"}")
		}
		return strings.Join(parts, "\n"), true
	}},
}

type corpusCall struct {
	name string
	args jsonvalue.Value
}

// pythonList writes [name(key=value, ...), ...] with md applied to names
// and keys; repeat writes the first key twice, a decoy value first.
func pythonList(calls []corpusCall, md func(string) string, repeat bool) string {
	var b []byte
	b = append(b, '[')
	for i, c := range calls {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, md(c.name)...)
		b = append(b, '(')
		for k, m := range c.args.Members {
			if k > 0 {
				b = append(b, ", "...)
			}
			b = append(b, md(m.Key)...)
			b = append(b, '=')
			if repeat && k == 0 {
				b = append(b, `"decoy"`...)
				continue
			}
			b = m.Val.AppendPython(b)
		}
		if repeat && len(c.args.Members) > 0 {
			b = append(b, ", "...)
			b = append(b, md(c.args.Members[0].Key)...)
			b = append(b, '=')
			b = c.args.Members[0].Val.AppendPython(b)
		}
		b = append(b, ')')
	}
	return string(append(b, ']'))
}

// TestCorpusDeformedCallsComeBack writes every BFCL case's calls with each
// deformation, in prose, and requires the calls back: names and arguments
// in order, streamed in random deltas.
func TestCorpusDeformedCallsComeBack(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	for _, d := range deformations {
		t.Run(d.name, func(t *testing.T) {
			tried, failed := 0, 0
			for n, c := range cases {
				var calls []corpusCall
				var tools []toolcall.Tool
				for _, tool := range c.Tools {
					tools = append(tools, toolcall.Tool{Name: tool.Name})
				}
				for _, call := range c.Calls {
					v, err := jsonvalue.Decode(string(call.Arguments))
					if err != nil {
						t.Fatal(err)
					}
					calls = append(calls, corpusCall{call.Name, v})
				}
				text, ok := d.write(calls)
				if !ok {
					continue
				}
				tried++
				text = "Let me look that up.\n" + text
				res := streamtest.Compare(t, llama4.Format, toolcall.Request{Tools: tools}, streamtest.SeededSplit(text, uint64(n)), allPolicy)
				good := len(res.Calls) == len(calls)
				for i := 0; good && i < len(calls); i++ {
					good = res.Calls[i].Name == calls[i].name && res.Calls[i].Arguments == string(calls[i].args.AppendJSON(nil))
				}
				if !good {
					failed++
					if failed <= 5 {
						t.Errorf("%s: %s\ngave %+v", c.ID, text, res.Calls)
					}
				}
			}
			t.Logf("%s: %d of %d cases read back", d.name, tried-failed, tried)
		})
	}
	_ = stream.Parse
}
