package hermes_test

import (
	"fmt"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Qwen3 reasons, says a word, then calls; the arguments come back compact.
func Example() {
	text := "<think>Paris, then.</think>\n\nLet me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call><|im_end|>"
	res := stream.Parse(hermes.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "Paris, then."
	// content: "Let me check."
	// get_weather {"city":"Paris"}
}
