package deepseek_test

import (
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// TestExamples has every example of the deepseek section of
// FORMATS-MORE.md.
func TestExamples(t *testing.T) {
	streamtest.RunReasoning(t, deepseek.Format, nil, []streamtest.ReasoningCase{
		{Name: "D1", Doc: "</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>special_function\n```json\n{\"arg1\": 1}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
			Calls: []toolcall.Call{call("special_function", `{"arg1":1}`)}},
		{Name: "D2", Doc: "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{\"city\":\"Shanghai\"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_tourist_attractions\n```json\n{\"city\": \"Beijing\"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
			Calls: []toolcall.Call{call("get_weather", `{"city":"Shanghai"}`), call("get_tourist_attractions", `{"city":"Beijing"}`)}},
		{Name: "D3", Doc: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"city": "XYZCITY"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
			Calls: []toolcall.Call{call("get_time", `{"city":"XYZCITY"}`)}},
		{Name: "D4", Doc: `REASONING</think>CONTENT<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
			Reasoning: "REASONING", Content: "CONTENT", Calls: []toolcall.Call{call("get_time", `{"city":"Paris"}`), call("get_weather", `{"city":"Paris"}`)}},
		{Name: "D5", Doc: `I'll help you.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"Tokyo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>完成 ✅`,
			Content: "I'll help you.完成 ✅", Calls: []toolcall.Call{call("get_weather", `{"location":"Tokyo"}`)}},
	})
}

func TestDeepSeek(t *testing.T) {
	expect := streamtest.Expecter(deepseek.Format, toolcall.Request{})
	expect(t, "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{\n  \"a\": [1,\n 2]\n}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>", "", "", call("f", `{"a":[1,2]}`))
	expect(t, "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{\"a\": 1}", "", "", call("f", `{"a":1}`))
	expect(t, "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{\"a\": 1}<｜tool▁call▁begin｜>g<｜tool▁sep｜>{}", "", "", call("f", `{"a":1}`), call("g", `{}`))
	expect(t, "<｜tool▁call▁begin｜>f<｜tool▁sep｜>{\"a\": 1}<｜tool▁call▁end｜>", "", "", call("f", `{"a":1}`))
	expect(t, "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{broken<｜tool▁call▁end｜><｜tool▁call▁begin｜>g<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", "",
		"<｜tool▁call▁begin｜>f<｜tool▁sep｜>{broken<｜tool▁call▁end｜>", call("g", `{}`))
	expect(t, "<｜tool▁calls▁begin｜>nothing<｜tool▁calls▁end｜>", "", "<｜tool▁calls▁begin｜>nothing<｜tool▁calls▁end｜>")
	expect(t, "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{\"s\": \"a\\nb 東京\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", "", "", call("f", `{"s":"a\nb 東京"}`))
	expect(t, "Answer only.", "", "Answer only.")
	expect(t, "<think>Hmm</think>Answer.", "Hmm", "Answer.")
	streamtest.ExpectReasoning(t, deepseek.Format, toolcall.Request{}, "Still thinking <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{}", "Still thinking", "",
		[]toolcall.Call{call("f", `{}`)}, stream.StartInReasoning())
}

var documents = []string{
	"</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>special_function\n```json\n{\"arg1\": 1}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
	`R</think>C<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>after`,
	"<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>", "<｜tool▁sep｜>", "<｜tool▁call▁end｜>", "<｜end▁of▁sentence｜>", "<think>", "</think>",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormat(t, deepseek.Format, documents)
}

// FuzzDeepSeek checks the stream's promises on any document in random
// deltas.
func FuzzDeepSeek(f *testing.F) {
	streamtest.Fuzz(f, deepseek.Format, toolcall.Request{}, documents)
}
