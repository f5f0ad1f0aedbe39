package functools

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	startText  = "functools"
	phiEOT     = "<|end|>"       // Phi-4-mini's end of turn
	phiEOS     = "<|endoftext|>" // Phi-4-mini's end of text
	llama3EOT  = "<|eot_id|>"    // FireFunction's (Llama 3's) end of turn
	callsBegin = startText + "["
)

// The format's markers, keyed by these tokens.
const (
	functools block.Token = iota
	endOfTurn
	endOfText
	endOfTurnLlama3
)

const kCalls = 0 // the one kind of block: a JSON array of calls

// keys are the members of the call objects, as block.CallKeys spells
// them; the block must be an array (functools[...]).
var keys = func() block.Keys { k := block.CallKeys; k.ArrayOnly = true; return k }()

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		functools:       {Text: startText, Role: block.Opens, Kind: kCalls},
		endOfTurn:       {Text: phiEOT, EndsTurn: true},
		endOfText:       {Text: phiEOS, EndsTurn: true},
		endOfTurnLlama3: {Text: llama3EOT, EndsTurn: true},
	},
	// No end marker: the block ends where its array closes.
	Kinds: []block.Kind{kCalls: block.JSONArray(block.NoToken, keys)},
}

// Format is the functools format (Phi-4-mini-instruct, FireFunction v2).
var Format toolcall.Format = formatdef.New(table.Named("functools"), methods, constraints)

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfilePhi4Mini, Models: []string{"phi4 mini !reasoning"},
		Template: []string{"message['tools']", "<|tool|>", "<|/tool|>", "<|assistant|>", phiEOT, "!<|im_start|>"}},
	{Name: ProfileFireFunctionV2, Models: []string{"firefunction v2", "llama3 firefunction v2"},
		Template: []string{callsBegin, "<|start_header_id|>", llama3EOT, "Available functions as JSON spec"}},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Sep: " ", End: phiEOT, Render: RenderCalls}.Write,
		Aliases:   []string{"phi4_mini", "phi4_mini_json", "firefunction", "firefunction_v2"},
		Profiles:  profiles,
		EndOfTurn: []string{phiEOT, phiEOS, llama3EOT},
	})
}

// RenderCalls writes calls as FireFunction's template writes them:
// functools[, per call {"name": "NAME", "arguments": ARGS} with the spaces
// Jinja's tojson writes, calls separated by ", ", then ]. No calls is "".
// (The template puts a space before functools; the prompts write it.)
func RenderCalls(calls []toolcall.Call) (string, error) { return array.Render(calls) }

// array is how FireFunction writes calls.
var array = prompt.JSONArray{Format: "functools", Open: startText, Begin: prompt.NameArgumentsBegin}

// frame is how the models write calls, as RenderCalls writes them: the
// array after functools is the section.
var frame = grammar.ArrayFrame(array, callsBegin)
