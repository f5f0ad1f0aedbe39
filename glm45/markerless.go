package glm45

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// markerless is older GLM-4's call with no markers, as the machine's
// hooks: a response that starts with a requested tool's name on its own
// line, then a JSON object, and nothing else. The object is read as it
// arrives, by the reader that also finds where it ends.
type markerless struct {
	args  *pythonic.Reader // from the pool while the object is open
	state mlState
	nlAt  int // where the newline after the name is in the pending item
}

type mlState uint8

const (
	mlName  mlState = iota // the name
	mlOpen                 // after the newline: the object's '{'?
	mlArgs                 // the object
	mlAfter                // after the object: only whitespace may follow
)

func (h *markerless) Start(m *block.Machine, s string, i int) bool {
	if !pythonic.IsNameStartByte(s[i]) || len(m.Req.Tools) == 0 {
		return false
	}
	m.Begin(i)
	m.Enter()
	h.state = mlName
	return true
}

func (h *markerless) AfterBlock(*block.Machine, block.Block, string, int) {}

func (h *markerless) At(*block.Machine, string, int, int) (int, int, bool) { return 0, 0, false }

func (h *markerless) InCandidate() bool { return h.state == mlArgs }

func (h *markerless) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch h.state {
	case mlName:
		for i < len(s) && (pythonic.IsNameByte(s[i]) || s[i] == '-' || s[i] == '.') {
			i++
		}
		switch {
		case i == len(s):
			if m.Len(s, i) > 256 {
				return m.Abandon(dst, s, i)
			}
			return dst, i
		case s[i] != '\n':
			return m.Abandon(dst, s, i)
		}
		h.nlAt, h.state = m.Len(s, i), mlOpen
		return dst, i + 1
	case mlOpen:
		if s[i] != '{' {
			return m.Abandon(dst, s, i)
		}
		h.state = mlArgs
		pythonic.ReleaseValue(h.args)
		h.args = pythonic.NewValue(*m.Parser())
		return dst, i
	case mlArgs:
		st, i := m.FeedReader(h.args, s, i)
		switch {
		case st == pythonic.Open && i == len(s):
			return dst, i
		case st == pythonic.Closed:
			h.state = mlAfter
			return dst, i
		}
		return m.Abandon(dst, s, i)
	}
	j := i
	for j < len(s) && jsonvalue.IsSpace(s[j]) {
		j++
	}
	if j < len(s) {
		return m.Abandon(dst, s, j)
	}
	return dst, j
}

// Reading implements block.Reading: the arguments' reader while it reads.
func (h *markerless) Reading() *pythonic.Reader {
	if h.state != mlArgs {
		return nil
	}
	return h.args
}

// Close decides the response: a call when it held nothing but a requested
// tool's name and its arguments.
func (h *markerless) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if h.state != mlAfter {
		return m.Emit(dst, "", 0)
	}
	start := m.Start()
	text := m.Text("", 0)
	name := text[:h.nlAt]
	if !m.Req.IsKnownTool(name) {
		m.Diag(toolcall.KindUnknownTool, start, name, "a call without markers names a tool the request does not offer")
		return m.Content(dst, text)
	}
	raw, err := h.args.Stable(), h.args.Close() // read as it arrived
	args := ""
	if err == nil {
		args, err = jsoncall.Arguments(raw, m.Parser())
	}
	pythonic.ReleaseValue(h.args)
	h.args = nil
	if err != nil {
		m.DiagErr(err, start+h.nlAt+1, "")
		return m.Content(dst, text)
	}
	return m.Call(dst, toolcall.Call{Name: name, Arguments: args}, start)
}
