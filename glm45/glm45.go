package glm45

import (
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the GLM-4.5 / 4.6 / 4.7 format.
var Format toolcall.Format = format{}

// The tags of the format.
const (
	startText    = "<tool_call>"
	endText      = "</tool_call>"
	keyText      = "<arg_key>"
	keyEndText   = "</arg_key>"
	valueText    = "<arg_value>"
	valueEndText = "</arg_value>"
)

// The format's markers, keyed by these tokens.
const (
	toolCall block.Token = iota
	toolCallEnd
	user
	observation
	endOfText
)

const kCall = 0 // the one kind of block

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		toolCall:    {Text: startText, Role: block.Opens, Kind: kCall},
		toolCallEnd: {Text: endText}, // an orphan: dropped
		user:        {Text: "<|user|>", EndsTurn: true},
		observation: {Text: "<|observation|>", EndsTurn: true},
		endOfText:   {Text: "<|endoftext|>", EndsTurn: true},
	},
	// A value's </arg_value> is followed by the next <arg_key> or the
	// block's end; followed by anything else, it is text in the value.
	Kinds: []block.Kind{kCall: {End: toolCallEnd, Scan: block.ScanTagged, Value: [2]string{valueText, valueEndText}, ValueNext: []string{keyText}, Read: readCall, Follow: follow}},
	Hooks: func() block.Hooks { return new(markerless) },
}

type format struct{}

// Reasoning implements toolcall.Reasoner.
func (format) Reasoning() toolcall.Reasoning {
	return toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{startText}, OpenedByPrompt: true}
}

func (format) Name() string { return "glm45" }

func (format) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return block.NewDecoder(&table, req)
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   prompt.Reply{Open: "<think>", Close: "</think>", Opened: true, Sep: "\n", End: "<|user|>", Render: RenderCalls}.Write,
		Aliases: []string{"glm4_5", "glm47", "glm4_7", "glm"},
		Profiles: []toolcall.Profile{
			{Name: ProfileGLM47, Models: []string{"glm4.7", "glm5", "laguna", "ling3", "ringflash", "spark2.5"}, OpensReasoning: true,
				Template: []string{"<arg_key>", "<arg_value>", "else '<think>'"}},
			{Name: ProfileGLM46, Models: []string{"glm4"}, Template: []string{"<arg_key>", "<arg_value>", "'\\n<think></think>' if"}},
		},
		EndOfTurn: []string{"<|user|>", "<|observation|>", "<|endoftext|>"},
	})
}

// valueEnd returns where the value that starts at body[j] ends (relative
// to j), or -1: at the first </arg_value> that whitespace and then the end
// of the body or an <arg_key>K</arg_key> for a fresh K (not the value's
// own key, not set yet, and a parameter of the tool when its schema lists
// them) follow. Any other </arg_value> is text in the value (a file that
// holds GLM's own tags).
func valueEnd(body string, j int, key string, b *textargs.Builder) int {
	for from := j; ; {
		v := strings.Index(body[from:], valueEndText)
		if v < 0 {
			return -1
		}
		end := from + v
		rest := body[jsonvalue.SkipSpace(body, end+len(valueEndText)):]
		if rest == "" {
			return end - j
		}
		if k, ok := strings.CutPrefix(rest, keyText); ok {
			if e := strings.Index(k[:min(len(k), maxKey+len(keyEndText))], keyEndText); e >= 0 {
				if next := strings.TrimSpace(k[:e]); next != key && b.Fresh(next) {
					return end - j
				}
			}
		}
		from = end + len(valueEndText)
	}
}

// maxKey is the longest argument name a tag inside a value is read with.
const maxKey = 256

// readCall reads a <tool_call> block's body: a name, then key and value
// pairs.
func readCall(m *block.Machine, body string) ([]block.Item, error) {
	if strings.TrimSpace(body) == "" {
		return nil, nil
	}
	i := jsonvalue.SkipSpace(body, 0)
	n := strings.Index(body[i:], keyText)
	if n < 0 {
		n = len(body) - i
	}
	name := strings.TrimSpace(body[i : i+n])
	if !textargs.ValidName(name) {
		return nil, &toolcall.SyntaxError{Offset: i, Msg: "not a function name: " + strings.TrimSpace(body[i:i+min(n, 40)])}
	}
	b := textargs.Get(m.Req, name)
	defer textargs.Put(b)
	var repaired []*toolcall.SyntaxError
	set := func(key, val string, at int) {
		if note := b.Set(key, val, at); note != nil {
			repaired = append(repaired, note)
		}
	}
	j := i + n
	for {
		j = jsonvalue.SkipSpace(body, j)
		if j == len(body) {
			break
		}
		if !strings.HasPrefix(body[j:], keyText) {
			return nil, &toolcall.SyntaxError{Offset: j, Msg: "expected <arg_key>"}
		}
		j += len(keyText)
		k := strings.Index(body[j:], keyEndText)
		if k < 0 {
			return nil, &toolcall.SyntaxError{Offset: j, Msg: "an <arg_key> is not closed"}
		}
		key, at := strings.TrimSpace(body[j:j+k]), j
		j = jsonvalue.SkipSpace(body, j+k+len(keyEndText))
		if !strings.HasPrefix(body[j:], valueText) {
			return nil, &toolcall.SyntaxError{Offset: j, Msg: "expected <arg_value>"}
		}
		j += len(valueText)
		v := valueEnd(body, j, key, b)
		if v < 0 && m.CutOff() { // the end of the response cut the value
			return nil, block.ErrCutOff
		}
		if v < 0 { // a missing </arg_value> at the end of the block
			v = len(body) - j
			set(key, strings.TrimSuffix(body[j:j+v], "\n"), at)
			j = len(body)
			continue
		}
		set(key, body[j:j+v], at)
		j += v + len(valueEndText)
	}
	if m.CutOff() && (b.Len() == 0 || !b.Complete()) { // the end of the response came before the arguments did
		return nil, block.ErrCutOff
	}
	c := toolcall.Call{Name: name, Arguments: b.JSON()}
	return append(m.ItemBuffer(), block.Item{Call: &c, Offset: i, Repaired: repaired}), nil
}
