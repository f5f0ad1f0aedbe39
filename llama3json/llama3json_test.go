package llama3json_test

import (
	"testing"

	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call, tools = streamtest.Call, streamtest.Tools

func expect(t *testing.T, names []string, doc, content string, calls ...toolcall.Call) {
	t.Helper()
	streamtest.Expect(t, llama3json.Format, toolcall.Request{Tools: tools(names...)}, doc, content, calls)
}

// TestExamples has every example of the llama3_json section of
// FORMATS-MORE.md (prose around calls is kept, unlike vLLM).
func TestExamples(t *testing.T) {
	expect(t, []string{"getOpenIncidentsTool"}, `Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?`,
		"Here is the result:  Would you like to know more?", call("getOpenIncidentsTool", `{}`)) // L1
	expect(t, []string{"searchTool", "getOpenIncidentsTool"}, `{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}}`, "",
		call("searchTool", `{"query":"test1"}`), call("getOpenIncidentsTool", `{}`), call("searchTool", `{"query":"test2"}`)) // L2
	expect(t, nil, `<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}};{"name": "get_tourist_attractions", "parameters": {"city": "Paris"}}`, "",
		call("get_weather", `{"city":"Paris"}`), call("get_tourist_attractions", `{"city":"Paris"}`)) // L3
	expect(t, []string{"parserTool"}, `{"name": "parserTool", "parameters": {"text": "He said \"Hello {world}\""}}`, "",
		call("parserTool", `{"text":"He said \"Hello {world}\""}`)) // L4
	expect(t, nil, `{"name": "toolWithoutParams"}`, `{"name": "toolWithoutParams"}`) // L5
	expect(t, []string{"searchTool"}, `{"name": "searchTool", "parameters": {"query": "test"}} The arguments I passed were {"query": "test"}`,
		`The arguments I passed were {"query": "test"}`, call("searchTool", `{"query":"test"}`)) // L6
	expect(t, nil, `Some intro. <|python_tag|>{"name": "get_weather", "parameters": {}}`, "Some intro.", call("get_weather", `{}`))                                              // L7
	expect(t, []string{"brave_search"}, `<|python_tag|>brave_search.call(query="Who won NBA in 2024?")<|eom_id|>`, "", call("brave_search", `{"query":"Who won NBA in 2024?"}`)) // L8
}

func TestLlama3(t *testing.T) {
	expect(t, []string{"f"}, "{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n{\"name\": \"f\", \"arguments\": {\"a\": 2}}<|eot_id|>", "", call("f", `{"a":1}`), call("f", `{"a":2}`))
	expect(t, []string{"f"}, `{"name": "Alice", "age": 3} is a person.`, `{"name": "Alice", "age": 3} is a person.`)
	expect(t, []string{"f"}, `{"name": "g", "parameters": {}}`, `{"name": "g", "parameters": {}}`)
	expect(t, []string{"f"}, `Use {braces} and {"x": 1} freely.`, `Use {braces} and {"x": 1} freely.`)
	expect(t, []string{"f"}, `{"parameters": {"a": 1}, "name": "f"}`, "", call("f", `{"a":1}`))
	expect(t, nil, `<|python_tag|>brave_search.call(query="x")`, `<|python_tag|>brave_search.call(query="x")`)
	expect(t, []string{"code_interpreter"}, "<|python_tag|>print(1 + 1)<|eom_id|>", "", call("code_interpreter", `{"code":"print(1 + 1)"}`))
	expect(t, nil, `<function=getWeather>{"location":"New York","date":"2023-08-05"}</function>`, "", call("getWeather", `{"location":"New York","date":"2023-08-05"}`))
	// One brace short at the end: closed (Llama 3.2 under vLLM ends so);
	// cut inside a value: content.
	expect(t, []string{"f"}, `{"name": "f", "parameters": {"a": 1}`, "", call("f", `{"a":1}`))
	expect(t, []string{"f"}, `{"name": "f", "parameters": {"a": "x`, `{"name": "f", "parameters": {"a": "x`)
	expect(t, nil, "Hello.<|eot_id|>", "Hello.")
}

var documents = []string{
	`Here: {"name": "f", "parameters": {"q": "a;b"}}; {"name": "g", "parameters": {}} done`,
	`<|python_tag|>{"name": "f", "parameters": {}}<|eom_id|>`,
	`{"name": "Alice"} {x} {"a": {"b": [1]}}`,
	"<|python_tag|>", "<|eot_id|>", "<|eom_id|>", "<function=", "{", `{"name"`,
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormatRequest(t, llama3json.Format, toolcall.Request{Tools: tools("f", "g")}, documents)
}

// FuzzLlama3JSON checks the stream's promises on any document in random
// deltas.
func FuzzLlama3JSON(f *testing.F) {
	streamtest.Fuzz(f, llama3json.Format, toolcall.Request{Tools: tools("f")}, documents)
}
