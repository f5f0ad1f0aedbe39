package toolparse_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// modelFormats are the described formats that write prompts: every
// format but the generic pythonic one, which prompts as llama4 does.
func modelFormats(t *testing.T) []toolcall.Descriptor {
	t.Helper()
	var ds []toolcall.Descriptor
	for _, d := range toolcall.Descriptors() {
		if d.Prompter != nil {
			ds = append(ds, d)
		}
	}
	if len(ds) < 11 {
		t.Fatalf("%d described formats write prompts, want the 11 shipped at least", len(ds))
	}
	return ds
}

func on() *bool  { t := true; return &t }
func off() *bool { f := false; return &f }

// firstCallOnly are the profiles whose template writes only the first call
// of an assistant turn.
var firstCallOnly = map[string]bool{"harmony/gpt-oss": true, "gigachat/3.1": true, "gigachat/3": true}

// dropsCalls are the profiles whose template writes none of an assistant
// turn's calls (nor its reasoning), as SmolLM3's does.
var dropsCalls = map[string]bool{"hermes/smollm3": true}

// TestPromptTurnsParseBack: for every format and profile, an assistant
// turn with reasoning and calls, rendered in a prompt, is what the model
// would write after the prompt before it; parsed back with the stream
// that prompt configures (stream.ForPrompt), it gives the same calls, and
// the same reasoning when the template keeps it.
func TestPromptTurnsParseBack(t *testing.T) {
	_, tools := formatstest.Conversations(t)
	calls := []toolcall.Call{
		{ID: "a1B2c3D4e", Name: "write_note", Arguments: `{"path": "notes/todo.txt", "text": "She said \"hi\"\nthen <b>left</b> & {braces} [x]"}`},
		{ID: "f5G6h7J8k", Name: "lookup_order", Arguments: `{"order_id": 42, "status": "shipped", "options": {"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}}`},
	}
	const reasoning = "I should write the note, then look the order up."
	req := toolcall.Request{Tools: tools}
	for _, d := range modelFormats(t) {
		f, p := d.Format, d.Prompter
		for _, profile := range p.PromptProfiles() {
			for _, n := range []int{1, 2} {
				t.Run(f.Name()+"/"+profile+"/"+string(rune('0'+n)), func(t *testing.T) {
					if dropsCalls[f.Name()+"/"+profile] {
						t.Skip("the template writes no calls in the history")
					}
					head := []toolcall.Message{{Role: "system", Content: "Be careful."}, {Role: "user", Content: "Save a note and check order 42 ¶"}}
					turn := toolcall.Message{Role: "assistant", Reasoning: reasoning, ToolCalls: calls[:n]}
					if f.Name() == "kimi_k2" { // the IDs Kimi's calls are handed on with, which its template writes back
						turn.ToolCalls = []toolcall.Call{calls[0], calls[1]}[:n]
						turn.ToolCalls[0].ID = "functions.write_note:0"
						if n > 1 {
							turn.ToolCalls[1].ID = "functions.lookup_order:1"
						}
					}
					opts := toolcall.PromptOptions{Profile: profile, Date: formatstest.GoldenDate}
					before, err := p.Prompt(head, tools, opts)
					if err != nil {
						t.Fatal(err)
					}
					after, err := p.Prompt(append(head, turn), tools, opts)
					if err != nil {
						t.Fatal(err)
					}
					// What the model wrote after the prompt before the turn: the
					// rest of the prompt with it (where the template drops
					// the reasoning from history, R1's, from where they part),
					// without the end of the turn and the next generation
					// prompt, which both prompts end with.
					if after.Text == before.Text {
						t.Skip("the template writes no final assistant turn")
					}
					start := 0
					for start < len(before.Text) && start < len(after.Text) && before.Text[start] == after.Text[start] {
						start++
					}
					if start > 0 && start < len(before.Text) && (before.Text[start-1] == '<' || before.Text[start-1] == '[') {
						start-- // they part inside a marker: from its start
					}
					out := after.Text[start:]
					k := 0
					for k < len(out) && strings.HasSuffix(before.Text, out[len(out)-k-1:]) {
						k++
					}
					if i := strings.IndexAny(out[len(out)-k:], "<["); i >= 0 { // from a marker on
						out = out[:len(out)-k+i]
					}
					wantReasoning := ""
					switch {
					case strings.Contains(after.Text, reasoning):
						wantReasoning = reasoning
					case before.InReasoning:
						// The template drops reasoning from history, but the
						// prompt opened it: the model wrote it, then closed it.
						out, wantReasoning = reasoning+"</think>"+out, reasoning
					}
					if r, ok := f.(toolcall.Reasoner); ok && wantReasoning != "" && !before.InReasoning {
						// The prompts part after the reasoning's open marker
						// (a prompt that closes an empty reasoning, Command
						// R7B's with thinking off): the model opened it.
						if open := r.Reasoning().Open; open != "" && strings.HasSuffix(after.Text[:start], open) {
							out = open + out
						}
					}
					res := stream.Parse(f, out, req, stream.ForPrompt(before), stream.WithPolicy(policy.Policy{Mode: policy.All}))
					want := calls[:n]
					if firstCallOnly[f.Name()+"/"+profile] {
						want = want[:1]
					}
					if len(res.Calls) != len(want) {
						t.Fatalf("%q parses to %d calls, want %d: %+v, content %q, %v", out, len(res.Calls), len(want), res.Calls, res.Content, res.Diagnostics)
					}
					for i, c := range res.Calls {
						if c.Name != want[i].Name || !sameJSON(c.Arguments, want[i].Arguments) {
							t.Errorf("call %d is %s %s, want %s %s (from %q)", i, c.Name, c.Arguments, want[i].Name, want[i].Arguments, out)
						}
					}
					if strings.TrimSpace(res.Reasoning) != wantReasoning {
						t.Errorf("reasoning %q, want %q (from %q)", res.Reasoning, wantReasoning, out)
					}
				})
			}
		}
	}
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}
