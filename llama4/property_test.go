package llama4_test

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// documents mixes every form Llama 4 writes, the markers, and near misses.
var documents = []string{
	`[get_weather(city="San Francisco"), get_weather(city="Seattle")]<|eot|>`,
	`<function=trending_songs>{"n": 10}</function><|eot|>`,
	`<|python_start|>[get_weather(city="Paris")]<|python_end|><|eom|>`,
	`{"name": "get_weather", "parameters": {"city": "Paris"}}`,
	`Let me check: read(path="a.py")`,
	`Let me check: print(x)`,
	`<|python_start|>{"name": "brave_web_search", "parameters": {"query": "latest news"}}<|python_end|>`,
	`{"type": "function", "name": "Bash", "parameters": {"command": "ls"}}`,
	"The answer is [1, 2] here.", "[see(above)]",
	"<|header_start|>assistant<|header_end|>\n\n",
	`f(a=1), g(b=2); read(path='x')`,
	`<function=f>{'a': "]"}</function>`,
	"<|python_start|>import os\nos.listdir('.')<|python_end|>",
	`<|python_start|>bash(command='python3 -c "print(f('\,'))"')<|python_end|>`,
	`[{"name": "f", "arguments": {"a": 1}}]`,
	"<|eot|>", "<|eom|>", "<|python_end|>", "</function>",
}

func TestLlama4Properties(t *testing.T) {
	t.Run("without tools", func(t *testing.T) {
		streamtest.CheckFormat(t, llama4.Format, documents)
	})
	t.Run("with tools", func(t *testing.T) {
		streamtest.CheckFormatRequest(t, llama4.Format, toolcall.Request{Tools: tools("read", "get_weather", "f", "g", "code_interpreter")}, documents)
	})
}

// FuzzLlama4 feeds a document in deltas cut at places drawn from seed and
// checks the stream's promises. Its seed corpus replays in every go test.
func FuzzLlama4(f *testing.F) {
	req := toolcall.Request{Tools: tools("read", "get_weather", "f", "code_interpreter")}
	streamtest.FuzzDeltas(f, documents, func(t *testing.T, doc string, deltas []string) {
		streamtest.Compare(t, llama4.Format, toolcall.Request{}, deltas)
		streamtest.Compare(t, llama4.Format, req, deltas, allPolicy)
		streamtest.Compare(t, llama4.Precise, req, deltas, allPolicy)
	})
}

// TestNoMarkerReachesContent builds documents from prose and whole markers
// and forms, feeds them in random deltas, and requires that no marker, and
// no fragment of one, reaches content.
func TestNoMarkerReachesContent(t *testing.T) {
	pieces := rapid.SampledFrom([]string{
		"Sure, ", "let me check.", "\n", " ", "(see above) ", "naïve ✓ ",
		"<|eot|>", "<|eom|>", "<|end_of_text|>", "<|python_start|>[f(a=1)]<|python_end|>",
		"<|python_start|>f(a=1)<|eom|>", `<function=f>{"a": "<|eot|>"}</function>`, "<function=g></function>",
		"<|header_start|>assistant<|header_end|>", "<|python_end|>", "</function>",
	})
	rapid.Check(t, func(t *rapid.T) {
		doc := strings.Join(rapid.SliceOfN(pieces, 1, 10).Draw(t, "pieces"), "")
		res := streamtest.Compare(t, llama4.Format, toolcall.Request{}, streamtest.Split(t, doc))
		for _, frag := range []string{"<|", "|>", "<function", "</function"} {
			if strings.Contains(res.Content, frag) {
				t.Fatalf("content %q holds %q", res.Content, frag)
			}
		}
	})
}
