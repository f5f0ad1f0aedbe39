package lfm2_test

import (
	"fmt"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// LFM2.5 reasons first, then calls; its echo of the block is dropped.
func Example() {
	text := "<think>The user wants Tokyo.</think>On it.<|tool_call_start|>[get_weather(city=\"Tokyo\")]<|tool_call_end|>[get_weather(city=\"Tokyo\")]<|tool_call_end|>"
	res := stream.Parse(lfm2.Format, text, toolcall.Request{})
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants Tokyo."
	// content: "On it."
	// get_weather {"city":"Tokyo"}
}
