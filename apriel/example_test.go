package apriel_test

import (
	"fmt"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Apriel 1.6 reasons after the "Here are my reasoning steps:" its prompt
// wrote, ends the reasoning with [BEGIN FINAL RESPONSE], then calls with
// IDs of its own; the arguments come back compact, the IDs kept.
func Example() {
	text := "The user wants Paris.\n[BEGIN FINAL RESPONSE]\nLet me check.\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}, \"id\": \"a1B2c3D4e\"}]</tool_calls>\n<|end|>\n"
	res := stream.Parse(apriel.Format, text, toolcall.Request{}, stream.StartInReasoning())
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.ID, c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants Paris."
	// content: "Let me check."
	// a1B2c3D4e get_weather {"city":"Paris"}
}
