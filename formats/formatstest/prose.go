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
// 49: prose stays prose). Each is content, whole, in every format.
var proseShapes = []struct {
	name, text string
}{
	// A Markdown link whose text is a call list, with prose before it on
	// its line.
	{"a link whose text is a call", "See [reset_database()](https://example.com/docs/reset) for details."},
	{"a link in a list item", "Tools:\n- [reset_database()](https://example.com/docs/reset \"Reset\"): drops every table."},
	{"a link whose text is a call with arguments", "You can call [write_file(path=\"a.txt\", content=\"hi\")](https://example.com/w) later."},
	{"a link at the end of the response", "Details: [reset_database()](https://example.com/docs/reset)"},
	// Tool listings and definitions: arguments that are a schema, or a
	// description beside the name.
	{"a tool listing in JSON lines", "I have these tools:\n{\"name\": \"write_file\", \"parameters\": {\"path\": \"string\", \"content\": \"string\"}}\n{\"name\": \"read_file\", \"parameters\": {\"path\": \"string\"}}\nWhich one should I use?"},
	{"a tool listing that opens the response", "{\"name\": \"read_file\", \"parameters\": {\"path\": {\"type\": \"string\", \"description\": \"Which file\"}}}\nThat is the only one."},
	{"a tool listing as an array", "My tools: [{\"name\": \"read_file\", \"parameters\": {\"path\": \"str\"}}, {\"name\": \"write_file\", \"parameters\": {\"path\": \"str\", \"content\": \"str\"}}]"},
	{"a tool described in one line", "{\"name\": \"reset_database\", \"description\": \"Drops every table.\"}"},
	{"an OpenAI tool definition", "{\"type\": \"function\", \"function\": {\"name\": \"write_file\", \"description\": \"Write a file\", \"parameters\": {\"type\": \"object\", \"properties\": {\"path\": {\"type\": \"string\"}, \"content\": {\"type\": \"string\"}}, \"required\": [\"path\", \"content\"]}}}"},
	{"a JSON Schema as parameters", "It takes:\n{\"name\": \"write_file\", \"parameters\": {\"type\": \"object\", \"properties\": {\"path\": {\"type\": \"string\"}}, \"required\": [\"path\"]}}"},
}

// CheckProse: each prose shape, read by f with policy All, whole and in
// every split, is content, all of it, and no call.
func CheckProse(t *testing.T, f toolcall.Format) {
	t.Helper()
	opts := []stream.Option{stream.StartOutsideReasoning(), stream.WithPolicy(policy.Policy{Mode: policy.All})}
	for _, tc := range proseShapes {
		t.Run(tc.name, func(t *testing.T) {
			streamtest.Expect(t, f, proseRequest, tc.text, tc.text, nil, opts...)
		})
	}
}
