package minimax_test

import (
	"fmt"

	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// MiniMax-M2 reasons inside the <think> its prompt opened, then answers
// and calls; a value typed by the tool's schema comes back typed.
func Example() {
	text := "The user wants Paris.\n</think>\n\nLet me check.\n<minimax:tool_call>\n<invoke name=\"get_weather\">\n" +
		"<parameter name=\"city\">Paris</parameter>\n<parameter name=\"days\">3</parameter>\n</invoke>\n</minimax:tool_call>[e~["
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}}}`)}}}
	res := stream.Parse(minimax.Format, text, req, stream.StartInReasoning())
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants Paris."
	// content: "Let me check."
	// get_weather {"city":"Paris","days":3}
}

// RenderPrompt writes the prompt MiniMax-M2's template writes; it ends
// inside the reasoning it opens, which the stream is told with ForPrompt.
func ExampleRenderPrompt() {
	p, err := minimax.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi!"}}, nil, toolcall.PromptOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n%v\n", p.Text, p.InReasoning)
	// Output:
	// "]~!b[]~b]system\nYou are a helpful assistant.[e~[\n]~b]user\nHi![e~[\n]~b]ai\n<think>\n"
	// true
}
