package llama4_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// A 100 KB write_file call inside <|python_start|> streams its arguments
// in pieces with argument streaming on, as a plain list does (before, the
// block's call arrived in one piece), and the pieces add up to the call.
func TestPythonBlockStreamsArguments(t *testing.T) {
	content := strings.Repeat(`line of the file\n`, 6000)
	for _, text := range []string{
		`<|python_start|>[write_file(path="a.txt", content="` + content + `")]<|python_end|>`,
		`[write_file(path="a.txt", content="` + content + `")]`,
	} {
		req := toolcall.Request{Tools: []toolcall.Tool{{Name: "write_file"}}}
		whole := stream.Parse(llama4.Format, text, req)
		s := stream.New(llama4.Format, req, stream.WithArgumentStreaming())
		frags := 0
		var args strings.Builder
		var calls []toolcall.Call
		take := func(evs []toolcall.Event) {
			for _, e := range evs {
				if e.Delta != nil && e.Delta.Kind == toolcall.ArgumentsFragment {
					frags++
					args.WriteString(e.Delta.Arguments)
				}
				if e.Call != nil {
					calls = append(calls, *e.Call)
				}
			}
		}
		for i := 0; i < len(text); i += 4 {
			take(s.Feed(text[i:min(i+4, len(text))]))
		}
		take(s.Close())
		if len(calls) != 1 || len(whole.Calls) != 1 || calls[0].Arguments != whole.Calls[0].Arguments || calls[0].Arguments != args.String() {
			t.Fatalf("%.30q: %d calls; the fragments do not add up to the whole text's call", text, len(calls))
		}
		if frags < 1000 {
			t.Errorf("%.30q: the call's 100 KB arrived in %d pieces", text, frags)
		}
	}
}
