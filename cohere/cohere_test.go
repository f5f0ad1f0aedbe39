package cohere_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/cohere"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func call(name, args string) toolcall.Call { return toolcall.Call{Name: name, Arguments: args} }

// The arguments of the goldens' calls.
const noteArgs, orderArgs = formatstest.NoteArgs, formatstest.OrderArgs

var twoTools = toolcall.Request{Tools: streamtest.Tools("write_note", "lookup_order")}

// goldenTurns are the assistant turns of the command_r7b goldens, as the
// template writes them: what the model writes after the turn's header
// (the empty reasoning block is the prompt's when thinking is off).
var goldenTurns = []struct {
	name, golden, turn string
	reasoning, content string
	calls              []toolcall.Call
	ids                []string
}{
	{"two calls", "tools", "<|START_THINKING|><|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"write_note\", \"parameters\": " + noteArgs + "},\n    {\"tool_call_id\": \"1\", \"tool_name\": \"lookup_order\", \"parameters\": " + orderArgs + "}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>",
		"", "", []toolcall.Call{call("write_note", noteArgs), call("lookup_order", orderArgs)}, []string{"0", "1"}},
	{"one call", "tools_one_call", "<|START_THINKING|><|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"lookup_order\", \"parameters\": " + orderArgs + "}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>",
		"", "", []toolcall.Call{call("lookup_order", orderArgs)}, []string{"0"}},
	{"a plan, then a call", "reasoning_call", "<|START_THINKING|>I should look the order up.<|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"lookup_order\", \"parameters\": {\"order_id\": 42}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>",
		"I should look the order up.", "", []toolcall.Call{call("lookup_order", `{"order_id": 42}`)}, []string{"0"}},
	{"a response after the results", "tools_answered", "<|START_RESPONSE|>Saved the note; order 42 has shipped.<|END_RESPONSE|><|END_OF_TURN_TOKEN|>",
		"", "Saved the note; order 42 has shipped.", nil, nil},
	{"a response", "reasoning", "<|START_RESPONSE|>4.<|END_RESPONSE|><|END_OF_TURN_TOKEN|>",
		"", "4.", nil, nil},
}

// Each golden assistant turn reads as what the template was given: the
// calls with the model's IDs, the plan as reasoning, the response as
// content, in every split.
func TestGoldenTurns(t *testing.T) {
	for _, g := range goldenTurns {
		t.Run(g.name, func(t *testing.T) {
			golden, err := os.ReadFile(filepath.Join("testdata", "templates", "golden", "command_r7b", g.golden+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(golden), "<|CHATBOT_TOKEN|>"+g.turn) {
				t.Fatalf("the golden %s holds no turn %q", g.golden, g.turn)
			}
			streamtest.ExpectReasoning(t, cohere.Format, twoTools, g.turn, g.reasoning, g.content, g.calls)
			res := stream.Parse(cohere.Format, g.turn, twoTools)
			for i, id := range g.ids {
				if res.Calls[i].ID != id {
					t.Errorf("call %d: ID %q, want the model's %q", i, res.Calls[i].ID, id)
				}
			}
			if len(res.Diagnostics) != 0 {
				t.Errorf("diagnostics: %+v", res.Diagnostics)
			}
		})
	}
}

// What else the model writes, and what is no call.
func TestShapes(t *testing.T) {
	req := toolcall.Request{Tools: streamtest.Tools("f", "g")}
	for _, tc := range []struct {
		name, doc, reasoning, content string
		calls                         []toolcall.Call
		diagnosed                     bool
	}{
		{"Command A's text markers", "<|START_TEXT|>Hello.<|END_TEXT|><|END_OF_TURN_TOKEN|>", "", "Hello.", nil, false},
		{"text with no markers", "Hello.", "", "Hello.", nil, false},
		{"a plan, an action, no end of turn", `<|START_THINKING|>Use f.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"a": 1}}]<|END_ACTION|>`, "Use f.", "", []toolcall.Call{call("f", `{"a":1}`)}, false},
		{"an action ends the plan", `<|START_THINKING|>Use f.<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}]<|END_ACTION|>`, "Use f.", "", []toolcall.Call{call("f", `{}`)}, false},
		{"a response ends the plan", `<|START_THINKING|>Easy.<|START_RESPONSE|>Hi.<|END_RESPONSE|>`, "Easy.", "Hi.", nil, false},
		{"a response and an action", `<|START_RESPONSE|>Let me look.<|END_RESPONSE|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}]<|END_ACTION|>`, "", "Let me look.", []toolcall.Call{call("f", `{}`)}, false},
		{"two actions", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}]<|END_ACTION|><|START_ACTION|>[{"tool_call_id": "1", "tool_name": "g", "parameters": {"b": [1, 2]}}]<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{}`), call("g", `{"b":[1,2]}`)}, false},
		{"no parameters", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f"}]<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{}`)}, false},
		{"parameters as a string", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": "{\"a\": 1}"}]<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{"a":1}`)}, false},
		{"one object, no list", `<|START_ACTION|>{"tool_call_id": "0", "tool_name": "f", "parameters": {"a": 1}}<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{"a":1}`)}, false},
		{"the markers in a string", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"s": "<|END_ACTION|><|END_OF_TURN_TOKEN|>"}}]<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{"s":"<|END_ACTION|><|END_OF_TURN_TOKEN|>"}`)}, false},
		{"the end marker missing at the end of the turn", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}]<|END_OF_TURN_TOKEN|>`, "", "", []toolcall.Call{call("f", `{}`)}, false},
		{"a stray end of reasoning", "<|END_THINKING|>Hi.", "", "Hi.", nil, false},
		{"an empty list", "<|START_ACTION|>[]<|END_ACTION|>Hi.", "", "Hi.", nil, false},
		{"Python literals", `<|START_ACTION|>[{'tool_call_id': '0', 'tool_name': 'f', 'parameters': {'ok': True, 'n': None}}]<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{"ok":true,"n":null}`)}, false},
		{"the end marker missing at the end of the response", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}]`, "", "", []toolcall.Call{call("f", `{}`)}, false},
		{"the other spellings", `<|START_ACTION|>[{"id": "0", "name": "f", "arguments": {"a": 1}}]<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{"a":1}`)}, false},
		{"Command A's text, then an action", `<|START_TEXT|>Looking.<|END_TEXT|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}]<|END_ACTION|>`, "", "Looking.", []toolcall.Call{call("f", `{}`)}, false},
		{"a plan ended by Command A's text", `<|START_THINKING|>Easy.<|START_TEXT|>Hi.<|END_TEXT|>`, "Easy.", "Hi.", nil, false},
		{"non-ASCII", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"city": "Zürich 東京"}}]<|END_ACTION|>`, "", "", []toolcall.Call{call("f", `{"city":"Zürich 東京"}`)}, false},

		{"broken JSON is content", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"a": }]<|END_ACTION|>`, "", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"a": }]<|END_ACTION|>`, nil, true},
		{"an element that is no call is content", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f"}, 7]<|END_ACTION|>`, "", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f"}, 7]<|END_ACTION|>`, nil, true},
		{"prose in an action is content", `<|START_ACTION|>I will call f.<|END_ACTION|>`, "", `<|START_ACTION|>I will call f.<|END_ACTION|>`, nil, true},
		{"a cut-off action is content", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"a": 1}}`, "", `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"a": 1}}`, nil, true},
		{"the next turn is dropped", "<|START_RESPONSE|>Hi.<|END_RESPONSE|><|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|USER_TOKEN|>More?", "", "Hi.", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			streamtest.ExpectReasoning(t, cohere.Format, req, tc.doc, tc.reasoning, tc.content, tc.calls)
			if res := stream.Parse(cohere.Format, tc.doc, req); (len(res.Diagnostics) > 0) != tc.diagnosed {
				t.Errorf("diagnostics %+v, want some: %v", res.Diagnostics, tc.diagnosed)
			}
		})
	}
}

// The model's IDs are kept when well formed, and replaced when not.
func TestIDs(t *testing.T) {
	req := toolcall.Request{Tools: streamtest.Tools("f")}
	doc := `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {}}, {"tool_call_id": "a b\"c", "tool_name": "f", "parameters": {}}, {"tool_name": "f", "parameters": {}}]<|END_ACTION|>`
	res := stream.Parse(cohere.Format, doc, req)
	if len(res.Calls) != 3 {
		t.Fatalf("%d calls: %+v", len(res.Calls), res)
	}
	if res.Calls[0].ID != "0" {
		t.Errorf("the well-formed ID is %q, want the model's 0", res.Calls[0].ID)
	}
	for _, c := range res.Calls[1:] {
		if c.ID == "" || c.ID == `a b"c` || c.ID == "0" {
			t.Errorf("a call without a well-formed ID has the ID %q", c.ID)
		}
	}
}

// RenderCalls writes the template's action, which reads back.
func TestRenderCalls(t *testing.T) {
	calls := []toolcall.Call{call("write_note", noteArgs), call("lookup_order", orderArgs)}
	got, err := cohere.RenderCalls(calls)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimPrefix(strings.TrimSuffix(goldenTurns[0].turn, "<|END_OF_TURN_TOKEN|>"), "<|START_THINKING|><|END_THINKING|>")
	if got != want {
		t.Errorf("RenderCalls wrote\n%s\nwant\n%s", got, want)
	}
	if s, _ := cohere.RenderCalls(nil); s != "" {
		t.Errorf("no calls: %q", s)
	}
	if _, err := cohere.RenderCalls([]toolcall.Call{call("f", "[1]")}); err == nil {
		t.Error("arguments that are no object: no error")
	}
	streamtest.CheckTypedRenderer(t, cohere.Format, cohere.RenderCalls)
}

var documents = []string{
	goldenTurns[0].turn, goldenTurns[2].turn, goldenTurns[3].turn,
	"<|START_TEXT|>Hi.<|END_TEXT|>",
	`<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"s": "]<|END_ACTION|>"}}]<|END_ACTION|>`,
	`<|START_ACTION|>[{"tool_name": "f", "parameters": {"a": }]<|END_ACTION|>`,
	"<|START_ACTION|>", "<|END_ACTION|>", "<|START_THINKING|>", "<|END_THINKING|>", "<|START_RESPONSE|>", "<|END_RESPONSE|>",
	"<|END_OF_TURN_TOKEN|>", `{"tool_name": "f"}`,
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormatRequest(t, cohere.Format, toolcall.Request{Tools: streamtest.Tools("f", "write_note", "lookup_order")}, documents)
}

// FuzzCohere checks the stream's promises on any document in random
// deltas.
func FuzzCohere(f *testing.F) {
	streamtest.Fuzz(f, cohere.Format, toolcall.Request{Tools: streamtest.Tools("f", "lookup_order")}, documents)
}

// The first call of an action streams its arguments as they come, in
// 4-byte deltas too, and none is taken back.
func TestArgumentsStream(t *testing.T) {
	doc := goldenTurns[0].turn
	var deltas []string
	for i := 0; i < len(doc); i += 4 {
		deltas = append(deltas, doc[i:min(i+4, len(doc))])
	}
	st := streamtest.CompareStreaming(t, cohere.Format, twoTools, deltas)
	if st.Calls != 2 || st.Streamed < 1 || st.Retracted != 0 || st.Resent != 0 {
		t.Errorf("%+v, want 2 calls, the first streamed", st)
	}
}

// TestProseFeedDoesNotAllocate: in steady state a Feed of prose allocates
// nothing.
func TestProseFeedDoesNotAllocate(t *testing.T) {
	streamtest.CheckProseFeed(t, cohere.Format, toolcall.Request{})
}
