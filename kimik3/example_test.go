package kimik3_test

import (
	"fmt"

	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Kimi K3 reasons in the think channel its prompt opened, answers in the
// response channel, then calls; a number argument comes back a number.
func Example() {
	text := `Paris, then.<|close|>think<|sep|><|open|>response<|sep|>Let me check.<|close|>response<|sep|>` +
		`<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>` +
		`<|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|>` +
		`<|open|>argument key="days" type="number"<|sep|>3<|close|>argument<|sep|>` +
		`<|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|><|end_of_msg|>`
	res := stream.Parse(kimik3.Format, text, toolcall.Request{}, stream.ForPrompt(toolcall.Prompt{InReasoning: true}))
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "Paris, then."
	// content: "Let me check."
	// get_weather {"city":"Paris","days":3}
}
