package gigachat_test

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// GigaChat 3 answers, then writes its call as a message of its own;
// GigaChat 3.1 writes it after <|function_call|>. Both read alike, the
// arguments compact.
func Example() {
	for _, text := range []string{
		"Let me check.<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</s>",
		"Let me check.<|function_call|>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</s>",
	} {
		res := stream.Parse(gigachat.Format, text, toolcall.Request{})
		fmt.Printf("content: %q\n", res.Content)
		for _, c := range res.Calls {
			fmt.Println(c.Name, c.Arguments)
		}
	}
	// Output:
	// content: "Let me check."
	// get_weather {"city":"Paris"}
	// content: "Let me check."
	// get_weather {"city":"Paris"}
}

// GigaChat 3.1's prompt describes the tools in TypeScript and opens the
// assistant's message.
func ExampleRenderPrompt() {
	tools := []toolcall.Tool{{Name: "get_weather", Description: "Weather for a city.",
		Parameters: []byte(`{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}`)}}
	p, err := gigachat.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Weather in Paris?"}}, tools, toolcall.PromptOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Text[strings.Index(p.Text, "function descriptions<|role_sep|>"):])
	// Output:
	// function descriptions<|role_sep|>
	// namespace functions {
	// // Weather for a city.
	// type get_weather = (_: {
	//   city: string,
	// }) => any;
	//
	// } // namespace functions
	//
	// <|message_sep|>
	//
	// user<|role_sep|>
	// Weather in Paris?<|message_sep|>
	//
	// assistant<|role_sep|>
}
