package glm45_test

import (
	"testing"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// A value's close tag cut short by a <think> (which the stream takes out
// of the text) made the tag's match fail inside bytes of an earlier delta,
// and the body's scan went back before the delta's start: a panic, found
// by rapid. Every split of it now reads as the whole text does.
func TestACloseTagCutByReasoning(t *testing.T) {
	doc := "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</t<think>"
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"}}}`)}}}
	whole := stream.Parse(glm45.Format, doc, req, stream.WithIDs(func(toolcall.Call) string { return "x" }))
	for i := 0; i <= len(doc); i++ {
		for j := i; j <= len(doc); j++ {
			s := stream.New(glm45.Format, req, stream.WithIDs(func(toolcall.Call) string { return "x" }))
			var content string
			var calls int
			for _, d := range []string{doc[:i], doc[i:j], doc[j:]} {
				for _, e := range s.Feed(d) {
					content += e.Content
					calls += btoi(e.Call != nil)
				}
			}
			for _, e := range s.Close() {
				content += e.Content
				calls += btoi(e.Call != nil)
			}
			if content != whole.Content || calls != len(whole.Calls) {
				t.Fatalf("split at %d, %d: content %q and %d calls; whole: %q and %d", i, j, content, calls, whole.Content, len(whole.Calls))
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
