package stream_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// A repeated call is found among many: past the first few calls, whose
// marks are searched in turn, the rest are in a map, and a repeat of either
// kind after prose is dropped.
func TestRepeatsAmongManyCalls(t *testing.T) {
	var list []string
	for i := range 40 {
		list = append(list, fmt.Sprintf("get_weather(city=%q)", fmt.Sprint("c", i)))
	}
	text := "[" + strings.Join(list, ", ") + "]\nI called get_weather(city=\"c0\") and get_weather(city=\"c33\"), then get_weather(city=\"new\")."
	res := stream.Parse(llama4.Format, text, smallTools)
	if len(res.Calls) != 41 || res.Calls[40].Arguments != `{"city":"new"}` {
		t.Fatalf("%d calls, want the 40 of the list and the new one: %v", len(res.Calls), res.Calls[max(0, len(res.Calls)-2):])
	}
	policy := 0
	for _, d := range res.Diagnostics {
		if d.Kind == toolcall.KindPolicy {
			policy++
		}
	}
	if policy != 2 {
		t.Errorf("%d policy diagnostics, want one per dropped repeat: %+v", policy, res.Diagnostics)
	}
}

// nextTurnFormats are the formats the next-turn tests run in, each with a
// call to get_weather(city="Rome") in its own markers and, for a format
// that reads calls without markers, such a call too.
var nextTurnFormats = []struct {
	name, marked, bare string
}{
	{"hermes", "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Rome\"}}\n</tool_call>", ""},
	{"qwen3_coder", "<tool_call>\n<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n</function>\n</tool_call>", ""},
	{"llama4", "<|python_start|>[get_weather(city=\"Rome\")]<|python_end|>", "[get_weather(city=\"Rome\")]"},
	{"mistral", "[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Rome\"}", ""},
	{"pythonic", "", "[get_weather(city=\"Rome\")]"},
}

// Only a line that is a next turn marker is one: a heading that begins
// with "### Instruction" is prose, and the calls after it are calls, in
// every format, marked or not; nothing of the text is lost.
func TestNextTurnIsWholeLine(t *testing.T) {
	rome := []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Rome"}`}}
	for _, tc := range nextTurnFormats {
		f, ok := toolcall.Lookup(tc.name)
		if !ok {
			t.Fatalf("no format %s", tc.name)
		}
		for _, call := range []string{tc.marked, tc.bare} {
			if call == "" {
				continue
			}
			for _, lead := range []string{
				"Here is the plan.\n### Instructions for the trip\n",
				"Here is the plan.\n### Instruction manual\n",
				"Here is the plan.\n####### Instruction\n",
				"Here is the plan.\nUsers: many\n",
			} {
				streamtest.Expect(t, f, smallTools, lead+call, strings.TrimSpace(lead), rome)
			}
		}
	}
}

// A call in a format's own markers is a call after a next turn too (a
// quoted "User:" line in an answer looks like one); a call without
// markers after a next turn is the next turn's, and its text stays
// content: never neither call nor content.
func TestNextTurnKeepsText(t *testing.T) {
	rome := []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Rome"}`}}
	for _, tc := range nextTurnFormats {
		f, _ := toolcall.Lookup(tc.name)
		for _, lead := range []string{
			"The mail said:\nUser: what is the weather in Rome?\n",
			"It is sunny.\n### Instruction\n",
			"It is sunny.\n### Instruction:\n",
			"It is sunny.<|start_header_id|>assistant<|end_header_id|>\n\n",
			"It is sunny.<|im_start|>assistant\n",
		} {
			if tc.marked != "" && !strings.Contains(lead, "<|im_start|>") { // hermes reads what follows <|im_start|> as its own block
				streamtest.Expect(t, f, smallTools, lead+tc.marked, strings.TrimSpace(lead), rome)
			}
			if tc.bare != "" {
				streamtest.Expect(t, f, smallTools, lead+tc.bare, lead+tc.bare, nil)
			}
		}
	}
}
