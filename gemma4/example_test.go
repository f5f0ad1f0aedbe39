package gemma4_test

import (
	"fmt"

	"github.com/toolparse/toolparse/gemma4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Gemma 4 with thinking on opens its thought channel, then calls; a
// string between <|"|> is raw text, markers and quotes included.
func Example() {
	text := "<|channel>thought\nThe user wants a note.\n<channel|>Saving it." +
		`<|tool_call>call:write_note{path:<|"|>a.txt<|"|>,text:<|"|>Say "hi" <tool_call|><|"|>}<tool_call|><|tool_response>`
	res := stream.Parse(gemma4.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants a note."
	// content: "Saving it."
	// write_note {"path":"a.txt","text":"Say \"hi\" <tool_call|>"}
}

// RenderPrompt writes Gemma 4's template; the model's answer starts
// outside reasoning either way.
func ExampleRenderPrompt() {
	msgs := []toolcall.Message{{Role: "system", Content: "Be brief."}, {Role: "user", Content: "Hi"}}
	p, _ := gemma4.RenderPrompt(msgs, nil, toolcall.PromptOptions{Thinking: new(true)})
	fmt.Printf("%q %v\n", p.Text, p.InReasoning)
	// Output:
	// "<bos><|turn>system\n<|think|>\nBe brief.<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n" false
}
