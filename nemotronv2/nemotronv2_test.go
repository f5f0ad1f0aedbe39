package nemotronv2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

func TestNemotronV2(t *testing.T) {
	// The rows read on a stream told the prompt left reasoning closed
	// (thinking off, or a turn from the history).
	streamtest.Run(t, nemotronv2.Format, []tc{
		{"keys in any order", `<TOOLCALL>[{"arguments": {"a": 1}, "name": "f"}]</TOOLCALL>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"newlines inside the markers", "<TOOLCALL>\n[{\"name\": \"f\"}]\n</TOOLCALL>", nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"pretty-printed", "<TOOLCALL>[\n  {\n    \"name\": \"f\",\n    \"arguments\": {\"a\": [1, 2]}\n  }\n]</TOOLCALL>", nil, "", []toolcall.Call{streamtest.Call("f", `{"a":[1,2]}`)}},
		{"prose around", "Let me look.\n<TOOLCALL>[{\"name\": \"f\", \"arguments\": {}}]</TOOLCALL>\nDone.", nil, "Let me look.\n\nDone.", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"the marker's words in prose are prose", "Write TOOLCALL in capitals.", nil, "Write TOOLCALL in capitals.", nil},
		{"a fenced array is content", "<TOOLCALL>```json\n[{\"name\": \"f\"}]\n```</TOOLCALL>", nil, "<TOOLCALL>```json\n[{\"name\": \"f\"}]\n```</TOOLCALL>", nil},
		{"the template's own placeholder is no call", `<TOOLCALL>[{{"name": "tool_name1", "arguments": "tool_args1"}}]</TOOLCALL>`, nil, `<TOOLCALL>[{{"name": "tool_name1", "arguments": "tool_args1"}}]</TOOLCALL>`, nil},
	}, stream.StartOutsideReasoning())
}

// array spells Nemotron Nano v2's blocks for formatstest.CheckArray
// (testdata/templates/golden/nemotron_nano_v2): the prompt opens <think>,
// which the model closes (with thinking off the prompt ends
// <think></think>); what follows <SPECIAL_12> is the next turn a server
// that did not stop there wrote.
var array = formatstest.Array{
	Open: "<TOOLCALL>", Close: "</TOOLCALL>", TurnEnd: "<SPECIAL_12>",
	OpenCut: "<TOOLC", CloseCut: "</TOOL", TurnEndCut: "<SPECI",
	ReasoningEnd: "\n</think>\n\n", NextTurn: "<SPECIAL_11>User\nmore",
}

// documents are the format's documents for its promises and fuzz seeds:
// formatstest.ArrayDocuments and the reasoning's markers.
var documents = formatstest.ArrayDocuments(array,
	"<SPECIAL_11>", "<think>", "</think>")

// TestArray: what every format that writes its calls as one array keeps
// (formatstest.CheckArray): the goldens' turns, the shared rows, the
// reasoning, the end of turn, and the promises on documents.
func TestArray(t *testing.T) { formatstest.CheckArray(t, nemotronv2.Format, array, documents) }

// FuzzNemotronV2 checks the stream's promises on any document in random
// deltas, told the prompt opened reasoning, closed it, or nothing.
func FuzzNemotronV2(f *testing.F) {
	formatstest.FuzzArray(f, nemotronv2.Format, documents)
}

// BenchmarkEightCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: Nemotron Nano v2's one array against
// Hermes's eight blocks, the yardstick. The request offers no schemas:
// the parse alone.
func BenchmarkEightCalls(b *testing.B) {
	formatstest.BenchWeatherCalls(b, formatstest.WeatherCalls(), nemotronv2.Format, hermes.Format, stream.StartOutsideReasoning())
}
