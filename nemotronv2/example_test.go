package nemotronv2_test

import (
	"fmt"

	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Nemotron Nano v2's prompt opens a <think>: reading the reply for that
// prompt (stream.ForPrompt), the text before </think> is reasoning. The
// model answers, then calls; the arguments come back compact.
func Example() {
	prompt, err := nemotronv2.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Weather in Paris?"}}, nil, toolcall.PromptOptions{})
	if err != nil {
		panic(err)
	}
	reply := "Paris, then.\n</think>\n\nLet me check.\n<TOOLCALL>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]</TOOLCALL>\n<SPECIAL_12>\n"
	res := stream.Parse(nemotronv2.Format, reply, toolcall.Request{}, stream.ForPrompt(prompt))
	fmt.Printf("the prompt opens reasoning: %v\nreasoning: %q\ncontent: %q\n", prompt.InReasoning, res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// the prompt opens reasoning: true
	// reasoning: "Paris, then."
	// content: "Let me check."
	// get_weather {"city":"Paris"}
}
