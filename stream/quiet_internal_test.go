package stream

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	_ "github.com/toolparse/toolparse/formats" // every shipped format
	"github.com/toolparse/toolparse/toolcall"
)

// feeds returns what each Feed of text, cut at cuts, and the Close
// returned, written out; loud hands every delta to the decoder.
func feeds(f toolcall.Format, text string, cuts []int, loud bool, lim toolcall.Limits) []string {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string"}}}`)}, {Name: "write_file"}}}
	s := New(f, req, WithLimits(lim), func(c *config) { c.loud = loud })
	var out []string
	prev := 0
	for _, c := range append(cuts, len(text)) {
		var b strings.Builder
		for _, e := range s.Feed(text[prev:c]) {
			fmt.Fprintf(&b, "%q|%v|%q;", e.Content, e.Call != nil && e.Call.Name != "", e.Reasoning)
			if e.Call != nil {
				fmt.Fprintf(&b, "%s%s;", e.Call.Name, e.Call.Arguments)
			}
		}
		out = append(out, b.String())
		prev = c
	}
	var b strings.Builder
	for _, e := range s.Close() {
		fmt.Fprintf(&b, "%q|%v|%q;", e.Content, e.Call != nil, e.Reasoning)
	}
	out = append(out, b.String())
	return out
}

// The deltas the stream keeps for the decoder, as it says it reads them
// without a trace, change nothing any Feed returns: in every format, for
// calls whose strings hold quotes, '<' and end markers, prose around them,
// broken brackets, a cut end, long values, a small pending limit and a
// small depth limit, each Feed of random cuts returns what it returns when
// every delta goes to the decoder.
func TestQuietDeltasChangeNothingTold(t *testing.T) {
	ds := toolcall.Descriptors()
	if len(ds) < 12 {
		t.Fatalf("%d formats described, want the 12 shipped at least", len(ds))
	}
	rng := rand.New(rand.NewSource(1))
	for _, d := range ds {
		f := d.Format
		var calls []toolcall.Call
		for i, city := range []string{"Pa<ris", `To"kyo`, "Li</tool_call>ma", "Oslo"} {
			calls = append(calls, toolcall.Call{ID: fmt.Sprint("call", i), Name: "get_weather", Arguments: `{"city":` + fmt.Sprintf("%q", city) + `,"unit":"celsius"}`})
		}
		good, _ := d.Renderer.RenderCalls(calls)
		texts := []string{good, "Hello there. " + good + " bye", strings.ReplaceAll(good, `"celsius"`, `"celsius"]]]`), strings.ReplaceAll(good, `"celsius"`, strings.Repeat("[", 80)), good[:len(good)*2/3], strings.ReplaceAll(good, "celsius", strings.Repeat("x", 300)),
			// Values full of the bytes end markers end with and the ones before them.
			strings.ReplaceAll(good, "celsius", "cel>l>|>|l>>sius"), strings.ReplaceAll(good, "celsius", "</tool_cal</arg_value</parameter"),
			// Think tags begun inside calls, and whole ones, where they are data.
			strings.ReplaceAll(good, "celsius", "a<thin[THIN</thin b<think>[THINK]"),
			// Prose with markers begun and broken off.
			"a <tool_cal b <|sta c <｜tool▁ d [TOOL_CAL e <function_ca f <|tool_calls_section g " + good,
			// Markers that open blocks, completed in kept bytes, before
			// bodies that are no calls, that end at once, or that run long.
			"<|channel|>analysis<|message|>hmm<|end|><|start|>assistant<|message|>hi<|end|>" + good,
			"<tool_call><tool_call></tool_call><|tool_calls_section_begin|><|tool_calls_section_end|>" + good,
			"<|start|>assistant" + strings.Repeat(" to", 200) + "<|message|>x<|end|><tool_call>" + strings.Repeat("y", 500) + good,
			// A value body's head that opens an array, right after its
			// marker or after whitespace, or holds a '[' of its own.
			`[TOOL_CALLS][{"name": "get_weather", "arguments": {}}]` + good,
			// Objects after a head that hold arrays, brackets that close
			// nothing, strings of brackets, and deep nesting.
			`[TOOL_CALLS]get_weather[ARGS]{"a": [1, {"b": [[2]]}], "c": "]}[", "d": {"e": {}}}[TOOL_CALLS]get_weather[ARGS]{]}x[TOOL_CALLS]f[ARGS] {"x": [[[[]]]], "y": {"z": {"w": {}}}}` + good, "[TOOL_CALLS]  [[]] [TOOL_CALLS]\n[]x[TOOL_CALLS]a [b]{}[TOOL_CALLS][]y[TOOL_CALLS][[]]" + good,
			// Call lists whose first name breaks off, or holds Markdown's
			// \_ or a multi-byte character.
			`[get_wea ther(x=1)] [get\_weather(city="a")] [wéather(x=1)] [get_weather` + good,
			// Think tags' starts that a marker's start follows, or that
			// go on as a marker's would past the tag's own bytes.
			"x [THOL_CALLS]y[TOOL_CALLS]z [T<thol_call>[TOOL_CALLS]" + good,
			"<|start|>assistant" + strings.Repeat(" <|mess", 90) + "<|message|>x<|end|><tool_call>" + strings.Repeat("</tool_cal", 60) + good}
		for _, text := range texts {
			for _, lim := range []toolcall.Limits{{}, {MaxPending: 120}, {MaxPending: 400}, {MaxPending: 700}, {MaxDepth: 3}} {
				for trial := 0; trial < 30; trial++ {
					var cuts []int
					for i := 1; i < len(text); i += 1 + rng.Intn(6) {
						cuts = append(cuts, i)
					}
					on, off := feeds(f, text, cuts, false, lim), feeds(f, text, cuts, true, lim)
					for k := range on {
						if on[k] != off[k] {
							t.Errorf("%s lim %+v: feed %d of %q: with quiet %s, without %s", f.Name(), lim, k, text, on[k], off[k])
							break
						}
					}
				}
			}
		}
	}
}
