package pylit

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// The Reader's grammar: tokens from the byte machine (reader.go) move a
// stack of frames, one per open bracket, and write the JSON.

// describe names a token for an error message.
func describe(tok Token, lit string) string {
	switch tok {
	case EOF:
		return "end of input"
	case NAME, INT, FLOAT:
		return lit
	case STRING:
		return "string"
	}
	return "'" + tok.String() + "'"
}

// flushPending resolves a name waiting for the token after it as a value.
func (r *Reader) flushPending() {
	if !r.pending.ok || r.lex == lexSkip || r.lex == lexDone {
		return
	}
	p := r.pending
	r.pending.ok = false
	switch f := r.top(); {
	case f.kind == fList || f.kind == fTop && r.goal == GoalRun:
		r.fail(p.pos, "expected a call, found "+p.name)
	case f.kind == fTop && r.goal == GoalCall:
		// the character that follows is the error
	default:
		r.nameValue(p.name, p.pos)
	}
}

// token hands the grammar a token from pos to end (for STRING, its start).
func (r *Reader) token(tok Token, pos, end int, lit string) {
	if r.pending.ok {
		p := r.pending
		r.pending.ok = false
		if r.afterName(p, tok, pos, lit) || r.lex == lexSkip || r.lex == lexDone {
			r.lastEnd, r.nl = end, false
			return
		}
	}
	if r.sign != 0 {
		r.signed(tok, pos, end, lit)
	} else {
		r.grammar(tok, pos, end, lit)
	}
	if tok != STRING && (r.lex == lexCode || r.resumable && r.paused == lexCode) {
		r.lastEnd, r.nl = end, false // (a run paused at its call's end reads on from here: Resume)
	}
}

// grammar reads one token where the top frame stands.
func (r *Reader) grammar(tok Token, pos, end int, lit string) {
	f := r.top()
	switch f.kind {
	case fTop:
		r.topToken(f, tok, pos, end, lit)
	case fList:
		r.listToken(f, tok, pos, lit)
	case fArgs, fNest:
		r.argsToken(f, tok, pos, end, lit)
	case fSeq:
		r.seqToken(f, tok, pos, end, lit)
	case fParen:
		r.parenToken(f, tok, pos, end, lit)
	case fBrace:
		r.braceToken(f, tok, pos, end, lit)
	}
}

func (r *Reader) expected(what string, tok Token, pos int, lit string) {
	r.fail(pos, "expected "+what+", found "+describe(tok, lit))
}

func (r *Reader) hold(tok Token, pos, end int, lit string) {
	raw := lit
	if len(r.rawName) != len(lit) { // it held markdown's \_
		raw = string(r.rawName)
	}
	r.pending = pendingName{ok: true, name: lit, raw: raw, pos: pos, end: end}
}

func (r *Reader) topToken(f *frame, tok Token, pos, end int, lit string) {
	switch {
	case f.state == sEnd && tok == EOF:
		r.lex = lexDone
		if r.goal == GoalValue {
			r.valueDone = true // out is the value: ParseValue copies it, a streaming caller reads it in place
		}
	case f.state == sEnd:
		r.expected("EOF", tok, pos, lit)
	case r.goal == GoalList:
		if tok != LBRACK {
			r.expected("[", tok, pos, lit)
			return
		}
		r.push(fList, pos)
	case r.goal == GoalValue:
		r.valueStart(tok, pos, end, lit)
	case r.goal == GoalCall:
		if tok != NAME {
			r.fail(pos, "expected a call, found "+describe(tok, lit))
			return
		}
		r.hold(tok, pos, end, lit)
	default: // a run
		switch {
		case tok == EOF:
			r.lex = lexDone
		case f.state == sAfter && (tok == COMMA || tok == SEMICOLON):
			f.state = sItem
		case tok == NAME && (f.state == sItem || r.nl):
			r.hold(tok, pos, end, lit)
		case f.state == sItem:
			r.fail(pos, "expected a call, found "+describe(tok, lit))
		default:
			r.expected("',' or EOF after a call", tok, pos, lit)
		}
	}
}

func (r *Reader) listToken(f *frame, tok Token, pos int, lit string) {
	switch {
	case tok == RBRACK:
		r.pop()
		r.top().state = sEnd
		if r.stream {
			r.st = Closed
		}
	case f.state == sItem && tok == NAME:
		r.hold(tok, pos, r.off, lit)
	case f.state == sItem:
		r.fail(pos, "expected a call, found "+describe(tok, lit))
	case tok == COMMA:
		f.state = sItem
	default:
		r.expected("',' or ] after a call", tok, pos, lit)
	}
}

// afterName decides a name held for the token after it, and reports
// whether that token was read with it.
func (r *Reader) afterName(p pendingName, tok Token, pos int, lit string) bool {
	f := r.top()
	switch {
	case f.kind == fList || f.kind == fTop && r.goal != GoalValue:
		if tok != LPAREN && r.goal == GoalCall {
			r.fail(pos, "expected (, found "+describe(tok, lit))
			return true
		}
		if tok != LPAREN {
			r.fail(p.pos, "expected a call, found "+p.name)
			return true
		}
		r.openCall(p, pos)
		return true
	case (f.kind == fArgs || f.kind == fNest) && f.state == sItem && tok == ASSIGN:
		if f.kind == fArgs {
			r.keyword(f, p)
		}
		f.state = sValue
		return true
	case tok == LPAREN:
		r.nestedCall(p, pos)
		return true
	}
	r.nameValue(p.name, p.pos)
	return false
}

// openCall starts a call's arguments at the '(' at pos.
func (r *Reader) openCall(p pendingName, pos int) {
	if r.cfg.MaxCalls > 0 && len(r.elems) >= r.cfg.MaxCalls && (r.goal == GoalList || r.goal == GoalRun) {
		// One element more than the limit: the whole text fails, and the
		// rest is passed over from this '('.
		if r.err == nil {
			r.err = &SyntaxError{Offset: p.pos, Msg: ErrTooMany.Error(), Err: ErrTooMany}
		}
		r.startSkip(1)
		return
	}
	if !r.push(fArgs, pos) {
		return
	}
	f := r.top()
	f.name, f.start = p.name, p.pos
	f.mark = len(r.out)
	r.out = append(r.out, '{')
}

// keyword writes the key of a keyword argument.
func (r *Reader) keyword(f *frame, p pendingName) {
	if f.n > 0 {
		r.out = append(r.out, ',')
	}
	if !f.keys.add(p.name) {
		// Python's own parser accepts this (only compiling refuses it),
		// and peers built on it keep the last value.
		f.repeated = true
		f.repaired = append(f.repaired, &SyntaxError{Offset: p.pos, Msg: "argument " + p.name + " given twice: the last value is used"})
	}
	r.out = jsonvalue.AppendString(r.out, p.name)
	r.out = append(r.out, ':')
}

// positional writes the key of a positional argument starting at pos.
func (r *Reader) positional(f *frame, pos int) bool {
	if len(f.keys.list) > f.positional {
		r.fail(pos, "positional argument after keyword argument")
		return false
	}
	if f.positional == 0 && r.cfg.Params != nil {
		f.params = r.cfg.Params(f.name)
	}
	if f.positional >= len(f.params) {
		r.fail(pos, "positional argument without a declared parameter")
		return false
	}
	key := f.params[f.positional]
	f.positional++
	if f.n > 0 {
		r.out = append(r.out, ',')
	}
	if !f.keys.add(key) {
		f.repeated = true
		f.repaired = append(f.repaired, &SyntaxError{Offset: pos, Msg: "argument " + key + " given twice: the last value is used"})
	}
	r.out = jsonvalue.AppendString(r.out, key)
	r.out = append(r.out, ':')
	return true
}

// nestedCall starts a dotted call used as a value, whose name p was held.
func (r *Reader) nestedCall(p pendingName, pos int) {
	if !r.prepareValue(p.pos) {
		return
	}
	if strings.IndexByte(p.name, '.') < 0 {
		r.fail(p.pos, "a call as an argument value must name a dotted function, not "+p.name)
		return
	}
	if !r.push(fNest, pos) {
		return
	}
	f := r.top()
	f.mark = len(r.out)
	f.start = len(r.capture)
	r.capture = append(r.capture, p.raw...)
	for k := p.end; k < pos; k++ { // only blanks stand between the name and '('
		r.capture = append(r.capture, ' ')
	}
	r.captures++ // the '(' and what follows are kept as they are read
}

// nameValue writes a bare name used as a value.
func (r *Reader) nameValue(name string, pos int) {
	if !r.prepareValue(pos) {
		return
	}
	switch name {
	case "True", "true":
		r.out = append(r.out, "true"...)
	case "False", "false":
		r.out = append(r.out, "false"...)
	case "None", "null":
		r.out = append(r.out, "null"...)
	default:
		r.out = jsonvalue.AppendString(r.out, name)
	}
	r.valueEnd()
}

// prepareValue writes what goes before a value starting at pos in the top
// frame (a positional argument's key, a comma between items) and reports
// whether a value may start there.
func (r *Reader) prepareValue(pos int) bool {
	f := r.top()
	switch f.kind {
	case fArgs:
		if f.state == sItem {
			return r.positional(f, pos)
		}
	case fSeq, fParen:
		if f.state == sItem && f.n > 0 {
			r.out = append(r.out, ',')
		}
	case fBrace:
		switch {
		case f.state == sItem && f.n > 0:
			r.out = append(r.out, ',')
		case f.state == sKey:
			r.out = append(r.out, ',')
		}
		f.item = len(r.out)
	case fTop:
		if r.goal == GoalValue && f.state == sItem {
			return true
		}
		r.fail(pos, "expected EOF")
		return false
	}
	if f.kind == fTop || f.state == sItem || f.state == sValue || f.state == sKey {
		return true
	}
	r.fail(pos, "expected a value")
	return false
}

// valueStart begins a value with tok.
func (r *Reader) valueStart(tok Token, pos, end int, lit string) {
	switch tok {
	case NAME:
		r.hold(tok, pos, end, lit)
	case STRING:
		if !r.prepareValue(pos) {
			return
		}
		if r.wantStrArgs && r.depth == 1 && r.top().kind == fArgs {
			r.strArgs = append(r.strArgs, pos)
		}
	case INT, FLOAT:
		if r.prepareValue(pos) {
			r.out = appendNumber(r.out, "", tok, lit)
			r.valueEnd()
		}
	case MINUS, PLUS:
		if !r.prepareValue(pos) {
			return
		}
		r.sign, r.signAt = '+', pos
		if tok == MINUS {
			r.sign = '-'
		}
	case LBRACK:
		if r.prepareValue(pos) && r.push(fSeq, pos) {
			r.top().mark = len(r.out)
			r.out = append(r.out, '[')
		}
	case LPAREN:
		if r.prepareValue(pos) && r.push(fParen, pos) {
			r.top().mark = len(r.out)
		}
	case LBRACE:
		if r.prepareValue(pos) && r.push(fBrace, pos) {
			r.top().mark = len(r.out)
			r.top().item = len(r.out) + 1
			r.out = append(r.out, '{')
		}
	default:
		if r.prepareValue(pos) {
			r.fail(pos, "expected a value, found "+describe(tok, lit))
		}
	}
}

// signed reads the number after a unary sign.
func (r *Reader) signed(tok Token, pos, end int, lit string) {
	sign := "-"
	if r.sign == '+' {
		sign = ""
	}
	r.sign = 0
	switch {
	case tok == INT || tok == FLOAT:
		r.out = appendNumber(r.out, sign, tok, lit)
		r.valueEnd()
	case tok == NAME && (lit == "inf" || lit == "nan"):
		r.out = jsonvalue.AppendString(r.out, sign+lit)
		r.valueEnd()
	default:
		r.fail(pos, "expected a number after a sign, found "+describe(tok, lit))
	}
}

// valueEnd moves the top frame past the value just written.
func (r *Reader) valueEnd() {
	f := r.top()
	f.n++
	switch f.kind {
	case fTop:
		f.state = sEnd
		if r.stream && r.goal == GoalValue {
			r.st = Closed // a streamed value ends where it closes
		}
	case fParen:
		if !f.tuple {
			f.state = sFirst
			return
		}
		f.state = sAfter
	case fBrace:
		switch {
		case f.dict && f.state == sValue:
			f.state = sAfter
		case f.dict || f.state == sKey:
			r.stringKey(f.item)
			f.state = sColon
		case f.n == 1:
			f.state = sFirst
		default:
			f.state = sAfter
		}
	default:
		f.state = sAfter
	}
}

// stringKey turns the key written at out[mark:] into a JSON string when it
// is another kind of value.
func (r *Reader) stringKey(mark int) {
	if r.out[mark] == '"' {
		return
	}
	text := string(r.out[mark:])
	r.out = jsonvalue.AppendString(r.out[:mark], text)
}

func (r *Reader) argsToken(f *frame, tok Token, pos, end int, lit string) {
	switch {
	case tok == RPAREN && (f.state == sItem || f.state == sAfter):
		r.closeCall(pos)
	case f.state == sItem && tok == NAME:
		r.hold(tok, pos, end, lit)
	case f.state == sItem || f.state == sValue:
		r.valueStart(tok, pos, end, lit)
	case tok == COMMA:
		f.state = sItem
	default:
		r.expected(")", tok, pos, lit)
	}
}

func (r *Reader) seqToken(f *frame, tok Token, pos, end int, lit string) {
	switch {
	case tok == RBRACK && (f.state == sItem || f.state == sAfter):
		r.out = append(r.out, ']')
		r.pop()
		r.valueEnd()
	case f.state == sItem:
		r.valueStart(tok, pos, end, lit)
	case tok == COMMA:
		f.state = sItem
	default:
		r.expected("]", tok, pos, lit)
	}
}

func (r *Reader) parenToken(f *frame, tok Token, pos, end int, lit string) {
	switch {
	case tok == RPAREN && f.n == 0:
		r.out = append(r.out, "[]"...)
		r.pop()
		r.valueEnd()
	case tok == RPAREN && (f.state == sFirst || f.tuple && (f.state == sItem || f.state == sAfter)):
		if f.tuple {
			r.out = append(r.out, ']')
		}
		r.pop()
		r.valueEnd()
	case f.state == sItem:
		r.valueStart(tok, pos, end, lit)
	case tok == COMMA && f.state == sFirst:
		r.out = append(r.out, 0)
		copy(r.out[f.mark+1:], r.out[f.mark:])
		r.out[f.mark] = '['
		f.tuple, f.state = true, sItem
	case tok == COMMA && f.tuple:
		f.state = sItem
	default:
		r.expected(")", tok, pos, lit)
	}
}

func (r *Reader) braceToken(f *frame, tok Token, pos, end int, lit string) {
	switch {
	case tok == RBRACE && f.n == 0:
		r.out = append(r.out, '}')
		r.pop()
		r.valueEnd()
	case tok == RBRACE && (f.state == sFirst || !f.dict && f.state == sItem || f.state == sAfter || f.dict && f.state == sKey):
		if f.dict {
			r.out = append(r.out, '}')
		} else {
			r.out[f.mark] = '['
			r.out = append(r.out, ']')
		}
		r.pop()
		r.valueEnd()
	case tok == COLON && f.state == sFirst:
		f.dict = true
		r.stringKey(f.item)
		r.out = append(r.out, ':')
		f.state = sValue
	case tok == COLON && f.state == sColon:
		r.out = append(r.out, ':')
		f.state = sValue
	case tok == COMMA && f.state == sFirst:
		f.state = sItem // a set
	case tok == COMMA && f.state == sAfter && f.dict:
		f.state = sKey
		f.item = len(r.out) // where the next key goes (Stable)
	case tok == COMMA && f.state == sAfter:
		f.state = sItem
	case f.state == sItem || f.state == sValue || f.state == sKey:
		r.valueStart(tok, pos, end, lit)
	case f.dict && f.state == sColon:
		r.expected(":", tok, pos, lit)
	default:
		r.expected("}", tok, pos, lit)
	}
}

// push opens a frame at the bracket at pos, within the limits.
func (r *Reader) push(k frameKind, pos int) bool {
	if r.stream && len(r.stack)-1 >= r.cfg.MaxDepth {
		r.st = TooDeep
		r.lex = lexDone
		return false
	}
	if k != fList {
		r.depth++
		if r.depth > r.cfg.MaxDepth {
			r.failErr(pos, ErrTooDeep)
			return false
		}
	}
	if n := len(r.stack); n < cap(r.stack) {
		// a frame used before: its key list's room is kept, so that calls
		// after the first take no new one
		r.stack = r.stack[:n+1]
		keys := r.stack[n].keys.list[:0]
		r.stack[n] = frame{kind: k, mark: len(r.out)}
		r.stack[n].keys.list = keys
		return true
	}
	r.stack = append(r.stack, frame{kind: k, mark: len(r.out)})
	return true
}

func (r *Reader) pop() {
	if r.top().kind != fList {
		r.depth--
	}
	r.stack = r.stack[:len(r.stack)-1]
}

// closeCall ends a call's arguments (or a dotted call's) at the ')' at pos.
func (r *Reader) closeCall(pos int) {
	f := r.top()
	if f.kind == fNest {
		src := string(r.capture[f.start:]) + ")"
		r.captures--
		if r.captures == 0 {
			r.capture = r.capture[:0]
		}
		r.out = jsonvalue.AppendString(r.out[:f.mark], src)
		r.pop()
		r.valueEnd()
		return
	}
	r.out = append(r.out, '}')
	if f.repeated {
		r.out = lastValuesWin(r.out, f.mark)
	}
	if f.positional == 1 && len(f.keys.list) == 1 {
		r.dictAsArguments(f)
	}
	c := toolcall.Call{Name: f.name, Arguments: r.argsString(f.mark)}
	start, repaired := f.start, f.repaired
	r.out = r.out[:f.mark]
	r.pop()
	if r.goal == GoalCall {
		r.call = c
		r.top().state = sEnd
		return
	}
	if r.elems == nil {
		r.elems = make([]Element, 0, 8) // room for a list's calls at once
	}
	r.elems = append(r.elems, Element{Start: start, End: pos + 1, Call: c, Repaired: repaired})
	r.top().state = sAfter
	r.endRunCall()
}

// dictAsArguments makes a call's one positional argument its arguments
// when it is a dict whose every key is one of the tool's parameters:
// f({'city': 'Paris', 'unit': 'c'}), as Gemma and Llama 3 8B write calls,
// is f(city='Paris', unit='c'). out[f.mark:] holds {"P":VALUE}.
func (r *Reader) dictAsArguments(f *frame) {
	head := len(jsonvalue.AppendString(nil, f.params[0])) + 2 // {"P":
	value := r.out[f.mark+head : len(r.out)-1]
	if len(value) < 3 || value[0] != '{' {
		return
	}
	members, ok := jsonkeys.Members(unsafe.String(&value[0], len(value)))
	if !ok || len(members) == 0 {
		return
	}
	params := f.params
	var set map[string]bool
	if len(params) > 16 {
		set = make(map[string]bool, len(params))
		for _, p := range params {
			set[p] = true
		}
	}
	for _, m := range members {
		if set != nil && !set[m.Key] || set == nil && !slices.Contains(params, m.Key) {
			return
		}
	}
	n := copy(r.out[f.mark:], value)
	r.out = r.out[:f.mark+n]
}

// argsString returns the JSON written from out[mark:] as the call's
// arguments. A long one that fills out is handed over without a copy: out
// is dropped, never to be written again, and the next call starts a new
// one.
func (r *Reader) argsString(mark int) string {
	n := len(r.out) - mark
	if mark != 0 || n < 4<<10 {
		return string(r.out[mark:])
	}
	s := unsafe.String(&r.out[0], n)
	r.out = nil
	return s
}
