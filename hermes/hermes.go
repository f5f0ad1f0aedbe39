package hermes

import (
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/jsonprose"
	"github.com/toolparse/toolparse/toolcall"
)

// The block markers.
const (
	startText = "<tool_call>"
	endText   = "</tool_call>"
)

// The format's markers, keyed by these tokens.
const (
	toolCall block.Token = iota
	toolCallEnd
	imStart
	imEnd
	endOfText
	roleEnd
	endOfTextGranite
)

// The kinds of block.
const (
	kCall    = iota // <tool_call> ... </tool_call>
	kImStart        // <|im_start|> JSON call objects (Hermes 2 Theta)
)

var table = block.Format{
	Markers: []block.Marker{
		toolCall:         {Text: startText, Role: block.Opens, Kind: kCall},
		toolCallEnd:      {Text: endText}, // an orphan: dropped
		imStart:          {Text: "<|im_start|>", Role: block.Opens, Kind: kImStart},
		imEnd:            {Text: "<|im_end|>", EndsTurn: true},
		endOfText:        {Text: "<|endoftext|>", EndsTurn: true},
		roleEnd:          {Text: "<|role_end|>", EndsTurn: true},    // Ling's
		endOfTextGranite: {Text: "<|end_of_text|>", EndsTurn: true}, // Granite 4's
	},
	Kinds: []block.Kind{
		kCall:    {End: toolCallEnd, Yields: []block.Token{toolCall}, Scan: block.ScanCode, Follow: block.FollowDecode},
		kImStart: {End: block.NoToken, Yields: []block.Token{imStart}, Scan: block.ScanPlain, Read: readImStart},
	},
	// Qwen2.5, quantized or served by Ollama, often writes the call object
	// bare, without <tool_call>: read when it names a requested tool.
	Hooks:    func() block.Hooks { return jsonprose.New(jsonprose.Options{Strict: true, LineStart: true}) },
	Triggers: "{",
}

// readImStart reads what follows <|im_start|>: calls only when it is
// nothing but JSON call objects that all name requested tools.
func readImStart(m *block.Machine, body string) ([]block.Item, error) {
	trimmed := strings.TrimSpace(body)
	if trimmed == "" {
		return nil, nil
	}
	if trimmed[0] != '{' && trimmed[0] != '[' {
		return nil, block.ErrNotCalls
	}
	items, err := block.Decode(body, m.Parser(), m.Requested)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		if it.Call == nil || !m.Req.IsKnownTool(it.Call.Name) {
			return nil, block.ErrNotCalls
		}
	}
	return items, nil
}

// Format is the Hermes / Qwen JSON format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("hermes"), methods, constraints,
	&toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{startText}})

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfileQwen3, Models: []string{"qwen3", "bielik", "reka", "mimovl"},
		Template: []string{"<tool_call>", "<|im_start|>", "<tools>", "enable_thinking", "!<function=", "!<|im_start|>assistant\\n<think>"}},
	{Name: ProfileQwen3Thinking, Models: []string{"qwen3 thinking", "qwq"}, OpensReasoning: true,
		Template: []string{"<tool_call>", "<|im_start|>", "<tools>", "<|im_start|>assistant\\n<think>", "!<function="}},
	{Name: ProfileQwen25, Models: []string{"qwen2", "qwen25"}, Template: []string{"<tool_call>", "You are Qwen, created by Alibaba Cloud"}},
	{Name: ProfileHermes, Models: []string{"hermes"}, Template: []string{"<tool_call>", "You are a function calling AI model"}},
	{Name: ProfileGranite40, Models: []string{"granite4"}, Template: []string{"<tool_call>", "<tools>", "<|start_of_role|>", "<|end_of_role|>", "<|end_of_text|>"}},
	{Name: ProfileSmolLM3, Models: []string{"smollm3"}, Template: []string{"<|im_start|>", "Knowledge Cutoff Date", "Reasoning Mode: ", "## Custom Instructions", "SmolLM"}},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Open: "<think>", Close: "</think>\n", Sep: "\n", End: "<|im_end|>", Render: RenderCalls}.Write,
		Aliases:   []string{"qwen", "qwen2_5", "qwen3"},
		Profiles:  profiles,
		EndOfTurn: []string{"<|im_end|>", "<|endoftext|>", "<|role_end|>", "<|end_of_text|>"},
	})
}

// RenderCalls writes calls as Qwen3's template writes them: per call
// <tool_call>, a newline, {"name": "NAME", "arguments": ARGS} with the
// spaces Jinja's tojson writes, a newline, </tool_call>; calls joined by a
// newline. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return frame.JSONCalls("hermes", false).Render(calls)
}
