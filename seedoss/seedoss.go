package seedoss

import (
	"errors"
	"strings"

	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/tagcall"
	"github.com/toolparse/toolparse/toolcall"
)

// The format's tags and tokens.
const (
	toolCallText     = "<seed:tool_call>"
	toolCallEndText  = "</seed:tool_call>"
	functionText     = "<function="
	functionEndText  = "</function>"
	parameterText    = "<parameter="
	parameterEndText = "</parameter>"
	thinkOpen        = "<seed:think>"
	thinkClose       = "</seed:think>"
	budgetOpen       = "<seed:cot_budget_reflect>"
	budgetClose      = "</seed:cot_budget_reflect>"
	bos              = "<seed:bos>" // starts every turn
	eos              = "<seed:eos>" // ends every turn
	pad              = "<seed:pad>"
)

// table reads a <seed:tool_call> block of tagged calls (Syntax.Marked).
// <seed:eos> ends the turn, and so does a turn's start (<seed:bos>) the
// model writes without <seed:eos> before it.
var table = syntax.Marked(toolCallText, toolCallEndText, eos, bos)

// markers are a call's tags, as tagargs reads them: Qwen3-Coder's.
var markers = tagargs.FunctionMarkers(toolCallEndText)

// syntax reads a block's functions: the template writes one a block.
var syntax = tagcall.Syntax{
	Markers: &markers,
	Start:   tagargs.Open,
	NoCall:  errors.New("the block holds no <function=NAME>"),
	Between: "text after a function in a <seed:tool_call> block",
	MaxHeld: 256,
}

// Format is Seed-OSS's format.
//
// It implements toolcall.Reasoner: the model opens <seed:think>
// itself (the prompt leaves it closed) and closes it before it answers.
// Calls written inside it are reasoning.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("seed_oss"), methods, constraints,
	&toolcall.Reasoning{Open: thinkOpen, Close: thinkClose})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   Reply,
		Aliases: []string{"seed-oss", "seedoss", "seed"},
		Profiles: []toolcall.Profile{{
			Name:     ProfileSeedOSS,
			Models:   []string{"seed oss"},
			Template: []string{toolCallText, functionText, parameterText, bos},
		}},
		EndOfTurn: []string{eos, bos},
	})
}

// Reply writes a whole reply as Seed-OSS writes one after its prompt, as
// its template writes an assistant turn: the reasoning in <seed:think>
// tags, the content on a line of its own, each call after a newline, and
// <seed:eos>.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	b, err := appendTurn(nil, reasoning, content, calls)
	if err != nil {
		return "", err
	}
	return strings.TrimPrefix(string(b), "\n"), nil
}
