package seedoss_test

import (
	"fmt"

	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Seed-OSS reasons in <seed:think>, then calls. Fed delta by delta, the
// reasoning comes as it is written and the call once it is whole; its
// object argument, written as a Python literal, comes back as JSON typed
// by the schema.
func Example() {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "lookup_order", Parameters: []byte(`{"type":"object","properties":{"order_id":{"type":"integer"},"options":{"type":"object"}}}`)}}}
	s := stream.New(seedoss.Format, req)
	deltas := []string{"<seed:think>The user", " wants the items.</seed:th", "ink>\n<seed:tool_call>\n<function=lookup_order>\n<parameter=order_id>4",
		"2</parameter>\n<parameter=options>{'include_items': True}</parameter>\n</function>\n</seed:tool_call><seed:eos>"}
	for _, d := range deltas {
		for _, e := range s.Feed(d) {
			switch {
			case e.Reasoning != "":
				fmt.Printf("reasoning %q\n", e.Reasoning)
			case e.Call != nil:
				fmt.Println("call", e.Call.Name, e.Call.Arguments)
			}
		}
	}
	fmt.Println(len(s.Close()), "events at close")
	// Output:
	// reasoning "The user"
	// reasoning " wants the items."
	// call lookup_order {"order_id":42,"options":{"include_items":true}}
	// 0 events at close
}

// With thinking off the template sets a thinking budget of 0: a system
// turn tells the model so, and the prompt writes the reasoning it skips.
func ExampleRenderPrompt() {
	off := false
	p, err := seedoss.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi!"}}, nil, toolcall.PromptOptions{Thinking: &off})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", p.Text)
	// Output:
	// "<seed:bos>system\nYou are an intelligent assistant that can answer questions in one step without the need for reasoning and thinking, that is, your thinking budget is 0. Next, please skip the thinking process and directly start answering the user's questions.\n<seed:eos><seed:bos>user\nHi!<seed:eos><seed:bos>assistant\n<seed:think>\n<seed:cot_budget_reflect>The current thinking budget is 0, so I will directly start answering the question.</seed:cot_budget_reflect>\n</seed:think>"
}
