package functools_test

import (
	"fmt"

	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Phi-4-mini and FireFunction write their calls as one JSON array after
// the word functools, with no close marker: the calls are complete when
// the array closes. The word in prose is prose.
func Example() {
	text := `I will use functools.partial later. functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Oslo"}}]<|end|>`
	res := stream.Parse(functools.Format, text, toolcall.Request{})
	fmt.Printf("content: %q\n", res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// content: "I will use functools.partial later."
	// get_weather {"city":"Paris"}
	// get_weather {"city":"Oslo"}
}
