package lfm2_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "lfm2", Only: []string{"reasoning"}},
	// LFM2-8B-A1B's template is LFM2's; it and LFM2.5-Instruct's drop
	// past calls, which the prompt writes (see the package doc and
	// TestPromptsMatchBesideTheCalls).
	{Dir: "lfm2_8b", Only: noCalls},
	{Dir: "lfm25_instruct", Opts: toolcall.PromptOptions{Profile: lfm2.ProfileLFM25Instruct}, Only: noCalls},
	// The LFM2.5 templates leave quotes and newlines in string values
	// unescaped (write_note's text).
	{Dir: "lfm25", Opts: toolcall.PromptOptions{Profile: lfm2.ProfileLFM25, Date: formatstest.GoldenDate}, Only: lfm25Only},
	{Dir: "lfm25_8b", Opts: toolcall.PromptOptions{Profile: lfm2.ProfileLFM25MoE, Date: formatstest.GoldenDate}, Only: lfm25Only},
}

// noCalls are the conversations without a past call.
var noCalls = []string{"reasoning", "alternation"}

// lfm25Only are the conversations without a string value that needs an
// escape.
var lfm25Only = []string{"reasoning", "reasoning_call", "tools_one_call", "tools_one_call_no_system", "two_rounds", "reasoning_every_round", "alternation", "other_tools", "think_in_content"}

// TestPromptsMatchBesideTheCalls: the templates that drop past calls
// write every golden byte for byte as the prompt does once the calls it
// writes are taken out.
func TestPromptsMatchBesideTheCalls(t *testing.T) {
	convs, tools := formatstest.Conversations(t)
	own := formatstest.ConversationTools(t)
	checked := 0
	for _, g := range templateGoldens {
		if g.Dir != "lfm2" && g.Dir != "lfm2_8b" && g.Dir != "lfm25_instruct" {
			continue
		}
		files, err := filepath.Glob(filepath.Join("testdata", "templates", "golden", g.Dir, "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			name := strings.TrimSuffix(filepath.Base(file), ".txt")
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			offered := tools
			if o, ok := own[name]; ok {
				offered = o
			}
			got, err := lfm2.RenderPrompt(convs[name], offered, g.Opts)
			if err != nil {
				t.Fatal(err)
			}
			text := got.Text
			for {
				i := strings.Index(text, "<|tool_call_start|>")
				j := strings.Index(text, "<|tool_call_end|>")
				if i < 0 || j < i {
					break
				}
				text = text[:i] + text[j+len("<|tool_call_end|>"):]
			}
			if text != string(want) {
				t.Errorf("%s/%s: without its calls the prompt is\n%q\nwant\n%q", g.Dir, name, text, want)
			}
			checked++
		}
	}
	if checked < 35 {
		t.Errorf("%d goldens checked, want 35", checked)
	}
}
