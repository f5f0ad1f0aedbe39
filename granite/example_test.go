package granite_test

import (
	"fmt"

	"github.com/toolparse/toolparse/granite"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Granite 3.3 with thinking on reasons in <think>, answers in
// <response>, and calls with <|tool_call|> and an array that ends the
// calls; the arguments come back compact.
func Example() {
	text := `<think>Paris, then.</think><response>Let me check.</response><|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|end_of_text|>`
	res := stream.Parse(granite.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "Paris, then."
	// content: "Let me check."
	// get_weather {"city":"Paris"}
}
