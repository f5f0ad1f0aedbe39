package glm45_test

import (
	"encoding/json"
	"fmt"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// GLM-4.7's prompt opens reasoning: the text before </think> is reasoning.
// Its compact calls type their values by the tool's schema.
func Example() {
	text := "The user wants two days.</think><tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>days</arg_key><arg_value>2</arg_value></tool_call>"
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather", Parameters: json.RawMessage(
		`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}}}`)}}}
	res := stream.Parse(glm45.Format, text, req)
	fmt.Printf("reasoning: %q\n", res.Reasoning)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants two days."
	// get_weather {"city":"Paris","days":2}
}
