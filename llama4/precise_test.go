package llama4_test

import (
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// A bare call after prose on its line that the response's end ends is a
// call, as one that ends its line is (Precise): whole and in every split,
// 1-byte deltas too, it is handed on, and the text around it is content.
// A mention inside a sentence before it stays content.
func TestPreciseCallAtTheEnd(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}
	paris := toolcall.Call{Name: "get_weather", Arguments: `{"city":"Paris"}`}
	rome := toolcall.Call{Name: "get_weather", Arguments: `{"city":"Rome"}`}
	for _, tc := range []struct {
		doc, content string
		calls        []toolcall.Call
	}{
		{`Let me check: get_weather(city="Paris")`, "Let me check:", []toolcall.Call{paris}},
		{`Let me check: get_weather(city="Paris").`, "Let me check: .", []toolcall.Call{paris}},
		{"Let me check: get_weather(city=\"Paris\")  \n", "Let me check:", []toolcall.Call{paris}},
		{`Let me check: get_weather(city="Paris") and get_weather(city="Rome")`, `Let me check: get_weather(city="Paris") and`, []toolcall.Call{rome}},
		{`You can call get_weather(city="Paris") to find out.`, `You can call get_weather(city="Paris") to find out.`, nil},
	} {
		streamtest.Expect(t, llama4.Precise, req, tc.doc, tc.content, tc.calls)
	}
}
