package pylit

// The recursive-descent parser the Reader replaced, kept as an oracle for
// differential tests: both must read every input alike.

import (
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// ParseCall parses one call, name(args), that spans all of src apart from
// surrounding whitespace.
func (p *oldParser) ParseCall(src string) (toolcall.Call, error) {
	var c toolcall.Call
	err := p.run(src, func(ps *oldparse) {
		c = ps.parseCall()
		ps.expect(EOF)
	})
	return c, err
}

// ParseCallReread reads as Parser.ParseCallReread does: one call,
// optionally in [ ], read once more with its last string running to the
// last quote of its kind when the first reading fails.
func (p *oldParser) ParseCallReread(src string) (toolcall.Call, error) {
	lo, hi := callSpan(src)
	body := src[:hi]
	var c toolcall.Call
	var starts []int
	err := p.run(body, func(ps *oldparse) {
		for ps.pos < lo { // skip the '[' of a wrapped call
			ps.next()
		}
		defer func() { starts = ps.stringArgs }()
		c = ps.parseCall()
		ps.expect(EOF)
	})
	if err == nil {
		return c, nil
	}
	final := strings.LastIndexByte(body, ')')
	at := -1
	for _, s := range starts {
		if s <= err.(*SyntaxError).Offset {
			at = s
		}
	}
	if final < lo || at < 0 {
		return toolcall.Call{}, err
	}
	err2 := p.run(body, func(ps *oldparse) {
		ps.final = final
		ps.rereadAt = at
		ps.lastQuote = [2]int{strings.LastIndexByte(body[:final], '\''), strings.LastIndexByte(body[:final], '"')}
		for ps.pos < lo {
			ps.next()
		}
		c = ps.parseCall()
		ps.expect(EOF)
	})
	if err2 != nil {
		return toolcall.Call{}, err
	}
	return c, nil
}

// ParseValue parses one literal value and returns it as compact JSON text.
func (p *oldParser) ParseValue(src string) (string, error) {
	var v string
	err := p.run(src, func(ps *oldparse) {
		ps.parseValue()
		ps.expect(EOF)
		v = string(ps.buf)
	})
	return v, err
}

// ParseList parses a call list, [call, call, ...], that spans all of src
// apart from surrounding whitespace. An element shaped like a call whose
// arguments do not parse is returned with its Err set, so the caller can keep
// the other calls. The error is non-nil when src is not a
// list of call-shaped elements at all.
func (p *oldParser) ParseList(src string) ([]Element, error) {
	var elems []Element
	err := p.run(src, func(ps *oldparse) {
		ps.expect(LBRACK)
		elems = ps.parseCallRun(RBRACK)
		ps.expect(RBRACK)
		ps.expect(EOF)
	})
	return elems, err
}

// ParseRun parses calls separated by ',', ';' or newlines, with no brackets
// around them, that span all of src apart from surrounding whitespace.
// Elements are as for ParseList.
func (p *oldParser) ParseRun(src string) ([]Element, error) {
	var elems []Element
	err := p.run(src, func(ps *oldparse) {
		elems = ps.parseCallRun(EOF)
		ps.expect(EOF)
	})
	return elems, err
}

// bailout unwinds the oldparse on the first error, as go/oldparse does.
type oldBailout struct{}

func (p *oldParser) run(src string, f func(*oldparse)) (err error) {
	ps := oldparse{src: src, maxDepth: p.MaxDepth, params: p.Params, jsonEscapes: p.JSONEscapes}
	// JSON is rarely much longer than the literal it comes from: one
	// allocation up front instead of a doubling series for a large call.
	ps.buf = make([]byte, 0, len(src)+len(src)/8+16)
	if ps.maxDepth <= 0 {
		ps.maxDepth = toolcall.DefaultMaxDepth
	}
	ps.sc.Init(src)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(oldBailout); !ok {
				panic(r)
			}
			err = ps.err
		}
	}()
	ps.next()
	f(&ps)
	return nil
}

type oldparse struct {
	repaired []*SyntaxError // what the call being parsed needed repaired
	src      string
	sc       Scanner
	pos      int
	tok      Token
	lit      string
	depth    int
	maxDepth int
	params   func(string) []string
	buf      []byte // JSON written so far
	err      *SyntaxError

	jsonEscapes bool

	// For ParseCallReread: where the top-level string arguments start; and
	// on the second reading, the string to read to the last quote of its
	// kind (rereadAt), the call's final ')' and the last quote of each kind
	// before it.
	stringArgs []int
	rereadAt   int
	final      int
	lastQuote  [2]int
}

// rereadClose returns where the string at p.pos must end when it is the
// call's last argument on ParseCallReread's second reading, or -1.
func (p *oldparse) rereadClose() int {
	if p.depth == 1 && p.final == 0 {
		p.stringArgs = append(p.stringArgs, p.pos)
	}
	if p.final == 0 || p.depth != 1 || p.pos != p.rereadAt {
		return -1
	}
	open := p.pos
	for p.src[open] != '\'' && p.src[open] != '"' {
		open++
	}
	k := 0
	if p.src[open] == '"' {
		k = 1
	}
	last := p.lastQuote[k]
	if last <= open {
		return -1
	}
	i := last + 1
	for i < p.final && isSpaceByte(p.src[i]) {
		i++
	}
	if i < p.final && p.src[i] == ',' {
		i++
	}
	for i < p.final && isSpaceByte(p.src[i]) {
		i++
	}
	if i != p.final {
		return -1
	}
	return last
}

// next moves to the next token. A string token is left unread until
// parseValue decodes it (or next skips it).
func (p *oldparse) next() {
	if p.tok == STRING && p.sc.off == p.pos {
		p.sc.scanString(p.pos)
	}
	p.pos, p.tok, p.lit = p.sc.scan()
	if p.tok == ILLEGAL {
		p.fail(p.pos, p.lit)
	}
}

// peek returns the token after the current one without consuming it.
func (p *oldparse) peek() Token {
	sc := p.sc
	if p.tok == STRING && sc.off == p.pos {
		sc.scanString(p.pos)
	}
	_, tok, _ := sc.scan()
	return tok
}

func (p *oldparse) fail(off int, msg string) {
	p.err = &SyntaxError{Offset: off, Msg: msg}
	panic(oldBailout{})
}

func (p *oldparse) expect(tok Token) {
	if p.tok != tok {
		p.fail(p.pos, "expected "+tok.String()+", found "+p.describe())
	}
	p.next()
}

func (p *oldparse) describe() string {
	switch p.tok {
	case EOF:
		return "end of input"
	case NAME, INT, FLOAT:
		return p.lit
	case STRING:
		return "string"
	}
	return "'" + p.tok.String() + "'"
}

func (p *oldparse) enter() {
	p.depth++
	if p.depth > p.maxDepth {
		p.fail(p.pos, ErrTooDeep.Error())
	}
}

func (p *oldparse) leave() { p.depth-- }

// parseCallRun parses call-shaped elements separated by ',' (or, when the
// run is not bracketed, ';' and newlines) up to the token end. An element
// whose arguments fail is recorded and skipped to its closing parenthesis.
func (p *oldparse) parseCallRun(end Token) []Element {
	var elems []Element
	for p.tok != end {
		start := p.pos
		if p.tok != NAME || p.peek() != LPAREN {
			p.fail(p.pos, "expected a call, found "+p.describe())
		}
		el := p.parseElement(start)
		elems = append(elems, el)
		if p.tok == COMMA || (end == EOF && p.tok == SEMICOLON) {
			p.next()
			continue
		}
		if p.tok != end && !(end == EOF && p.newlineBefore(p.pos, el.End)) {
			p.fail(p.pos, "expected ',' or "+end.String()+" after a call, found "+p.describe())
		}
	}
	return elems
}

// newlineBefore reports whether src[from:to] holds a newline.
func (p *oldparse) newlineBefore(to, from int) bool {
	return strings.IndexByte(p.src[from:to], '\n') >= 0
}

// parseElement parses one call of a run. On a syntax error inside its
// parentheses it finds the matching ')' with the Recognizer and returns the
// element with Err set; an element whose parentheses never close fails the
// whole run.
func (p *oldparse) parseElement(start int) (el Element) {
	el.Start = start
	saved := *p
	p.repaired = p.repaired[:0]
	if err := p.try(func() { el.Call = p.parseCall() }); err == nil {
		el.End = p.lastEnd()
		if len(p.repaired) > 0 {
			el.Repaired = append([]*SyntaxError(nil), p.repaired...)
		}
		return el
	} else {
		el.Err = err
	}
	// Resynchronise after the element: back to its '(' and skip to the
	// matching ')' with the same string rules as the recognizer.
	*p = saved
	el.Call = toolcall.Call{Name: p.lit}
	p.next()
	var r Recognizer
	r.Reset(p.maxDepth)
	n, st := r.Feed(p.src[p.pos:])
	if st != Closed {
		p.fail(el.Err.Offset, el.Err.Msg)
	}
	p.sc.off = p.pos + n
	el.End = p.sc.off
	p.next()
	return el
}

// try runs f and returns the syntax error it bailed out with, if any.
func (p *oldparse) try(f func()) (err *SyntaxError) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(oldBailout); !ok {
				panic(r)
			}
			err = p.err
		}
	}()
	f()
	return nil
}

// lastEnd returns the offset just past the last consumed token: the current
// token's start with any whitespace before it removed.
func (p *oldparse) lastEnd() int {
	i := p.pos
	for i > 0 && isSpaceByte(p.src[i-1]) {
		i--
	}
	return i
}

// parseCall parses name(args) and returns the call with its arguments as a
// JSON object.
func (p *oldparse) parseCall() toolcall.Call {
	if p.tok != NAME {
		p.fail(p.pos, "expected a call, found "+p.describe())
	}
	name := p.lit
	p.next()
	p.expect(LPAREN)
	p.enter()
	mark := len(p.buf)
	p.parseArgs(name)
	p.leave()
	p.expect(RPAREN)
	args := string(p.buf[mark:])
	p.buf = p.buf[:mark]
	return toolcall.Call{Name: name, Arguments: args}
}

// parseArgs writes the arguments of a call as a JSON object: positional
// arguments take the tool's declared parameter names in order, then keyword
// arguments keep the order they were written in.
func (p *oldparse) parseArgs(name string) {
	mark := len(p.buf)
	p.buf = append(p.buf, '{')
	var keys keySet
	var params []string
	positional := 0
	repeated := false
	for p.tok != RPAREN {
		if len(keys.list) > 0 || positional > 0 {
			p.buf = append(p.buf, ',')
		}
		if p.tok == NAME && p.peek() == ASSIGN {
			key, at := p.lit, p.pos
			p.next()
			p.next()
			if !keys.add(key) {
				// Python's own oldparse accepts this (only compiling refuses
				// it), and peers built on it keep the last value.
				repeated = true
				p.repaired = append(p.repaired, &SyntaxError{Offset: at, Msg: "argument " + key + " given twice: the last value is used"})
			}
			p.buf = jsonvalue.AppendString(p.buf, key)
			p.buf = append(p.buf, ':')
			p.parseValue()
		} else {
			if len(keys.list) > positional {
				p.fail(p.pos, "positional argument after keyword argument")
			}
			if positional == 0 && p.params != nil {
				params = p.params(name)
			}
			if positional >= len(params) {
				p.fail(p.pos, "positional argument without a declared parameter")
			}
			key := params[positional]
			positional++
			if !keys.add(key) {
				repeated = true
				p.repaired = append(p.repaired, &SyntaxError{Offset: p.pos, Msg: "argument " + key + " given twice: the last value is used"})
			}
			p.buf = jsonvalue.AppendString(p.buf, key)
			p.buf = append(p.buf, ':')
			p.parseValue()
		}
		if p.tok != COMMA {
			break
		}
		p.next()
	}
	p.buf = append(p.buf, '}')
	if repeated {
		p.buf = lastValuesWin(p.buf, mark)
	}
}

// lastValuesWin rewrites the JSON object that starts at buf[mark] so that
// each key appears once, at its first place, with its last value.

// parseValue writes one literal value as JSON.
func (p *oldparse) parseValue() {
	switch p.tok {
	case STRING:
		var ok bool
		p.buf, p.sc.off, ok = appendStringAt(p.buf, p.src, p.pos, p.rereadClose(), p.jsonEscapes)
		if !ok {
			p.fail(p.pos, "unterminated string")
		}
		p.next()
	case INT, FLOAT:
		p.buf = appendNumber(p.buf, "", p.tok, p.lit)
		p.next()
	case MINUS, PLUS:
		sign := ""
		if p.tok == MINUS {
			sign = "-"
		}
		p.next()
		switch {
		case p.tok == INT || p.tok == FLOAT:
			p.buf = appendNumber(p.buf, sign, p.tok, p.lit)
		case p.tok == NAME && (p.lit == "inf" || p.lit == "nan"):
			p.buf = jsonvalue.AppendString(p.buf, sign+p.lit)
		default:
			p.fail(p.pos, "expected a number after a sign, found "+p.describe())
		}
		p.next()
	case NAME:
		p.parseName()
	case LBRACK:
		p.parseSequence(RBRACK)
	case LPAREN:
		p.parseParen()
	case LBRACE:
		p.parseBrace()
	default:
		p.fail(p.pos, "expected a value, found "+p.describe())
	}
}

// parseName writes a bare name: JSON's and Python's constants as JSON
// literals, a call of a dotted name as its source text, any other name as a
// string.
func (p *oldparse) parseName() {
	switch p.lit {
	case "True", "true":
		p.buf = append(p.buf, "true"...)
	case "False", "false":
		p.buf = append(p.buf, "false"...)
	case "None", "null":
		p.buf = append(p.buf, "null"...)
	default:
		if p.peek() == LPAREN {
			p.parseNestedCall()
			return
		}
		p.buf = jsonvalue.AppendString(p.buf, p.lit)
	}
	p.next()
}

// parseNestedCall writes a call such as datetime.now() as its source text.
// Only dotted names qualify, and their arguments must be literals.
func (p *oldparse) parseNestedCall() {
	start := p.pos
	if strings.IndexByte(p.lit, '.') < 0 {
		p.fail(p.pos, "a call as an argument value must name a dotted function, not "+p.lit)
	}
	mark := len(p.buf)
	p.next()
	p.expect(LPAREN)
	p.enter()
	for p.tok != RPAREN { // literal arguments, checked and then dropped
		if p.tok == NAME && p.peek() == ASSIGN {
			p.next()
			p.next()
		}
		p.parseValue()
		if p.tok != COMMA {
			break
		}
		p.next()
	}
	p.leave()
	p.expect(RPAREN)
	p.buf = jsonvalue.AppendString(p.buf[:mark], p.src[start:p.lastEnd()])
}

// parseSequence writes a list, or the items of a tuple or set, as a JSON
// array; the opening bracket is the current token.
func (p *oldparse) parseSequence(closing Token) {
	p.enter()
	p.next()
	p.buf = append(p.buf, '[')
	p.items(closing, false)
	p.expect(closing)
	p.buf = append(p.buf, ']')
	p.leave()
}

// items writes comma-separated values up to closing; more says a first
// item has been written already.
func (p *oldparse) items(closing Token, more bool) {
	for p.tok != closing {
		if more {
			p.buf = append(p.buf, ',')
		}
		p.parseValue()
		more = true
		if p.tok != COMMA {
			return
		}
		p.next()
	}
}

// parseParen writes a tuple as an array, and a parenthesized value as the
// value itself.
func (p *oldparse) parseParen() {
	p.enter()
	p.next()
	if p.tok == RPAREN {
		p.next()
		p.buf = append(p.buf, "[]"...)
		p.leave()
		return
	}
	mark := len(p.buf)
	p.parseValue()
	if p.tok == COMMA {
		p.next()
		p.buf = append(p.buf, 0)
		copy(p.buf[mark+1:], p.buf[mark:])
		p.buf[mark] = '['
		p.items(RPAREN, true)
		p.buf = append(p.buf, ']')
	}
	p.expect(RPAREN)
	p.leave()
}

// parseBrace writes a dict as an object and a set as an array. Keys that are
// not strings become their JSON text as a string key.
func (p *oldparse) parseBrace() {
	p.enter()
	p.next()
	open := len(p.buf)
	p.buf = append(p.buf, '{')
	if p.tok == RBRACE {
		p.next()
		p.buf = append(p.buf, '}')
		p.leave()
		return
	}
	mark := len(p.buf)
	p.parseValue()
	if p.tok != COLON { // a set
		p.buf[open] = '['
		if p.tok == COMMA {
			p.next()
			p.items(RBRACE, true)
		}
		p.expect(RBRACE)
		p.buf = append(p.buf, ']')
		p.leave()
		return
	}
	for {
		p.stringKey(mark)
		p.expect(COLON)
		p.buf = append(p.buf, ':')
		p.parseValue()
		if p.tok != COMMA {
			break
		}
		p.next()
		if p.tok == RBRACE {
			break
		}
		p.buf = append(p.buf, ',')
		mark = len(p.buf)
		p.parseValue()
	}
	p.expect(RBRACE)
	p.buf = append(p.buf, '}')
	p.leave()
}

// stringKey turns the key written at buf[mark:] into a JSON string when it
// is another kind of value.
func (p *oldparse) stringKey(mark int) {
	if p.buf[mark] == '"' {
		return
	}
	text := string(p.buf[mark:])
	p.buf = jsonvalue.AppendString(p.buf[:mark], text)
}

// oldParser is the old Parser's configuration.
type oldParser struct {
	MaxDepth    int
	Params      func(name string) []string
	JSONEscapes bool
	MaxCalls    int // not read: the Reader's limit of calls has no counterpart here
}
