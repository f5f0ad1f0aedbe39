package kimik2

import (
	"github.com/toolparse/toolparse/internal/prompt"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/clip"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	sectionBeginText  = "<|tool_calls_section_begin|>"
	sectionEndText    = "<|tool_calls_section_end|>"
	sectionBegin1Text = "<|tool_call_section_begin|>"
	sectionEnd1Text   = "<|tool_call_section_end|>"
	callBeginText     = "<|tool_call_begin|>"
	argBeginText      = "<|tool_call_argument_begin|>"
	callEndText       = "<|tool_call_end|>"
)

// The format's markers, keyed by these tokens.
const (
	sectionBegin block.Token = iota
	sectionBegin1
	callBegin
	sectionEnd
	sectionEnd1
	callEnd
	imEnd
)

// The kinds of block.
const (
	kSection  = iota // a section of calls
	kSection1        // a section opened by the singular marker
	kCall            // a call with no section around it
)

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		sectionBegin:  {Text: sectionBeginText, Role: block.Opens, Kind: kSection},
		sectionBegin1: {Text: sectionBegin1Text, Role: block.Opens, Kind: kSection1},
		callBegin:     {Text: callBeginText, Role: block.Opens, Kind: kCall},
		sectionEnd:    {Text: sectionEndText, Role: block.Kept},
		sectionEnd1:   {Text: sectionEnd1Text, Role: block.Kept},
		callEnd:       {Text: callEndText, Role: block.Kept},
		imEnd:         {Text: "<|im_end|>", EndsTurn: true},
	},
	Kinds: []block.Kind{
		kSection:  {End: sectionEnd, Yields: []block.Token{sectionEnd1}, Scan: block.ScanPlain, Read: readSection, Follow: follow},
		kSection1: {End: sectionEnd1, Yields: []block.Token{sectionEnd}, Scan: block.ScanPlain, Read: readSection, Follow: follow},
		kCall: {End: callEnd, Yields: []block.Token{callBegin, sectionBegin, sectionBegin1, sectionEnd, sectionEnd1},
			Scan: block.ScanPlain, Read: readCall, Follow: follow},
	},
}

// Format is the Kimi K2 format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = format{formatdef.NewReasoned(table.Named("kimi_k2"), methods, constraints,
	&toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{sectionBeginText, sectionBegin1Text, callBeginText}})}

type format struct{ formatdef.Reasoned }

// NewCallID is the ID the stream gives a call (the stream asks a format
// that has this method): a call whose ID the text did not give (or gave
// naming no tool) gets Kimi's own form, functions.NAME:INDEX, which its
// template writes back as it is.
func (format) NewCallID(c toolcall.Call) string {
	return "functions." + c.Name + ":" + strconv.Itoa(c.Index)
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Open: "<think>", Close: "</think>", Sep: "", End: "<|im_end|>", Render: RenderCalls}.Write,
		Aliases:   []string{"kimi", "kimi_k2_5"},
		Profiles:  []toolcall.Profile{{Name: ProfileK2Thinking, Models: []string{"kimi !k3"}, Template: []string{"<|tool_calls_section_begin|>", "<think>"}}},
		EndOfTurn: []string{"<|im_end|>"},
	})
}

// RenderCalls writes calls as Kimi K2 writes them: a section, and per call
// <|tool_call_begin|>ID<|tool_call_argument_begin|>ARGS<|tool_call_end|>,
// the ID the call's own when it has the form functions.NAME:IDX, else
// functions.NAME and the call's place in calls. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return prompt.ArgsSection("kimik2", sectionBeginText, sectionEndText, calls, func(b []byte, i int, c toolcall.Call, args jsonvalue.Value) []byte {
		b = args.AppendJSON(append(b, callBeginText+callID(c, i)+argBeginText...))
		return append(b, callEndText...)
	})
}

// callID returns a call's ID in Kimi's form: its own, or
// functions.NAME:n.
func callID(c toolcall.Call, n int) string {
	if strings.HasPrefix(c.ID, "functions.") && NameOf(c.ID) == c.Name && c.ID != c.Name {
		return c.ID
	}
	return "functions." + c.Name + ":" + strconv.Itoa(n)
}

var readSection, readCall = block.Sections(callBeginText, callEndText, readOne)

// follow follows the first call of a section, or a call, while it
// arrives: its header is the text before the arguments' '{'.
var follow = block.FollowArgs(func(h string) (name, id string, ok bool) {
	h = strings.TrimPrefix(strings.TrimLeft(h, jsonvalue.Spaces), callBeginText)
	a := strings.Index(h, argBeginText)
	if a < 0 || strings.TrimSpace(h[a+len(argBeginText):]) != "" {
		return "", "", false
	}
	id, name, err := head(h[:a], 0)
	return name, id, err == nil && !nameless(name) // a nameless ID's tool is known only from the arguments
})

// head reads a call's ID, the text before <|tool_call_argument_begin|>.
func head(text string, off int) (id, name string, err error) {
	id = strings.TrimSpace(text)
	name = NameOf(id)
	if name == "" || strings.ContainsAny(name, " \t\r\n<>{}") {
		return "", "", &toolcall.SyntaxError{Offset: off, Msg: "not a call ID: " + id}
	}
	return id, name, nil
}

// readOne reads one call's text: its ID, <|tool_call_argument_begin|>,
// its arguments.
func readOne(m *block.Machine, text string, off int) (toolcall.Call, error) {
	a := strings.Index(text, argBeginText)
	if a < 0 {
		return toolcall.Call{}, &toolcall.SyntaxError{Offset: off, Msg: "a call without <|tool_call_argument_begin|>"}
	}
	id, name, err := head(text[:a], off)
	if err != nil {
		return toolcall.Call{}, err
	}
	args := "{}"
	body := strings.TrimSpace(text[a+len(argBeginText):])
	if body == "" && m.CutOff() {
		return toolcall.Call{}, block.ErrCutOff
	}
	if body != "" {
		var err error
		if args, err = jsoncall.ValueArguments(body, m.Parser()); err != nil {
			return toolcall.Call{}, &toolcall.SyntaxError{Offset: off + a, Msg: "the arguments of " + name + " do not parse: " + err.Error()}
		}
	}
	if m.Requested(name) {
		return toolcall.Call{ID: id, Name: name, Arguments: args}, nil
	}
	if n := unglued(name); n != name && m.Requested(n) { // functionsexec5: exec
		return toolcall.Call{Name: n, Arguments: args}, nil
	}
	if !nameless(name) {
		return toolcall.Call{ID: id, Name: name, Arguments: args}, nil // a tool the request does not offer
	}
	if members, ok := jsonkeys.Members(args); ok && len(members) == 0 {
		// Every tool that requires no key "fits" {}: nothing tells which.
		return toolcall.Call{}, &toolcall.SyntaxError{Offset: off, Msg: "the call ID " + clip.Quote(id) + " names no tool, and its arguments are empty: nothing tells which tool it calls"}
	}
	tool, ok := inferTool(m.Req, args)
	if !ok {
		return toolcall.Call{}, &toolcall.SyntaxError{Offset: off, Msg: "the call ID " + clip.Quote(id) + " names no tool, and no one requested tool fits its arguments"}
	}
	m.Diag(toolcall.KindSyntax, m.BodyStart()+off, tool, "the call ID "+clip.Quote(id)+" names no tool: read as a call to "+tool+", the one requested tool its arguments fit")
	return toolcall.Call{Name: tool, Arguments: args}, nil
}

// nameless reports whether a call ID's name part names nothing: Kimi K2
// sometimes writes a bare index (0, 3) or an ID of its own (call00003).
func nameless(name string) bool {
	n := strings.TrimLeft(strings.ToLower(name), "_")
	for _, prefix := range [...]string{"call", "tool", "id", "functions"} {
		n = strings.TrimPrefix(n, prefix)
	}
	return strings.Trim(n, "0123456789_-:.") == ""
}

// unglued reads a name that an ID glued to "functions" and its index:
// functionsexec5 is exec.
func unglued(name string) string {
	n, ok := strings.CutPrefix(name, "functions")
	if !ok {
		return name
	}
	return strings.TrimRight(n, "0123456789_:")
}

// maxInfer is how many requested tools inferTool compares arguments with:
// past it the tool is not inferred (a request with thousands of tools
// would make every nameless call cost a look at each).
const maxInfer = 128

// inferTool returns the one requested tool whose schema the arguments fit
// (every required key present, no key it does not list), if exactly one
// does and the request offers at most maxInfer tools.
func inferTool(req *toolcall.Request, args string) (string, bool) {
	if len(req.Tools) > maxInfer {
		return "", false
	}
	members, ok := jsonkeys.Members(args)
	if !ok {
		return "", false
	}
	found := ""
	for k, t := range req.Tools {
		if !fits(schemacore.Of(req, k), members) {
			continue
		}
		if found != "" {
			return "", false // two fit: no one can tell which
		}
		found = t.Name
	}
	return found, found != ""
}

// fits reports whether arguments with members fit the tool's schema: its
// required keys present, and no key the schema does not list. A tool whose
// schema lists no properties fits no arguments but none.
func fits(s *schemacore.Schema, members []jsonkeys.Member) bool {
	var required map[string]bool // the required keys present, each once
	for _, m := range members {
		if has, _ := s.Property(m.Key); !has {
			return false
		}
		if s.IsRequired(m.Key) {
			if required == nil {
				required = map[string]bool{}
			}
			required[m.Key] = true
		}
	}
	return len(required) == len(s.Required())
}

// NameOf returns the function name in a call ID: functions.NAME:IDX, or
// NAME:IDX, or NAME.
func NameOf(id string) string {
	name := strings.TrimPrefix(id, "functions.")
	if c := strings.LastIndexByte(name, ':'); c >= 0 && c+1 < len(name) && strings.Trim(name[c+1:], "0123456789") == "" {
		name = name[:c]
	}
	return name
}
