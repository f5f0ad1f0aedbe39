package solaropen_test

import (
	"fmt"

	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Solar Open reasons, then writes its calls with IDs of its own, which
// the stream keeps; the arguments come back compact.
func Example() {
	text := "<|think|>Paris, then.<|end|><|begin|>assistant<|tool_calls|>" +
		"<|tool_call:begin|>k3v9x2m7q1<|tool_call:name|>get_weather<|tool_call:args|>{\"city\": \"Paris\"}<|tool_call:end|><|calls|>"
	res := stream.Parse(solaropen.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.ID, c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "Paris, then."
	// content: ""
	// k3v9x2m7q1 get_weather {"city":"Paris"}
}
