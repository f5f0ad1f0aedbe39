package apertus_test

import (
	"fmt"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Apertus reasons between <|inner_prefix|> and <|inner_suffix|> when
// deliberation is enabled, then calls, each call named by its object's
// key; the arguments come back compact.
func Example() {
	text := `<|inner_prefix|>Paris, then.<|inner_suffix|>Let me check.<|tools_prefix|>[{"get_weather": {"city": "Paris"}}]<|tools_suffix|>`
	res := stream.Parse(apertus.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "Paris, then."
	// content: "Let me check."
	// get_weather {"city":"Paris"}
}
