// Package olmo3 reads the tool calls of AI2's OLMo 3: calls in
// <function_calls> ... </function_calls>, one per line (a comma-separated
// run or a [...] list is read too), with Python or JSON literals, in the
// pythonic package's literal language (a repeated keyword: the last value
// wins, with a diagnostic; markdown's \_ in names reads as '_'). JSON call
// objects in the block are read as lfm2 reads them (keys in any order).
//
// Text around the block is content; it is kept, unlike vLLM's parser. A
// missing </function_calls> at the end of the response is tolerated: the
// rest is read as the block, and if it is not calls it is content, verbatim.
// A response that is nothing but calls, with no tags, is read as calls when
// every name is a requested tool; since only the end of
// the response can show that it held nothing else, such calls are handed on
// at its end (or at an end-of-turn token). Otherwise nothing outside the tags
// is a call. <|im_end|> and <|endoftext|> are consumed.
//
// RenderPrompt writes the prompt Olmo 3.1's chat template writes (profile
// olmo-3.1: a third-party copy of Olmo-3.1-32B-Instruct's template, the
// one an MLX conversion bundles; golden directory olmo31, with the unseen
// conversations rendered from the same copy), byte for byte: without a
// system message, the template's own system turn (Olmo's introduction,
// then the tools or a line saying there are none); the tools in OpenAI's
// shape inside <functions>...</functions> right after the text of every
// system message; past calls one a line inside
// <function_calls>...</function_calls>, right after the turn's text, with
// their arguments as JSON; results in the environment role; reasoning
// dropped. OLMo 3 Instruct gets the same profile; its own template's
// default system text begins "You are a helpful function-calling AI
// assistant." instead of Olmo 3.1's introduction.
// Profile olmo-3-think writes OLMo 3 Think's (Olmo-3-7B-Think's
// template, as a third-party repository quotes it; golden directory
// olmo3_think): that template reads tools, calls and results from fields
// of its own ("functions", "function_calls", the environment role) and
// writes none of OpenAI's, so the prompt writes what it writes given them
// (see the profile), and its generation prompt opens <think>.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); each call's ')' must close. A missing </function_calls>
// after complete calls is tolerated, and so is one the end cuts. <|im_end|>
// and <|endoftext|> end the response: what follows them is dropped, with one
// end_of_turn diagnostic.
package olmo3

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The block markers.
const (
	startText = "<function_calls>"
	endText   = "</function_calls>"
)

// kBlock is the one kind of block.
const kBlock = 0

// table reads the block between the markers as code.
var table = block.Marked{
	Open: startText, End: endText,
	Kind:     block.Kind{End: block.MarkedEnd, Scan: block.ScanCode, Follow: block.FollowDecode},
	TurnEnds: []string{"<|im_end|>", "<|endoftext|>"},
	Hooks:    func() block.Hooks { return new(untagged) },
}.Format()

// Format is the OLMo 3 format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("olmo3"), methods, constraints,
	&toolcall.Reasoning{Open: "<think>", Close: "</think>"})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format: Format,
		Reply:  prompt.Reply{Open: "<think>", Close: "</think>\n", Sep: "\n", End: "<|im_end|>", Render: RenderCalls}.Write,
		Profiles: []toolcall.Profile{
			{Name: ProfileOLMo31, Models: []string{"olmo3"}},
			{Name: ProfileOLMo3Think, Models: []string{"olmo3 think"}, OpensReasoning: true},
		},
		EndOfTurn: []string{"<|im_end|>", "<|endoftext|>"},
	})
}
