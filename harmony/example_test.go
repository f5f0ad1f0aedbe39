package harmony_test

import (
	"fmt"

	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// gpt-oss reasons on the analysis channel, then calls on commentary; the
// server stopped on <|call|>, so it is missing.
func Example() {
	text := `<|channel|>analysis<|message|>Need the weather in Paris.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}`
	res := stream.Parse(harmony.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\n", res.Reasoning)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "Need the weather in Paris."
	// get_weather {"city":"Paris"}
}
