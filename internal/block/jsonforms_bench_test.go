package block_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkJSONCallForms parses one 100 KB write_file call written as a
// JSON call object ({"name": ..., "arguments": {...}}: bare, as Llama 3
// writes it, and in a Hermes <tool_call> block) and as Llama 4's
// <function=NAME>{...}</function>, whole, beside encoding/json.Valid on
// the call object's bytes: the yardstick for JSON call forms.
func BenchmarkJSONCallForms(b *testing.B) {
	args := bigCall(100_000)[0].Arguments
	object := `{"name": "write_file", "arguments": ` + args + `}`
	for _, tc := range []struct {
		name string
		f    toolcall.Format
		text string
	}{
		{"llama3_json/object", llama3json.Format, object},
		{"hermes/object", hermes.Format, "<tool_call>\n" + object + "\n</tool_call>"},
		{"llama4/function-tag", llama4.Format, "<function=write_file>" + args + "</function>"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.text)))
			b.ReportAllocs()
			for b.Loop() {
				if res := stream.Parse(tc.f, tc.text, toolcall.Request{}, stream.StartOutsideReasoning()); len(res.Calls) != 1 {
					b.Fatalf("calls = %d", len(res.Calls))
				}
			}
		})
	}
	b.Run("json.Valid", func(b *testing.B) {
		data := []byte(object)
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if !json.Valid(data) {
				b.Fatal("invalid")
			}
		}
	})
}
