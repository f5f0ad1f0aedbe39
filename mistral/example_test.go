package mistral_test

import (
	"fmt"

	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Mistral Small 3.2 writes each call after its own [TOOL_CALLS], with the
// ID the call keeps.
func Example() {
	text := `Checking both.[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Paris"}[TOOL_CALLS]get_weather[CALL_ID]f5g6h7i8j[ARGS]{"city": "Rome"}`
	res := stream.Parse(mistral.Format, text, toolcall.Request{})
	fmt.Printf("content: %q\n", res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.ID, c.Name, c.Arguments)
	}
	// Output:
	// content: "Checking both."
	// a1b2c3d4e get_weather {"city":"Paris"}
	// f5g6h7i8j get_weather {"city":"Rome"}
}
