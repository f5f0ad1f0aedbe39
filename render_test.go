package toolparse_test

import (
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var renderers = []struct {
	name   string
	format toolcall.Format
	render func([]toolcall.Call) (string, error)
	typed  bool // values are text, typed by the tools' schemas
}{
	{"pythonic", pythonic.Format, pythonic.RenderCalls, false},
	{"llama4 list", llama4.Format, llama4.RenderCalls, false},
	{"llama4 function tags", llama4.Format, llama4.RenderFunctionTags, false},
	{"llama4 JSON", llama4.Format, llama4.RenderJSON, false},
	{"lfm2", lfm2.Format, lfm2.RenderCalls, false},
	{"olmo3", olmo3.Format, olmo3.RenderCalls, false},
	{"hermes", hermes.Format, hermes.RenderCalls, false},
	{"qwen3_coder", qwen3coder.Format, qwen3coder.RenderCalls, true},
	{"harmony", harmony.Format, harmony.RenderCalls, true},
	{"glm45", glm45.Format, glm45.RenderCalls, true},
	{"deepseek", deepseek.Format, deepseek.RenderCalls, false},
	{"deepseek R1", deepseek.Format, deepseek.RenderCallsR1, false},
	{"kimi_k2", kimik2.Format, kimik2.RenderCalls, false},
	{"mistral", mistral.Format, mistral.RenderCalls, false},
	{"mistral v3", mistral.Format, mistral.RenderCallsV3, false},
	{"llama3_json", llama3json.Format, llama3json.RenderCalls, false},
}

// TestEveryFormatRenders: every shipped format is a toolcall.Renderer.
func TestEveryFormatRenders(t *testing.T) {
	for _, f := range []toolcall.Format{pythonic.Format, llama4.Format, lfm2.Format, olmo3.Format, hermes.Format, qwen3coder.Format, harmony.Format, glm45.Format, deepseek.Format, kimik2.Format, mistral.Format, llama3json.Format} {
		if _, ok := f.(toolcall.Renderer); !ok {
			t.Errorf("%s is not a toolcall.Renderer", f.Name())
		}
	}
}

// TestCorpusRenderRoundTrip renders the calls of every BFCL case with every
// renderer and parses them back.
func TestCorpusRenderRoundTrip(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			for _, c := range cases {
				calls := make([]toolcall.Call, len(c.Calls))
				for i, call := range c.Calls {
					calls[i] = toolcall.Call{Name: call.Name, Arguments: string(call.Arguments)}
				}
				if r.typed {
					streamtest.RenderRoundTripTyped(t, r.format, r.render, calls)
				} else {
					streamtest.RenderRoundTrip(t, r.format, r.render, calls)
				}
			}
		})
	}
}
