package lfm2_test

import (
	"fmt"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// LFM2.5 reasons first, then calls, then echoes its block. Streamed in
// deltas, the reasoning and the content arrive as they are read, the call
// once its block closes; the echo is dropped.
func Example() {
	s := stream.New(lfm2.Format, toolcall.Request{})
	show := func(evs []toolcall.Event) {
		for _, e := range evs {
			switch {
			case e.Reasoning != "":
				fmt.Printf("reasoning %q\n", e.Reasoning)
			case e.Content != "":
				fmt.Printf("content %q\n", e.Content)
			case e.Call != nil:
				fmt.Println("call", e.Call.Name, e.Call.Arguments)
			}
		}
	}
	for _, delta := range []string{
		"<think>The user wants Tokyo.</think>On it.",
		"<|tool_call_start|>[get_weather(city=", "\"Tokyo\")]<|tool_call_end|>",
		"[get_weather(city=\"Tokyo\")]<|tool_call_end|>",
	} {
		show(s.Feed(delta))
	}
	show(s.Close())
	// Output:
	// reasoning "The user wants Tokyo."
	// content "On it."
	// call get_weather {"city":"Tokyo"}
}
