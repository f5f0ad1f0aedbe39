package llama3json

import (
	"errors"
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonprose"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	pythonTagText   = "<|python_tag|>"
	functionText    = "<function="
	functionEndText = "</function>"
)

// The format's markers, keyed by these tokens.
const (
	pythonTag block.Token = iota
	function
	functionEnd
	eot
	eom
)

// The kinds of block.
const (
	kTag  = iota // <|python_tag|> to the end of the message
	kFunc        // <function=NAME>{...}</function>
)

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		pythonTag:   {Text: pythonTagText, Role: block.Opens, Kind: kTag},
		function:    {Text: functionText, Role: block.Opens, Kind: kFunc},
		functionEnd: {Text: functionEndText}, // an orphan: dropped
		eot:         {Text: "<|eot_id|>", EndsTurn: true},
		eom:         {Text: "<|eom_id|>", EndsTurn: true},
	},
	Kinds: []block.Kind{
		kTag:  {End: block.NoToken, Yields: []block.Token{pythonTag}, Scan: block.ScanCode, Read: readTag, ReadsOnTheWay: true, Follow: block.FollowDecode},
		kFunc: {End: functionEnd, Scan: block.ScanCode, Headed: true, Read: readFunc, Follow: followFunc},
	},
	Hooks:    func() block.Hooks { return jsonprose.New(jsonprose.Options{}) },
	Triggers: "{",
}

// Format is the Llama 3.x JSON format.
var Format toolcall.Format = formatdef.New(table.Named("llama3_json"), methods, constraints)

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfileLlama31, Models: []string{"llama3"}, Template: []string{"<|start_header_id|>", "<|python_tag|>", "Environment: ipython", "Given the following functions", "!strftime_now", "!<function=", "!You are a helpful assistant with tool calling"}},
	{Name: ProfileLlama32, Models: []string{"llama3.2"}, Template: []string{"<|start_header_id|>", "Environment: ipython", "Given the following functions", "strftime_now", "!<|python_tag|>", "!<function=", "!You are a helpful assistant with tool calling", "!<|header_start|>"}},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Sep: " ", End: "<|eot_id|>", Render: RenderCalls}.Write,
		Aliases:   []string{"llama3", "llama3_1", "llama3_2", "llama3_3"},
		Profiles:  profiles,
		EndOfTurn: []string{"<|eot_id|>", "<|eom_id|>"},
	})
}

var errNotCalls = errors.New("the message holds no calls")

// readTag reads what follows <|python_tag|>.
func readTag(m *block.Machine, body string) ([]block.Item, error) {
	trimmed := strings.TrimSpace(body)
	if trimmed == "" {
		return nil, nil
	}
	items, err := m.Decode(body)
	if err == nil && builtins(m, items) {
		return items, nil
	}
	if m.Req.Match("code_interpreter") >= 0 {
		args := `{"code":` + string(jsonvalue.AppendString(nil, trimmed)) + "}"
		c := toolcall.Call{Name: "code_interpreter", Arguments: args}
		return []block.Item{{Call: &c}}, nil
	}
	if err == nil {
		err = errNotCalls
	}
	return nil, err
}

// builtins renames the built-in tool calls among items (brave_search.call)
// to their tool, and reports whether every item is a call and every
// built-in one is to a requested tool.
func builtins(m *block.Machine, items []block.Item) bool {
	for _, it := range items {
		if it.Call == nil {
			return false
		}
		if name, ok := strings.CutSuffix(it.Call.Name, ".call"); ok {
			if !m.Requested(name) {
				return false
			}
			it.Call.Name = name
		}
	}
	return len(items) > 0
}

// funcName reads the NAME> that follows <function=.
func funcName(body string) (name string, gt int, err error) {
	gt = strings.IndexByte(body, '>')
	if gt <= 0 {
		return "", 0, &toolcall.SyntaxError{Msg: "<function= has no name"}
	}
	name = body[:gt]
	if strings.ContainsAny(name, " \t\r\n<{\"'") {
		return "", 0, &toolcall.SyntaxError{Msg: "not a function name"}
	}
	return name, gt, nil
}

// followFunc follows a <function=NAME> call while it arrives.
var followFunc = block.FollowArgs(func(h string) (name, id string, ok bool) {
	name, gt, err := funcName(h)
	return name, "", err == nil && strings.TrimSpace(h[gt+1:]) == ""
})

// readFunc reads NAME>{...} after <function=.
func readFunc(m *block.Machine, body string) ([]block.Item, error) {
	name, gt, err := funcName(body)
	if err != nil {
		return nil, err
	}
	args := "{}"
	if rest := strings.TrimSpace(body[gt+1:]); rest != "" {
		raw, err := m.ReadValue(body, gt+1)
		if err == nil {
			args, err = jsoncall.Arguments(raw, m.Parser())
		}
		if err != nil {
			return nil, &toolcall.SyntaxError{Offset: gt + 1, Msg: err.Error()}
		}
	}
	return m.OneCall(toolcall.Call{Name: name, Arguments: args}, 0), nil
}
