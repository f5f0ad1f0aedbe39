package minimaxm3_test

import (
	"fmt"

	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// MiniMax-M3 thinks in <mm:think> tags, then calls: every tag after the
// namespace token, each argument an element, nested values nested
// elements, typed by the tool's schema.
func Example() {
	text := "<mm:think>The user wants Paris.</mm:think>Let me check." +
		"]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name=\"get_weather\">" +
		"]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[<days>3]<]minimax[>[</days>" +
		"]<]minimax[>[<units>]<]minimax[>[<item>C]<]minimax[>[</item>]<]minimax[>[<item>F]<]minimax[>[</item>]<]minimax[>[</units>" +
		"]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>[e~["
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather", Parameters: []byte(
		`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"},"units":{"type":"array","items":{"type":"string"}}}}`)}}}
	res := stream.Parse(minimaxm3.Format, text, req, stream.StartOutsideReasoning())
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants Paris."
	// content: "Let me check."
	// get_weather {"city":"Paris","days":3,"units":["C","F"]}
}

// RenderCalls writes calls as the template does: one block, each argument
// an element, an array's items elements named item.
func ExampleRenderCalls() {
	text, err := minimaxm3.RenderCalls([]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris","units":["C"]}`}})
	if err != nil {
		panic(err)
	}
	fmt.Println(text)
	// Output:
	// ]<]minimax[>[<tool_call>
	// ]<]minimax[>[<invoke name="get_weather">]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[<units>]<]minimax[>[<item>C]<]minimax[>[</item>]<]minimax[>[</units>]<]minimax[>[</invoke>
	// ]<]minimax[>[</tool_call>
}
