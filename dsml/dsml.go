package dsml

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/toolcall"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileV41 is DeepSeek-V4.1's template: V4.1's spelling, a
	// reasoning-effort line in the system turn, thinking on by default.
	// The default.
	ProfileV41 = "v4.1"
	// ProfileV4 is DeepSeek-V4's (V4-Flash, V4-Pro): V4's spelling,
	// thinking off by default.
	ProfileV4 = "v4"
	// ProfileV32 is DeepSeek-V3.2's: V3.2's spelling, function results
	// in the assistant's turn, thinking off by default.
	ProfileV32 = "v3.2"
	// ProfileV32Speciale is V3.2's template with thinking on by default:
	// DeepSeek-V3.2-Speciale, which always reasons.
	ProfileV32Speciale = "v3.2-speciale"
)

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfileV41, Models: []string{"deepseek v4.1"}, OpensReasoning: true,
		Template: []string{"｜DSML｜", "Available Tool Schemas", "Reasoning Effort", "!tool_calls>"}},
	{Name: ProfileV4, Models: []string{"deepseek v4 !v4.1"},
		Template: []string{"｜DSML｜", "Available Tool Schemas", "tool_calls>", "!Reasoning Effort"}},
	{Name: ProfileV32, Models: []string{"deepseek v3.2 !exp !speciale"},
		Template: []string{"｜DSML｜", "function_calls>"}},
	{Name: ProfileV32Speciale, Models: []string{"deepseek v3.2 speciale"}, OpensReasoning: true},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

// spelling is how one generation of the models writes its tags.
type spelling struct {
	block, blockEnd   string // the block around the calls
	invoke, invokeEnd string // a call: its open tag up to its name, and its end tag
	param, paramEnd   string // a parameter: its open tag up to its key, and its close tag
	markers           tagargs.Markers
}

// newSpelling makes the spelling whose tags are <｜DSML｜ + pre + name.
func newSpelling(pre, blockName string) *spelling {
	const dsml = "｜DSML｜"
	s := &spelling{
		block: "<" + dsml + pre + blockName + ">", blockEnd: "</" + dsml + pre + blockName + ">",
		invoke: "<" + dsml + pre + `invoke name="`, invokeEnd: "</" + dsml + pre + "invoke>",
		param: "<" + dsml + pre + `parameter name="`, paramEnd: "</" + dsml + pre + "parameter>",
	}
	s.markers = tagargs.Markers{
		Call: s.invoke, NameEnd: `">`, Param: s.param, KeyEnd: `">`, Close: s.paramEnd, End: s.invokeEnd,
		// What may end the block after a value: a follower fed the start
		// of one waits.
		Outer: []string{s.blockEnd, eosText},
		// A value's close tag may not be missing (Missing is off): a value
		// that runs to the invoke's end breaks the invoke (see read), so
		// no reading resumes after a tentative end, and a block costs its
		// length once.
		JSONArgs: true, KeyName: keyName,
		NameMsg:    "an invoke's name has no closing \">",
		KeyMsg:     "a parameter's tag has no closing \">",
		BetweenMsg: "neither a parameter nor " + s.invokeEnd + " in an invoke",
	}
	return s
}

// The three spellings.
var (
	v32 = newSpelling("", "function_calls")
	v4  = newSpelling("", "tool_calls")
	v41 = newSpelling(" ", "calls")
)

// The tokens of the models that are not DSML tags.
const (
	bosText       = "<｜begin▁of▁sentence｜>"
	eosText       = "<｜end▁of▁sentence｜>"
	userText      = "<｜User｜>"
	assistantText = "<｜Assistant｜>"
	systemText    = "<｜System｜>"
	thinkOpen     = "<think>"
	thinkClose    = "</think>"
)

// The format's markers, keyed by these tokens.
const (
	blockV32 block.Token = iota
	blockV32End
	blockV4
	blockV4End
	blockV41
	blockV41End
	eos
)

// The kinds of block: one per spelling.
const (
	kV32 = iota
	kV4
	kV41
)

// opens are the markers that open a block: each ends a block whose end
// marker is missing, and opens the next.
var opens = []block.Token{blockV32, blockV4, blockV41}

// kind is the block of a spelling: it ends at its end marker; inside a
// value no marker counts but the value's close tag, or the invoke's end
// when the close tag is missing; a close tag that anything but a
// parameter, the invoke's end or the block's end follows is text in the
// value.
func kind(s *spelling, read func(*block.Machine, string) ([]block.Item, error), follow func(*block.Machine) block.Follower, end block.Token) block.Kind {
	return block.Kind{End: end, Yields: opens, Scan: block.ScanTagged,
		Value: [2]string{s.param, s.paramEnd}, ValueEnds: []string{s.invokeEnd}, ValueNext: []string{s.invokeEnd},
		Read: read, Follow: follow}
}

var table = block.Format{
	TurnEnds: true, // <｜end▁of▁sentence｜> ends the response
	Markers: []block.Marker{
		blockV32:    {Text: v32.block, Role: block.Opens, Kind: kV32},
		blockV32End: {Text: v32.blockEnd}, // orphans: dropped
		blockV4:     {Text: v4.block, Role: block.Opens, Kind: kV4},
		blockV4End:  {Text: v4.blockEnd},
		blockV41:    {Text: v41.block, Role: block.Opens, Kind: kV41},
		blockV41End: {Text: v41.blockEnd},
		eos:         {Text: eosText, EndsTurn: true},
	},
	Kinds: []block.Kind{
		kV32: kind(v32, readV32, followV32, blockV32End),
		kV4:  kind(v4, readV4, followV4, blockV4End),
		kV41: kind(v41, readV41, followV41, blockV41End),
	},
}

// Format is the DeepSeek DSML format: V3.2's, V4's and V4.1's spellings.
//
// It implements toolcall.Reasoner: <think> ... </think>. A prompt
// with thinking on ends with <think> open (V4.1's by default), so a
// stream told nothing of the prompt holds the output's start until it can
// tell; a block of calls opened before </think> ends the reasoning.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("dsml"), methods, constraints,
	&toolcall.Reasoning{Open: thinkOpen, Close: thinkClose, EndedBy: []string{v32.block, v4.block, v41.block}, OpenedByPrompt: true})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format: Format,
		// After V4.1's prompt, which opens the reasoning: the reasoning,
		// </think>, the content, a blank line and the calls.
		Reply:     prompt.Reply{Open: thinkOpen, Close: thinkClose, Opened: true, Sep: "\n\n", End: eosText, Render: RenderCalls}.Write,
		Aliases:   []string{"deepseek_dsml", "deepseek_v32", "deepseek_v4", "deepseek_v41"},
		Profiles:  profiles,
		EndOfTurn: []string{eosText},
	})
}
