package gemma4

import (
	"errors"
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// callPrefix starts every call's body.
const callPrefix = "call:"

func readGemma(m *block.Machine, body string) ([]block.Item, error) {
	return readCall(m, body, quoteText)
}

func readFunctionGemma(m *block.Machine, body string) ([]block.Item, error) {
	return readCall(m, body, fgQuoteText)
}

// errCut says the body ended before the arguments did.
var errCut = errors.New("cut")

// readCall reads one block's body, call:NAME{ARGS}, whose strings stand
// between quote tokens q. An empty body is no call and no content.
func readCall(m *block.Machine, body, q string) ([]block.Item, error) {
	i := jsonvalue.SkipSpace(body, 0)
	if i == len(body) {
		return nil, nil
	}
	if !strings.HasPrefix(body[i:], callPrefix) {
		if m.CutOff() && strings.HasPrefix(callPrefix, body[i:]) {
			return nil, block.ErrCutOff
		}
		return nil, &toolcall.SyntaxError{Offset: i, Msg: "a call's body must begin with call:"}
	}
	at := i
	i += len(callPrefix)
	n := strings.IndexByte(body[i:], '{')
	if n < 0 {
		if m.CutOff() && validName(strings.TrimSpace(body[i:])) {
			return nil, block.ErrCutOff
		}
		return nil, &toolcall.SyntaxError{Offset: i, Msg: "a call's arguments must be an object in { }"}
	}
	name := strings.TrimSpace(body[i : i+n])
	if !validName(name) {
		return nil, &toolcall.SyntaxError{Offset: i, Msg: "not a function name: " + clipText(body[i:i+n])}
	}
	p := argParser{s: body, i: i + n, q: q, max: m.Limits.MaxDepth}
	if k := m.Req.Match(name); k >= 0 {
		p.tool = schemacore.Of(m.Req, k)
	}
	p.out = make([]byte, 0, len(body)-p.i+8)
	err := p.value(0, "")
	switch {
	case errors.Is(err, errCut) && m.CutOff():
		return nil, block.ErrCutOff
	case errors.Is(err, errCut):
		return nil, &toolcall.SyntaxError{Offset: len(body), Msg: "the call's arguments are not complete"}
	case err != nil:
		return nil, err
	}
	if rest := jsonvalue.SkipSpace(body, p.i); rest < len(body) {
		return nil, &toolcall.SyntaxError{Offset: rest, Msg: "text after the call's arguments: " + clipText(body[rest:])}
	}
	c := toolcall.Call{Name: name, Arguments: string(p.out)}
	return append(m.ItemBuffer(), block.Item{Call: &c, Offset: at}), nil
}

// validName reports whether name can be a function's name: one in a
// tagged format (textargs.ValidName), with no bracket or comma either.
func validName(name string) bool {
	return textargs.ValidName(name) && !strings.ContainsAny(name, "[],")
}

// clipText is text shortened for a diagnostic.
func clipText(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// argParser reads Gemma's argument language into JSON: objects with bare
// keys, arrays, strings between quote tokens, and bare values. Each byte
// is read once.
type argParser struct {
	s    string
	i    int
	q    string // the string quote token
	max  int    // the deepest nesting allowed
	out  []byte
	tool *schemacore.Schema // the tool's schema, for the types of its top-level arguments; or nil
}

func (p *argParser) fail(msg string) error {
	return &toolcall.SyntaxError{Offset: p.i, Msg: msg}
}

// value reads one value at depth; key is its argument's name when it is a
// top-level argument's value, else "".
func (p *argParser) value(depth int, key string) error {
	p.i = jsonvalue.SkipSpace(p.s, p.i)
	if p.i == len(p.s) {
		return errCut
	}
	if depth > p.max {
		return p.fail("the arguments nest too deep")
	}
	switch c := p.s[p.i]; {
	case strings.HasPrefix(p.s[p.i:], p.q):
		text, err := p.str()
		if err != nil {
			return err
		}
		p.out = jsonvalue.AppendString(p.out, text)
		return nil
	case c == '"': // a JSON string, as Ollama's reader takes one
		text, err := p.jsonString()
		if err != nil {
			return err
		}
		p.out = jsonvalue.AppendString(p.out, text)
		return nil
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case depth == 0:
		return p.fail("a call's arguments must be an object in { }")
	case c == '<' && strings.HasPrefix(p.q, p.s[p.i:]):
		return errCut // a quote token the end cut
	}
	return p.bare(key)
}

// jsonString reads a JSON string, escapes and all.
func (p *argParser) jsonString() (string, error) {
	j := p.i + 1
	for j < len(p.s) && p.s[j] != '"' {
		if p.s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(p.s) {
		return "", errCut
	}
	v, err := jsonvalue.Decode(p.s[p.i : j+1])
	if err != nil || v.Kind != jsonvalue.String {
		return "", p.fail("a broken JSON string")
	}
	p.i = j + 1
	return v.Str, nil
}

// str reads a string between quote tokens: its text is raw, with no
// escapes.
func (p *argParser) str() (string, error) {
	from := p.i + len(p.q)
	n := strings.Index(p.s[from:], p.q)
	if n < 0 {
		return "", errCut
	}
	p.i = from + n + len(p.q)
	return p.s[from : from+n], nil
}

func (p *argParser) object(depth int) error {
	for first := true; ; first = false {
		if closed, err := p.next('}', first, "expected ',' or '}' in an object"); closed || err != nil {
			return err
		}
		key, err := p.key()
		if err != nil {
			return err
		}
		if !first {
			p.out = append(p.out, ',')
		}
		p.out = jsonvalue.AppendString(p.out, key)
		p.out = append(p.out, ':')
		top := ""
		if depth == 0 {
			top = key
		}
		if err := p.value(depth+1, top); err != nil {
			return err
		}
	}
}

// key reads an object's key and its ':': bare text, or a string between
// quote tokens.
func (p *argParser) key() (string, error) {
	var key string
	if strings.HasPrefix(p.s[p.i:], p.q) || p.s[p.i] == '"' {
		str := p.str
		if p.s[p.i] == '"' {
			str = p.jsonString
		}
		k, err := str()
		if err != nil {
			return "", err
		}
		key = k
		p.i = jsonvalue.SkipSpace(p.s, p.i)
		if p.i == len(p.s) {
			return "", errCut
		}
		if p.s[p.i] != ':' {
			return "", p.fail("expected ':' after a key")
		}
	} else {
		j := p.i
		for j < len(p.s) && !keyStop[p.s[j]] {
			j++
		}
		if j == len(p.s) {
			return "", errCut
		}
		if p.s[j] != ':' {
			p.i = j
			return "", p.fail("expected ':' after a key")
		}
		key = strings.TrimSpace(p.s[p.i:j])
		if key == "" {
			return "", p.fail("an empty key")
		}
		p.i = j
	}
	p.i++ // ':'
	return key, nil
}

var keyStop = [256]bool{':': true, '{': true, '}': true, '[': true, ']': true, ',': true, '<': true, '\n': true}

func (p *argParser) array(depth int) error {
	for first := true; ; first = false {
		if closed, err := p.next(']', first, "expected ',' or ']' in an array"); closed || err != nil {
			return err
		}
		if !first {
			p.out = append(p.out, ',')
		}
		if err := p.value(depth+1, ""); err != nil {
			return err
		}
	}
}

// next moves to the next element of an object or array, which end
// closes: the first past its opening, at p.i, which it writes; the next
// after an element, where a ',' must come first (a trailing one is
// dropped). closed says end came instead, and was written; else the
// element starts at p.i. msg is the error when neither ',' nor end follows
// an element.
func (p *argParser) next(end byte, first bool, msg string) (closed bool, err error) {
	if first {
		p.out = append(p.out, p.s[p.i]) // '{' or '['
		p.i++
	}
	p.i = jsonvalue.SkipSpace(p.s, p.i)
	if p.i < len(p.s) && !first && p.s[p.i] != end {
		if p.s[p.i] != ',' {
			return false, p.fail(msg)
		}
		p.i = jsonvalue.SkipSpace(p.s, p.i+1)
	}
	switch {
	case p.i == len(p.s):
		return false, errCut
	case p.s[p.i] == end:
		p.i++
		p.out = append(p.out, end)
		return true, nil
	}
	return false, nil
}

// bare reads a value written without quotes, to the next ',', '}' or ']':
// true, false, null and JSON numbers are themselves, except where the
// tool's schema types a top-level argument key as a string only (its text
// is then the string); any other text is a string, which the stream's
// schema coercion may type.
func (p *argParser) bare(key string) error {
	j := p.i
	for j < len(p.s) && !bareStop[p.s[j]] {
		j++
	}
	if j == len(p.s) {
		return errCut
	}
	if p.s[j] == '<' {
		p.i = j
		return p.fail("a tag in a value written without quotes")
	}
	text := strings.TrimSpace(p.s[p.i:j])
	p.i = j
	if text == "" {
		return p.fail("a missing value")
	}
	literal := text == "true" || text == "false" || text == "null" || jsonvalue.IsNumber(text)
	if literal && (key == "" || !stringOnly(p.tool.PropertyTypes(key))) {
		p.out = append(p.out, text...)
		return nil
	}
	p.out = jsonvalue.AppendString(p.out, text)
	return nil
}

var bareStop = [256]bool{',': true, '}': true, ']': true, '<': true, '{': true, '[': true}

// stringOnly reports whether types allow a string and nothing else.
func stringOnly(types []string) bool {
	return len(types) > 0 && !slices.ContainsFunc(types, func(t string) bool { return t != "string" })
}
