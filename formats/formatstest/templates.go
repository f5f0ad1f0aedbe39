package formatstest

import (
	"bytes"
	_ "embed" // the shared conversations
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

	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/toolcall"
)

// GoldenDate is the date the template goldens were rendered on (their
// templates' strftime_now).
var GoldenDate = time.Date(2025, 6, 28, 0, 0, 0, 0, time.UTC)

//go:embed testdata/conversations.json
var conversationsJSON []byte

//go:embed testdata/conversations-more.json
var conversationsMoreJSON []byte

//go:embed testdata/conversations-unseen.json
var conversationsUnseenJSON []byte

// Conversations decodes the conversations the template goldens render,
// testdata/conversations.json (the shared ones), conversations-more.json
// and conversations-unseen.json (more, with the same tools unless a
// conversation names its own), as the gateway decodes a request: each
// conversation's messages by name, and the shared tools.
// testdata/README.md says what each conversation holds.
func Conversations(t testing.TB) (map[string][]toolcall.Message, []toolcall.Tool) {
	t.Helper()
	convs, tools, _ := conversations(t)
	return convs, tools
}

// ConversationTools returns the tools of the conversations that offer
// tools of their own instead of the shared ones, by name.
func ConversationTools(t testing.TB) map[string][]toolcall.Tool {
	t.Helper()
	_, _, own := conversations(t)
	return own
}

// conversations decodes every conversation file: the messages by name,
// the shared tools, and the tools of conversations that have their own.
func conversations(t testing.TB) (map[string][]toolcall.Message, []toolcall.Tool, map[string][]toolcall.Tool) {
	t.Helper()
	type conversation struct {
		Messages json.RawMessage `json:"messages"`
		Tools    json.RawMessage `json:"tools"`
	}
	type file struct {
		Tools         json.RawMessage         `json:"tools"`
		Conversations map[string]conversation `json:"conversations"`
	}
	var shared, more, unseen file
	for _, x := range []struct {
		data []byte
		into *file
	}{{conversationsJSON, &shared}, {conversationsMoreJSON, &more}, {conversationsUnseenJSON, &unseen}} {
		if err := json.Unmarshal(x.data, x.into); err != nil {
			t.Fatal(err)
		}
	}
	maps.Copy(shared.Conversations, more.Conversations)
	maps.Copy(shared.Conversations, unseen.Conversations)
	convs := map[string][]toolcall.Message{}
	own := map[string][]toolcall.Tool{}
	var tools []toolcall.Tool
	for name, c := range shared.Conversations {
		offered := shared.Tools
		if c.Tools != nil {
			offered = c.Tools
		}
		msgs, tr := DecodeConversation(t, c.Messages, offered)
		convs[name] = msgs
		if c.Tools != nil {
			own[name] = tr
		} else {
			tools = tr
		}
	}
	return convs, tools, own
}

// DecodeConversation decodes messages and tools (JSON arrays; tools may
// be nil) as the gateway decodes a request that holds them.
func DecodeConversation(t testing.TB, messages, tools json.RawMessage) ([]toolcall.Message, []toolcall.Tool) {
	t.Helper()
	body := fmt.Sprintf(`{"model": "m", "messages": %s}`, messages)
	if tools != nil {
		body = fmt.Sprintf(`{"model": "m", "messages": %s, "tools": %s}`, messages, tools)
	}
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
	return msgs, tr.Tools
}

// More is one conversation of a format package's
// testdata/more/conversations.json (more prompts of its template than
// the shared conversations': a map of names to {"messages": [...],
// "tools": [...]}, tools optional): the conversation decoded as the
// gateway decodes a request, and the entry as written, for the options a
// format keeps beside it (thinking, reasoning_effort).
type More struct {
	Messages []toolcall.Message
	Tools    []toolcall.Tool
	Entry    json.RawMessage
}

// MoreConversations reads testdata/more/conversations.json, run from a
// format package's directory (as its tests are).
func MoreConversations(t testing.TB) map[string]More {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "more", "conversations.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]json.RawMessage
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	convs := map[string]More{}
	for name, entry := range file {
		var c struct{ Messages, Tools json.RawMessage }
		if err := json.Unmarshal(entry, &c); err != nil {
			t.Fatal(err)
		}
		msgs, tools := DecodeConversation(t, c.Messages, c.Tools)
		convs[name] = More{Messages: msgs, Tools: tools, Entry: entry}
	}
	return convs
}

// CheckPrompt: got, written without err, is the file golden (a path)
// byte for byte, and leaves the reasoning as r says.
func CheckPrompt(t testing.TB, golden string, got toolcall.Prompt, err error, r Reasoning) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != string(want) {
		t.Errorf("differs from the template's prompt at line %s", firstDiff(got.Text, string(want)))
	}
	if r != AnyReasoning && got.InReasoning != (r == ReasoningOpen) {
		t.Errorf("the prompt leaves reasoning open: %v", got.InReasoning)
	}
}

// Reasoning is what a Golden says of where its prompts leave the
// reasoning.
type Reasoning int

// The values of Reasoning.
const (
	// AnyReasoning: not checked.
	AnyReasoning Reasoning = iota
	// ReasoningClosed: the prompts leave reasoning closed.
	ReasoningClosed
	// ReasoningOpen: the prompts leave reasoning open (the template
	// opens the model's reasoning).
	ReasoningOpen
)

// Golden is one golden directory of a format package's
// testdata/templates/golden (the prompts a model's own chat template
// renders for Conversations, with jinja2 as Hugging Face's
// apply_chat_template does), and the options with which the format's
// Prompter must write the same bytes.
type Golden struct {
	// Dir is the directory's name.
	Dir string
	// Opts are the prompt options.
	Opts toolcall.PromptOptions
	// NoTools renders without the tools: the template writes none, and
	// the format writes them where the model's card says (see its doc).
	NoTools bool
	// Only, when set, are the conversations to compare: the template
	// drops what its model expects in the others, and the format's
	// package doc says so, naming the golden directory.
	Only []string
	// Reasoning says where the prompts leave the reasoning.
	Reasoning Reasoning
}

// CheckTemplateGoldens checks every golden of goldens, byte for byte,
// run from a format package's directory (as its tests are): a golden
// directory testdata/templates/golden/DIR holds NAME.txt, what the
// template writes for conversation NAME, or NAME.error where the template
// refuses it (the format writes those conversations all the same; its
// package doc says why). Every directory there is in goldens, or in
// broken: a template that does not write what its model expects, which
// no options follow, and which the package doc names.
func CheckTemplateGoldens(t *testing.T, f toolcall.Format, goldens []Golden, broken ...string) {
	t.Helper()
	root := filepath.Join("testdata", "templates", "golden")
	convs, tools, own := conversations(t)
	dirs := map[string]bool{}
	for _, g := range goldens {
		dirs[g.Dir] = true
		files, err := os.ReadDir(filepath.Join(root, g.Dir))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) < 5 {
			t.Errorf("%s: %d goldens, want one for each of the five shared conversations at least", g.Dir, len(files))
		}
		for _, file := range files {
			name, ext, _ := strings.Cut(file.Name(), ".")
			msgs, ok := convs[name]
			if !ok {
				t.Errorf("%s: no conversation %q", g.Dir, name)
				continue
			}
			t.Run(g.Dir+"/"+name, func(t *testing.T) {
				if ext == "error" {
					t.Skip("the template refuses this conversation")
				}
				if g.Only != nil && !slices.Contains(g.Only, name) {
					if !packageDocSays(t, g.Dir) {
						t.Errorf("%s's template is followed only for %v, and the package doc of %s does not say why (it names no %s)", g.Dir, g.Only, f.Name(), g.Dir)
					}
					return
				}
				p, ok := f.(toolcall.Prompter)
				if !ok {
					t.Fatalf("%s is not a toolcall.Prompter", f.Name())
				}
				tools := tools
				if o, ok := own[name]; ok {
					tools = o
				}
				if g.NoTools {
					tools = nil
				}
				got, err := p.Prompt(msgs, tools, g.Opts)
				if err != nil {
					t.Fatal(err)
				}
				CheckPrompt(t, filepath.Join(root, g.Dir, file.Name()), got, nil, g.Reasoning)
			})
		}
	}
	all, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range all {
		switch {
		case dirs[d.Name()]:
		case slices.Contains(broken, d.Name()):
			if !packageDocSays(t, d.Name()) {
				t.Errorf("%s's template is not followed, and the package doc of %s does not say why (it names no %s)", d.Name(), f.Name(), d.Name())
			}
		default:
			t.Errorf("golden directory %s is in no test", d.Name())
		}
	}
}

// packageDocSays reports whether the package comment of the package in
// the current directory (the format's, for its tests) names what.
func packageDocSays(t *testing.T, what string) bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
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
