package formatstest

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// proseRequest offers the tools the prose shapes talk about: a write and a
// read with required keys, and a reset with none.
var proseRequest = toolcall.Request{Tools: []toolcall.Tool{
	{Name: "write_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)},
	{Name: "read_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
	{Name: "reset_database", Parameters: json.RawMessage(`{"type":"object","properties":{}}`)},
}}

// proseShapes are answers that talk about tools without calling one (issue
// 49: prose stays prose). Each is content, whole, in every format; a
// fenced one, in a format's Strict reading when it has one.
var proseShapes = []struct {
	name, text string
	// fenced: a call shown in a code fence opened after prose, which a
	// format's lenient reading may read (llama4 without Precise).
	fenced bool
}{
	// A Markdown link whose text is a call list, with prose before it on
	// its line.
	{"a link whose text is a call", "See [reset_database()](https://example.com/docs/reset) for details.", false},
	{"a link in a list item", "Tools:\n- [reset_database()](https://example.com/docs/reset \"Reset\"): drops every table.", false},
	{"a link whose text is a call with arguments", "You can call [write_file(path=\"a.txt\", content=\"hi\")](https://example.com/w) later.", false},
	{"a link at the end of the response", "Details: [reset_database()](https://example.com/docs/reset)", false},
	// Tool listings and definitions: arguments that are a schema, or a
	// description beside the name.
	{"a tool listing in JSON lines", "I have these tools:\n{\"name\": \"write_file\", \"parameters\": {\"path\": \"string\", \"content\": \"string\"}}\n{\"name\": \"read_file\", \"parameters\": {\"path\": \"string\"}}\nWhich one should I use?", false},
	{"a tool listing that opens the response", "{\"name\": \"read_file\", \"parameters\": {\"path\": {\"type\": \"string\", \"description\": \"Which file\"}}}\nThat is the only one.", false},
	{"a tool listing as an array", "My tools: [{\"name\": \"read_file\", \"parameters\": {\"path\": \"str\"}}, {\"name\": \"write_file\", \"parameters\": {\"path\": \"str\", \"content\": \"str\"}}]", false},
	{"a tool described in one line", "{\"name\": \"reset_database\", \"description\": \"Drops every table.\"}", false},
	{"an OpenAI tool definition", "{\"type\": \"function\", \"function\": {\"name\": \"write_file\", \"description\": \"Write a file\", \"parameters\": {\"type\": \"object\", \"properties\": {\"path\": {\"type\": \"string\"}, \"content\": {\"type\": \"string\"}}, \"required\": [\"path\", \"content\"]}}}", false},
	{"a JSON Schema as parameters", "It takes:\n{\"name\": \"write_file\", \"parameters\": {\"type\": \"object\", \"properties\": {\"path\": {\"type\": \"string\"}}, \"required\": [\"path\"]}}", false},
	// A call object shown in a code fence after prose: an example.
	{"a call object in a fence after prose", "To write it, send this body:\n```json\n{\"name\": \"write_file\", \"arguments\": {\"path\": \"a.txt\", \"content\": \"hi\"}}\n```", true},
	{"an array of call objects in a fence after prose", "For example:\n```\n[{\"name\": \"read_file\", \"arguments\": {\"path\": \"a.txt\"}}]\n```\nThat reads it.", true},
	{"a pretty-printed call object in a fence after prose", "Send:\n\n```json\n{\n  \"name\": \"read_file\",\n  \"parameters\": {\"path\": \"a.txt\"}\n}\n```", true},
}

// CheckProse: each prose shape, read by f with policy All, whole and in
// every split, is content, all of it, and no call.
func CheckProse(t *testing.T, f toolcall.Format) {
	t.Helper()
	checkProse(t, f, true)
}

// CheckProseLenient is CheckProse for the lenient reading of a format
// that has a Strict one (toolcall.Descriptor): calls shown in a code fence
// opened after prose may be calls in it.
func CheckProseLenient(t *testing.T, f toolcall.Format) {
	t.Helper()
	checkProse(t, f, false)
}

func checkProse(t *testing.T, f toolcall.Format, fences bool) {
	t.Helper()
	opts := []stream.Option{stream.StartOutsideReasoning(), stream.WithPolicy(policy.Policy{Mode: policy.All})}
	for _, tc := range proseShapes {
		if tc.fenced && !fences {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			streamtest.Expect(t, f, proseRequest, tc.text, tc.text, nil, opts...)
		})
	}
}

// CheckOpeningFenceIsRead: a get_weather call object in a code fence
// that opens the response is a call, read by f with WeatherTools (Expect,
// whole and split, the empty fence left as content); after prose, the
// same fence is an example: content, no call, one policy diagnostic.
func CheckOpeningFenceIsRead(t *testing.T, f toolcall.Format) {
	t.Helper()
	req := WeatherTools()
	call := "```json\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n```"
	streamtest.Expect(t, f, req, call, "```json\n\n```", Weather(`{"city":"Paris"}`))
	res := stream.Parse(f, "Like this:\n"+call, req)
	if len(res.Calls) != 0 || len(res.Diagnostics) != 1 || res.Diagnostics[0].Kind != toolcall.KindPolicy {
		t.Errorf("after prose: %+v, want no call and a policy diagnostic", res)
	}
}
