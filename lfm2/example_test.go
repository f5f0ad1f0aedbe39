package lfm2_test

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as LFM2 writes them: a Python list between
// markers. LFM2.5 reasons first, then calls, then echoes its list; the
// stream reads the call once and drops the echo.
func Example() {
	block, err := lfm2.RenderCalls([]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Tokyo"}`}})
	if err != nil {
		panic(err)
	}
	fmt.Println(block)
	reply := "<think>The user wants Tokyo.</think>On it." + block + strings.TrimPrefix(block, "<|tool_call_start|>")
	res := stream.Parse(lfm2.Format, reply, toolcall.Request{})
	fmt.Printf("reasoning %q, content %q, %d call: %s %s\n", res.Reasoning, res.Content, len(res.Calls), res.Calls[0].Name, res.Calls[0].Arguments)
	// Output:
	// <|tool_call_start|>[get_weather(city="Tokyo")]<|tool_call_end|>
	// reasoning "The user wants Tokyo.", content "On it.", 1 call: get_weather {"city":"Tokyo"}
}
