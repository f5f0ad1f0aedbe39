package dsml_test

import (
	"fmt"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// DeepSeek-V4.1 with thinking on: the prompt opened the reasoning; the
// tag says each value's type, and a string is raw text, tags and all.
func Example() {
	p, _ := dsml.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Save it."}}, nil, toolcall.PromptOptions{})
	text := "The user wants a note.</think>Saving it.\n\n<｜DSML｜ calls>\n<｜DSML｜ invoke name=\"write_note\">\n" +
		"<｜DSML｜ parameter name=\"path\" string=\"true\">a.txt</｜DSML｜ parameter>\n" +
		"<｜DSML｜ parameter name=\"text\" string=\"true\">Say \"hi\" </｜DSML｜ parameter> <b></｜DSML｜ parameter>\n" +
		"<｜DSML｜ parameter name=\"lines\" string=\"false\">3</｜DSML｜ parameter>\n" +
		"</｜DSML｜ invoke>\n</｜DSML｜ calls><｜end▁of▁sentence｜>"
	res := stream.Parse(dsml.Format, text, toolcall.Request{}, stream.ForPrompt(p))
	fmt.Printf("reasoning: %q\ncontent: %q\n", res.Reasoning, res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// reasoning: "The user wants a note."
	// content: "Saving it."
	// write_note {"path":"a.txt","text":"Say \"hi\" </｜DSML｜ parameter> <b>","lines":3}
}

// RenderCallsFor writes a profile's spelling: DeepSeek-V3.2's here.
func ExampleRenderCallsFor() {
	text, _ := dsml.RenderCallsFor(dsml.ProfileV32, []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris","days":3}`}})
	fmt.Println(text)
	// Output:
	// <｜DSML｜function_calls>
	// <｜DSML｜invoke name="get_weather">
	// <｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>
	// <｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>
	// </｜DSML｜invoke>
	// </｜DSML｜function_calls>
}
