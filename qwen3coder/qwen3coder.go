package qwen3coder

import (
	"errors"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/tagcall"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// The tags of the format.
const (
	toolCallText    = "<tool_call>"
	toolCallEndText = "</tool_call>"
	functionText    = "<function="
	functionEndText = "</function>"
	parameterText   = "<parameter="
	parameterEnd    = "</parameter>"
)

// The format's markers, keyed by these tokens.
const (
	toolCall block.Token = iota
	function
	toolCallEnd
	functionEnd
	imEnd
	endOfText
)

// The kinds of block.
const (
	kCall = iota // <tool_call> ... </tool_call>
	kFunc        // <function=NAME> ... </function>, with no <tool_call> around it
)

var table = block.Format{
	Markers: []block.Marker{
		toolCall:    {Text: toolCallText, Role: block.Opens, Kind: kCall},
		function:    {Text: functionText, Role: block.Opens, Kind: kFunc},
		toolCallEnd: {Text: toolCallEndText}, // an orphan: dropped
		functionEnd: {Text: functionEndText}, // an orphan: dropped
		imEnd:       {Text: "<|im_end|>", EndsTurn: true},
		endOfText:   {Text: "<|endoftext|>", EndsTurn: true},
	},
	Kinds: []block.Kind{
		// Inside a value no marker counts but its </parameter> (and
		// </function>, which closes a value whose </parameter> is
		// missing; a </parameter> followed by anything but the next
		// <parameter=, </function> or the block's ends is text in the
		// value).
		kCall: callSyntax.Kind(toolCallEnd, toolCall),
		kFunc: funcSyntax.Kind(functionEnd, toolCall, function),
	},
	TurnEnds: true, // an end-of-turn token ends the response
}

// Format is the Qwen3-Coder XML format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("qwen3_coder"), methods, constraints,
	&toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{toolCallText, functionText}})

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfileQwen3Coder, Models: []string{"qwen3coder"},
		Template: []string{"<tool_call>", "<function=", "<parameter=", "!enable_thinking", "!<seed:", "!<|im_start|>assistant\\n<think>"}},
	{Name: ProfileQwen35, Models: []string{"qwen3.5"}, OpensReasoning: true,
		Template: []string{"<tool_call>", "<function=", "<parameter=", "enable_thinking", "<|vision_start|>", "No user query found in messages."}},
	{Name: ProfileQwen36, Models: []string{"qwen3.6"}, OpensReasoning: true},
	{Name: ProfileNemotron3Nano, Models: []string{"nemotron3"}, OpensReasoning: true,
		Template: []string{"<tool_call>", "<function=", "<parameter=", "render_extra_keys", "truncate_history_thinking"}},
	{Name: ProfileNemotron3Super, Models: []string{"nemotron3 super"}, OpensReasoning: true},
	{Name: ProfileStep35, Models: []string{"step3.5", "mimov2"}, OpensReasoning: true,
		Template: []string{"<tool_call>", "<function=", "<parameter=", "<|im_start|>tool_response", "in JSONSchema format"}},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Sep: "\n", End: "<|im_end|>", Render: RenderCalls}.Write,
		Aliases:   []string{"qwen3_xml", "qwen3_5"},
		Profiles:  profiles,
		EndOfTurn: []string{"<|im_end|>", "<|endoftext|>"},
	})
}

// RenderCalls writes calls as Qwen3-Coder writes them: per call
// <tool_call>\n<function=NAME>\n, per argument
// <parameter=KEY>\nVALUE\n</parameter>\n, then </function>\n</tool_call>;
// calls joined by a newline. A string value is written raw, any other as
// JSON with the spaces Jinja's tojson writes. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return textargs.Render("qwen3coder", calls, frame)
}

// markers are the format's tags, as tagargs reads them.
var markers = func() tagargs.Markers {
	m := tagargs.FunctionMarkers(toolCallEndText)
	m.JSONArgs = true // a function's arguments may be one JSON object
	return m
}()

// The syntaxes of the kinds of block, which read a block's body whole
// and follow its first function while it arrives, for argument
// streaming: its name, then each value as JSON string text, its first and
// last newline dropped (the template writes them around every value).
var (
	// callSyntax reads the body of a <tool_call> block: one or more
	// functions.
	callSyntax = tagcall.Syntax{
		Markers: &markers, Start: tagargs.Open, TrimNewline: true, MaxHeld: 256,
		NoCall:  errors.New("the block holds no <function=NAME>"),
		Between: "text after a function in a <tool_call> block",
	}
	// funcSyntax reads the body of <function=NAME> ... </function>
	// written without <tool_call>: NAME> and the parameters; what follows
	// its first function is ignored.
	funcSyntax = tagcall.Syntax{
		Markers: &markers, Start: tagargs.Name, TrimNewline: true, MaxHeld: 256,
		NoCall: callSyntax.NoCall, Between: callSyntax.Between,
	}
)
