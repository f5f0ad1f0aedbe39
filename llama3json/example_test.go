package llama3json_test

import (
	"fmt"

	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Llama 3 writes JSON calls with no marker: an object naming a requested
// tool is a call, and the prose around it stays.
func Example() {
	text := `Let me check. {"name": "get_weather", "parameters": {"city": "Paris"}}`
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}
	res := stream.Parse(llama3json.Format, text, req)
	fmt.Printf("content: %q\n", res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// content: "Let me check."
	// get_weather {"city":"Paris"}
}
