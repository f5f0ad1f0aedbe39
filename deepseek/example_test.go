package deepseek_test

import (
	"fmt"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// V3.1 with thinking on: the prompt opened <think>, so the text before
// </think> is reasoning.
func Example() {
	text := `The user wants the time.</think>Let me check.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`
	res := stream.Parse(deepseek.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants the time."
	// content: "Let me check."
	// get_time {"city":"Paris"}
}
