package cohere_test

import (
	"fmt"

	"github.com/toolparse/toolparse/cohere"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Command R7B plans, then writes its calls as a JSON list in an action,
// numbering them: the numbers are the calls' IDs, which the client sends
// back with each result.
func Example() {
	text := "<|START_THINKING|>I will look the weather up in both cities.<|END_THINKING|><|START_ACTION|>[\n" +
		`    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}},` + "\n" +
		`    {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Oslo"}}` + "\n" +
		"]<|END_ACTION|><|END_OF_TURN_TOKEN|>"
	res := stream.Parse(cohere.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\n", res.Reasoning)
	for _, c := range res.Calls {
		fmt.Println(c.ID, c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "I will look the weather up in both cities."
	// 0 get_weather {"city":"Paris"}
	// 1 get_weather {"city":"Oslo"}
}

// Text to the user stands between <|START_RESPONSE|> and <|END_RESPONSE|>;
// the markers are not content.
func Example_response() {
	res := stream.Parse(cohere.Format, "<|START_RESPONSE|>It is sunny in Paris.<|END_RESPONSE|><|END_OF_TURN_TOKEN|>", toolcall.Request{})
	fmt.Printf("%q, %d calls\n", res.Content, len(res.Calls))
	// Output: "It is sunny in Paris.", 0 calls
}
