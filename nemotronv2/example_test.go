package nemotronv2_test

import (
	"fmt"

	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Nemotron Nano v2 reasons inside the <think> its prompt opened, answers,
// then calls; the arguments come back compact.
func Example() {
	text := "Paris, then.\n</think>\n\nLet me check.\n<TOOLCALL>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]</TOOLCALL>\n<SPECIAL_12>\n"
	res := stream.Parse(nemotronv2.Format, text, toolcall.Request{}, stream.StartInReasoning())
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "Paris, then."
	// content: "Let me check."
	// get_weather {"city":"Paris"}
}
