package llama4_test

import (
	"fmt"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Llama 4 writes calls in several forms; all of them come back as calls.
func Example() {
	text := "I'll look.\n<function=get_weather>{\"city\": \"Paris\"}</function>\n[get_weather(city='Oslo')]<|eom|>"
	res := stream.Parse(llama4.Format, text, toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}})
	fmt.Printf("content: %q\n", res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// content: "I'll look."
	// get_weather {"city":"Paris"}
	// get_weather {"city":"Oslo"}
}

func ExampleRenderPrompt() {
	msgs := []toolcall.Message{
		{Role: "user", Content: "Weather in SF?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "c1", Name: "get_weather", Arguments: `{"city":"San Francisco"}`}}},
		{Role: "tool", ToolCallID: "c1", Content: `{"temp_f": 64}`},
	}
	prompt, _ := llama4.RenderPrompt(msgs, nil, toolcall.PromptOptions{})
	fmt.Printf("%q\n", prompt.Text)
	// Output:
	// "<|begin_of_text|><|header_start|>user<|header_end|>\n\nWeather in SF?<|eot|><|header_start|>assistant<|header_end|>\n\n[get_weather(city=\"San Francisco\")]<|eom|><|header_start|>ipython<|header_end|>\n\n{\"temp_f\": 64}<|eom|><|header_start|>assistant<|header_end|>\n\n"
}

func ExampleStructuralTag() {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"}}}`)}}, ToolChoice: "required"}
	tag, _ := llama4.StructuralTag(req)
	fmt.Println(string(tag))
	// Output:
	// {"type":"structural_tag","format":{"type":"triggered_tags","triggers":["<function="],"tags":[{"begin":"<function=get_weather>","content":{"type":"json_schema","json_schema":{"type":"object","properties":{"city":{"type":"string"}}}},"end":"</function>"}],"at_least_one":true,"stop_after_first":false}}
}
