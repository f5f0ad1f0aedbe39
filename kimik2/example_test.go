package kimik2_test

import (
	"fmt"

	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Kimi K2's calls keep the model's own IDs, which the client must send
// back with each result.
func Example() {
	text := `Let me look.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`
	res := stream.Parse(kimik2.Format, text, toolcall.Request{}, stream.StartOutsideReasoning())
	fmt.Printf("content: %q\n", res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.ID, c.Name, c.Arguments)
	}
	// Output:
	// content: "Let me look."
	// functions.get_weather:0 get_weather {"city":"Paris"}
}
