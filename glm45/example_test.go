package glm45_test

import (
	"encoding/json"
	"fmt"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// GLM-4.7's prompt opens reasoning: the text before </think> is
// reasoning. With argument streaming, a call is announced once its first
// argument is read, and its arguments, typed by the tool's schema, are
// the call's compact arguments.
func Example() {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather", Parameters: json.RawMessage(
		`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}}}`)}}}
	s := stream.New(glm45.Format, req, stream.WithArgumentStreaming())
	show := func(evs []toolcall.Event) { // valid until the next Feed
		for _, e := range evs {
			switch {
			case e.Reasoning != "":
				fmt.Printf("reasoning: %q\n", e.Reasoning)
			case e.Delta != nil && e.Delta.Kind == toolcall.CallStarted:
				fmt.Println("call started:", e.Delta.Name)
			case e.Delta != nil && e.Delta.Kind == toolcall.ArgumentsFragment:
				fmt.Println("arguments:", e.Delta.Arguments)
			case e.Call != nil:
				fmt.Println("call:", e.Call.Name, e.Call.Arguments)
			}
		}
	}
	for _, delta := range []string{
		"The user wants two days.</think><tool_call>get_weather\n",
		"<arg_key>city</arg_key>\n<arg_value>Par", "is</arg_value>\n",
		"<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>",
	} {
		fmt.Printf("feed %q\n", delta)
		show(s.Feed(delta))
	}
	show(s.Close())
	// Output:
	// feed "The user wants two days.</think><tool_call>get_weather\n"
	// reasoning: "The user wants two days."
	// feed "<arg_key>city</arg_key>\n<arg_value>Par"
	// feed "is</arg_value>\n"
	// call started: get_weather
	// feed "<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>"
	// arguments: {"city":"Paris","days":2}
	// call: get_weather {"city":"Paris","days":2}
}
