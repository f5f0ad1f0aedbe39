package toolparse_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenDate is the date the goldens were rendered on (their templates'
// strftime_now).
var goldenDate = time.Date(2025, 6, 28, 0, 0, 0, 0, time.UTC)

func on() *bool  { t := true; return &t }
func off() *bool { f := false; return &f }

// templateGoldens maps each golden directory of testdata/templates (the
// prompts a model's own chat template renders, with jinja2 as Hugging
// Face's apply_chat_template does) to the format and options that must
// write the same bytes. testdata/templates/README.md says where each
// template came from.
var templateGoldens = []struct {
	dir    string
	format toolcall.Format
	opts   toolcall.PromptOptions
	// noTools renders without the tools: the template writes none, and the
	// format writes them where the model's card says (see its doc).
	noTools bool
	// only, when set, are the conversations to compare: the template
	// drops what its model expects in the others, and the format's package
	// doc says so, naming the golden directory.
	only []string
}{
	{"qwen3", hermes.Format, toolcall.PromptOptions{}, false, nil},
	{"qwen3@nothink", hermes.Format, toolcall.PromptOptions{Thinking: off()}, false, nil},
	{"qwen25", hermes.Format, toolcall.PromptOptions{Profile: hermes.ProfileQwen25}, false, nil},
	{"hermes3", hermes.Format, toolcall.PromptOptions{Profile: hermes.ProfileHermes}, false, nil},
	{"qwen3_coder", qwen3coder.Format, toolcall.PromptOptions{}, false, nil},
	{"gpt_oss", harmony.Format, toolcall.PromptOptions{Date: goldenDate}, false, nil},
	{"glm47", glm45.Format, toolcall.PromptOptions{}, false, nil},
	{"glm47@nothink", glm45.Format, toolcall.PromptOptions{Thinking: off()}, false, nil},
	{"glm46", glm45.Format, toolcall.PromptOptions{Profile: glm45.ProfileGLM46}, false, nil},
	{"glm46@nothink", glm45.Format, toolcall.PromptOptions{Profile: glm45.ProfileGLM46, Thinking: off()}, false, nil},
	{"deepseek_v31", deepseek.Format, toolcall.PromptOptions{}, true, nil},
	{"deepseek_v31@think", deepseek.Format, toolcall.PromptOptions{Thinking: on()}, true, nil},
	{"deepseek_r1", deepseek.Format, toolcall.PromptOptions{Profile: deepseek.ProfileR1}, true, nil},
	{"kimi_k2_thinking", kimik2.Format, toolcall.PromptOptions{}, false, nil},
	{"llama33", llama3json.Format, toolcall.PromptOptions{}, false, nil},
	{"llama32", llama3json.Format, toolcall.PromptOptions{Profile: llama3json.ProfileLlama32, Date: goldenDate}, false, nil},
	{"llama4_hf", llama4.Format, toolcall.PromptOptions{Profile: llama4.ProfileHF}, false, nil},
	{"lfm2", lfm2.Format, toolcall.PromptOptions{}, false, []string{"reasoning"}},
	// The LFM2.5 templates leave quotes and newlines in string values
	// unescaped (write_note's text).
	{"lfm25", lfm2.Format, toolcall.PromptOptions{Profile: lfm2.ProfileLFM25, Date: goldenDate}, false, lfm25Only},
	{"lfm25_8b", lfm2.Format, toolcall.PromptOptions{Profile: lfm2.ProfileLFM25MoE, Date: goldenDate}, false, lfm25Only},
	{"olmo31", olmo3.Format, toolcall.PromptOptions{}, false, nil},
	{"olmo3_think", olmo3.Format, toolcall.PromptOptions{Profile: olmo3.ProfileOLMo3Think}, false, nil},
	{"magistral_v13", mistral.Format, toolcall.PromptOptions{Profile: mistral.ProfileMagistral}, false, nil},
	// The MLX conversion's template writes no tools (see mistral's doc).
	{"ministral3_mlx", mistral.Format, toolcall.PromptOptions{}, true, nil},
	{"mistral_small32", mistral.Format, toolcall.PromptOptions{Profile: mistral.ProfileSmall32, Date: goldenDate}, false, nil},
}

// lfm25Only are the conversations without a string value that needs an
// escape.
var lfm25Only = []string{"reasoning", "reasoning_call", "tools_one_call"}

// brokenGoldens are goldens of templates that do not write what their
// model expects (vLLM's llama4 pythonic template lists no tools; LFM2's
// original template drops an assistant turn's calls): no format writes
// them, and the package named says why in its doc, naming the golden.
var brokenGoldens = map[string]string{
	"llama4_pythonic_vllm": "llama4",
}

// goldenConversations reads testdata/templates/conversations.json (the
// shared conversations) and conversations-more.json (more, with the same
// tools) and decodes each conversation as the gateway does.
func goldenConversations(t *testing.T) (map[string][]toolcall.Message, []toolcall.Tool) {
	t.Helper()
	type conversations struct {
		Tools         json.RawMessage `json:"tools"`
		Conversations map[string]struct {
			Messages json.RawMessage `json:"messages"`
		} `json:"conversations"`
	}
	var file, more conversations
	for name, into := range map[string]*conversations{"conversations.json": &file, "conversations-more.json": &more} {
		data, err := os.ReadFile(filepath.Join("testdata", "templates", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, into); err != nil {
			t.Fatal(err)
		}
	}
	maps.Copy(file.Conversations, more.Conversations)
	convs := map[string][]toolcall.Message{}
	var tools []toolcall.Tool
	for name, c := range file.Conversations {
		body := fmt.Sprintf(`{"model": "m", "messages": %s, "tools": %s}`, c.Messages, file.Tools)
		req, err := openai.DecodeRequest(strings.NewReader(body), 0)
		if err != nil {
			t.Fatal(err)
		}
		msgs, err := req.Conversation()
		if err != nil {
			t.Fatal(err)
		}
		tr, err := req.ToolRequest()
		if err != nil {
			t.Fatal(err)
		}
		convs[name], tools = msgs, tr.Tools
	}
	return convs, tools
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte. A
// golden directory holds NAME.txt, what the template writes for
// conversation NAME, or NAME.error where the template refuses it (the
// renderers write those conversations all the same; see each package's
// doc).
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	convs, tools := goldenConversations(t)
	dirs := map[string]bool{}
	for _, g := range templateGoldens {
		dirs[g.dir] = true
		files, err := os.ReadDir(filepath.Join("testdata", "templates", "golden", g.dir))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) < 5 {
			t.Errorf("%s: %d goldens, want one for each of the five shared conversations at least", g.dir, len(files))
		}
		for _, file := range files {
			name, ext, _ := strings.Cut(file.Name(), ".")
			msgs, ok := convs[name]
			if !ok {
				t.Errorf("%s: no conversation %q", g.dir, name)
				continue
			}
			t.Run(g.dir+"/"+name, func(t *testing.T) {
				if ext == "error" {
					t.Skip("the template refuses this conversation")
				}
				if g.only != nil && !slices.Contains(g.only, name) {
					if !packageDocSays(t, g.format, g.dir) {
						t.Errorf("%s's template is followed only for %v, and the package doc of %s does not say why (it names no %s)", g.dir, g.only, g.format.Name(), g.dir)
					}
					return
				}
				want, err := os.ReadFile(filepath.Join("testdata", "templates", "golden", g.dir, file.Name()))
				if err != nil {
					t.Fatal(err)
				}
				p, ok := g.format.(toolcall.Prompter)
				if !ok {
					t.Fatalf("%s is not a toolcall.Prompter", g.format.Name())
				}
				tools := tools
				if g.noTools {
					tools = nil
				}
				got, err := p.Prompt(msgs, tools, g.opts)
				if err != nil {
					t.Fatal(err)
				}
				if got.Text != string(want) {
					t.Errorf("differs from the template's prompt at line %s", firstDiff(got.Text, string(want)))
				}
			})
		}
	}
	all, err := os.ReadDir(filepath.Join("testdata", "templates", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range all {
		pkg, broken := brokenGoldens[d.Name()]
		switch {
		case dirs[d.Name()]:
		case broken:
			if !packageDocSays(t, pkg, d.Name()) {
				t.Errorf("%s's template is not followed, and the package doc of %s does not say why (it names no %s)", d.Name(), pkg, d.Name())
			}
		default:
			t.Errorf("golden directory %s is in no test", d.Name())
		}
	}
}

// packageDocSays reports whether the package comment of the package in
// directory dir (a format, for its package) names what.
func packageDocSays(t *testing.T, dir any, what string) bool {
	t.Helper()
	path, ok := dir.(string)
	if f, isFormat := dir.(toolcall.Format); isFormat {
		path, ok = formatDirs[f.Name()], true
	}
	if !ok || path == "" {
		t.Fatalf("no package directory for %v", dir)
	}
	files, err := filepath.Glob(filepath.Join(path, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != nil && strings.Contains(f.Doc.Text(), what) {
			return true
		}
	}
	return false
}

// formatDirs maps format names to their packages' directories.
var formatDirs = map[string]string{
	"hermes": "hermes", "qwen3_coder": "qwen3coder", "harmony": "harmony", "glm45": "glm45", "deepseek": "deepseek",
	"kimi_k2": "kimik2", "mistral": "mistral", "llama3_json": "llama3json", "llama4": "llama4", "lfm2": "lfm2",
	"olmo3": "olmo3", "pythonic": "pythonic",
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("%d:\n  got:  %q\n  want: %q", i+1, gl, wl)
		}
	}
	if !bytes.Equal([]byte(got), []byte(want)) {
		return "?"
	}
	return "none"
}
