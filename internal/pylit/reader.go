package pylit

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Goal is what a Reader reads.
type Goal uint8

// The goals of a Reader.
const (
	GoalList  Goal = iota // a call list, [call, call, ...]
	GoalRun               // calls separated by ',' ';' or newlines, to the end of input
	GoalCall              // one call, to the end of input
	GoalValue             // one value, to the end of input
)

// Reader is the literal language's push parser: it takes the text in any
// number of pieces and writes each call's JSON as the bytes arrive, one
// pass per byte, holding only the JSON it writes, the brackets open and a
// few bytes of an unfinished token. As a Recognizer does, it can also say
// where a streamed call list ends (Stream): Closed at its ']', Mismatch
// at a closing bracket that does not match, TooDeep past the depth limit.
// The Parser's methods feed a Reader the whole text.
type Reader struct {
	cfg    Parser
	goal   Goal
	stream bool // decide a streamed list's end as a Recognizer does
	// wholeRun makes a streamed run go on past its first call, to the end
	// of the input (StreamRun).
	wholeRun bool
	// paused is the byte machine's state where a streamed run's call
	// closed it, for Resume; valid while resumable.
	paused    lexState
	resumable bool
	off       int    // offset of the next byte
	st        Status // for a streamed list

	// the byte machine
	lex       lexState
	tokStart  int
	text      []byte // a name (unescaped) or number so far
	rawName   []byte // a name as written
	quote     byte
	triple    bool
	raw       bool
	quotes    int    // quotes in a row inside a triple-quoted string
	quoteAt   int    // where they start
	held      []byte // blanks after a closing quote; an escape; part of a character
	adjAt     int    // where in held the quote that may begin an adjacent literal is
	nl        bool   // a newline since the last token
	reread    bool   // this string ends at closeAt, and no quote before it closes it
	closeAt   int    // ParseCallReread's closing quote, or -1
	rereadAt  int    // where the string to reread starts, or -1
	rereadSrc string // the call being reread, whose final ')' is at final
	final     int
	skipTo    int // bytes before this offset are part of a closed string

	// the grammar
	stack       []frame
	out         []byte
	pending     pendingName
	sign        byte // a unary sign before a number, or 0
	signAt      int
	depth       int // calls and containers open, for the depth limit
	lastEnd     int // just past the last token read
	elems       []Element
	err         *SyntaxError // the whole input fails
	elemErr     *SyntaxError // the current element fails: skipping to its end
	skip        Recognizer   // brackets and strings while skipping
	capture     []byte       // source text of a dotted call used as a value
	captures    int          // such calls open
	strArgs     []int        // where top-level string arguments start (for rereads)
	wantStrArgs bool
	valueDone   bool // a value (GoalValue) was read whole: out holds it
	// holdObjects lets flatObject hold an object a Feed cuts off
	// (HoldObjects); holding says heldObj holds one, from its '{'.
	holdObjects, holding bool
	heldObj              []byte
	// names are the latest names read, kept across Resets: a name read
	// again is the same string, not a new one.
	names    [8]string
	nextName int
	call     toolcall.Call
	ended    bool
}

type pendingName struct {
	ok       bool
	name     string
	raw      string
	pos, end int
}

type lexState uint8

const (
	lexCode         lexState = iota // between tokens
	lexJoin                         // after a backslash between tokens: a line join?
	lexJoinCR                       // after backslash, CR: an LF may follow
	lexName                         // in a name
	lexNameEsc                      // after a backslash in a name: \_ ?
	lexNameRune                     // in a multi-byte character of a name
	lexNumber                       // in a number
	lexDot                          // after '.': a number if a digit follows
	lexNumTail                      // bytes after a number that may start a name
	lexQuote1                       // after an opening quote: a second one?
	lexQuote2                       // after two quotes: a triple quote, or an empty string
	lexString                       // inside a string
	lexEscape                       // after a backslash inside a string
	lexStrRune                      // in a multi-byte character of a string
	lexCloseCheck                   // after a quote that may close a one-line string
	lexAdjacent                     // after such a quote and another: an adjacent string literal?
	lexTripleQuotes                 // quotes inside a triple-quoted string
	lexTripleCheck                  // blanks after three or more quotes that may close the string
	lexSkipTo                       // the rest of a reread string's closing quotes
	lexSkip                         // skipping to the end of a failed element or input
	lexDone                         // the input is decided
)

type frameKind uint8

const (
	fTop   frameKind = iota // the goal's level, no bracket
	fList                   // '[' of a call list
	fArgs                   // '(' of a call's arguments
	fNest                   // '(' of a dotted call used as a value
	fSeq                    // '[' of a list value
	fParen                  // '(' of a tuple or a grouping
	fBrace                  // '{' of a dict or a set
)

// frame states
const (
	sItem  uint8 = iota // an item may start (or the bracket close)
	sAfter              // after an item: ',' or the closing bracket
	sValue              // a value must start (after '=' or ':')
	sFirst              // paren or brace: after the first value
	sColon              // dict: after a key, ':' expected
	sKey                // dict: after ',', a key or '}'
	sEnd                // top: read; only the end may follow
)

type frame struct {
	kind     frameKind
	state    uint8
	tuple    bool
	dict     bool
	repeated bool // a call's keyword argument was given twice
	mark     int  // where the container's JSON starts in out
	item     int  // where the current item's JSON starts
	n        int  // items read
	// a call's arguments
	name       string
	start      int // where the call's name starts
	positional int
	params     []string
	keys       keySet
	repaired   []*SyntaxError
}

// Reset prepares r to read for goal with p's settings.
func (r *Reader) Reset(p Parser, goal Goal) {
	if p.MaxDepth <= 0 {
		p.MaxDepth = toolcall.DefaultMaxDepth
	}
	*r = Reader{cfg: p, goal: goal, text: r.text[:0], rawName: r.rawName[:0], held: r.held[:0],
		stack: r.stack[:0], out: r.out[:0], elems: r.elems[:0], strArgs: r.strArgs[:0], capture: r.capture[:0],
		closeAt: -1, rereadAt: -1, skip: Recognizer{stack: r.skip.stack[:0]}, heldObj: r.heldObj[:0],
		names: r.names, nextName: r.nextName}
	if r.stack == nil {
		r.stack = make([]frame, 0, 4) // the top, a list, a call and a value: no growth for most texts
	}
	r.stack = append(r.stack, frame{kind: fTop})
}

// ready makes a zero Reader one that reads a call list with the default
// settings, as Reset(Parser{}, GoalList) would.
func (r *Reader) ready() {
	if len(r.stack) == 0 {
		r.Reset(r.cfg, r.goal)
	}
}

// Stream makes r decide where a streamed call list (GoalList), value
// (GoalValue) or run's first call (GoalRun) ends: Status then becomes
// Closed at its closing bracket, or Mismatch or TooDeep as a Recognizer
// fed the same bytes says (it passes over bytes before the first bracket).
// A value that does not parse is Closed where its brackets close, and
// Close returns its error; so is a call, whose error is its Element's or,
// when no call began, Close's.
func (r *Reader) Stream() { r.stream = true }

// StreamRun makes r, reading a run (GoalRun), give a Recognizer's verdicts
// on the bytes it reads, as Stream does, while it reads every call of the
// run to the end of the input: a call's end does not end the run, and a
// call that fails is skipped to its end as in a whole parse. Only what a
// Recognizer would call the end of a candidate outside any call (a
// bracket closing after text that is no call) makes Status Closed.
func (r *Reader) StreamRun() { r.stream, r.wholeRun = true, true }

// HoldObjects lets a streamed reader of one value (NewValue) hold back a
// JSON object that a Feed cuts off while it has the shape it reads in one
// pass (flat: see flatObject) and is short, to read it whole when the
// bytes that complete it come: a small object streamed in small deltas is
// then read in one pass, not byte by byte. Status stays Open while it
// holds one (the bytes held cannot change it), and so do Quiet and
// QuietBrackets' answers; InCode, Offset, Elements, Stable, OpenCall and
// Complete read what is held first. Reset ends it.
func (r *Reader) HoldObjects() { r.holdObjects = true }

// Status is the verdict on a streamed call list so far.
func (r *Reader) Status() Status { return r.st }

// InCode reports whether the last byte left r outside any string.
func (r *Reader) InCode() bool {
	r.flush()
	switch r.lex {
	case lexSkip:
		return r.skip.InCode()
	case lexQuote1, lexQuote2, lexString, lexEscape, lexStrRune, lexCloseCheck, lexAdjacent, lexTripleQuotes, lexTripleCheck, lexSkipTo:
		return false
	}
	return true
}

// Offset is how many bytes r has read since Reset.
func (r *Reader) Offset() int {
	r.flush()
	return r.off
}

// Elements returns the elements of a list or run read so far.
func (r *Reader) Elements() []Element {
	r.flush()
	return r.elems
}

// Feed reads s. For a streamed list it stops at the byte that decided the
// list and n counts the bytes through it; otherwise n is len(s).
func (r *Reader) Feed(s string) (n int) {
	if r.holding {
		return r.feedHeld(s)
	}
	if r.lex == lexString && r.captures == 0 && len(s) <= 16 && r.plainRun(s) {
		// The hot path of a long string streamed in small deltas.
		r.out = append(r.out, s...)
		r.off += len(s)
		return len(s)
	}
	r.ready()
	if free := cap(r.out) - len(r.out); len(s) > free {
		// JSON is rarely much longer than the literal it comes from: one
		// allocation for a large delta instead of a doubling series.
		grown := make([]byte, len(r.out), max(2*cap(r.out), len(r.out)+len(s)+len(s)/8+16))
		copy(grown, r.out)
		r.out = grown
	}
	i := 0
	for i < len(s) && r.st == Open {
		if r.lex == lexString { // the long case: a string's text
			i = r.str(s, i)
			continue
		}
		i = r.step(s, i)
	}
	return i
}

// Close ends the input and returns the first syntax error, if the input
// failed as a whole.
func (r *Reader) Close() error {
	r.flush()
	r.ready()
	if r.ended {
		return r.result()
	}
	r.ended = true
	switch r.lex {
	case lexName:
		r.endName()
	case lexNameEsc: // a backslash that is no \_ ends the name, and is no line join
		r.off--
		r.rawName = r.rawName[:len(r.rawName)-1]
		r.lex = lexCode
		if len(r.text) > 0 {
			r.endName()
		}
		r.off++
		r.illegal(r.off-1, "unexpected character "+quoteChar(`\`))
	case lexNameRune:
		n := len(r.held)
		r.off -= n
		r.lex = lexCode
		if len(r.text) > 0 {
			r.endName()
		}
		r.off += n
		if r.lex == lexCode {
			r.illegal(r.off-n, "unexpected character "+quoteChar(string(r.held)))
		}
	case lexNumber, lexDot:
		r.endNumber()
	case lexNumTail:
		r.endNumTail(0)
	case lexJoin, lexJoinCR:
		join := r.lex == lexJoin
		r.lex = lexCode
		if join {
			r.illegal(r.off-1, "unexpected character "+quoteChar(`\`))
		}
	case lexQuote2, lexCloseCheck:
		if r.reread {
			r.fail(r.tokStart, "unterminated string")
			break
		}
		r.closeString(r.off - len(r.held))
	case lexAdjacent:
		if r.held[r.adjAt] != r.quote { // a literal of the other kind never closed
			r.fail(r.tokStart, "unterminated string")
			break
		}
		r.adjacentCloses()
	case lexTripleQuotes, lexTripleCheck:
		if r.quotes >= 3 && !r.reread {
			r.flushQuotes(r.quotes - 3)
			r.closeString(r.quoteAt + r.quotes)
			break
		}
		r.fail(r.tokStart, "unterminated string")
	case lexQuote1, lexString, lexEscape, lexStrRune, lexSkipTo:
		r.fail(r.tokStart, "unterminated string")
	}
	if r.lex == lexCode {
		r.token(EOF, r.off, r.off, "")
	}
	if r.lex == lexSkip && r.err == nil && r.elemErr != nil {
		r.err = r.elemErr // the failed element never closed
	}
	return r.result()
}

func (r *Reader) result() error {
	if r.err != nil {
		return r.err
	}
	return nil
}

// take moves past s[i:j], keeping it when a dotted call's source is wanted.
func (r *Reader) take(s string, i, j int) int {
	if r.captures > 0 {
		r.capture = append(r.capture, s[i:j]...)
	}
	r.off += j - i
	return j
}

// step reads from s[i] on, as far as its state goes, and returns where to
// go on.
func (r *Reader) step(s string, i int) int {
	c := s[i]
	switch r.lex {
	case lexCode:
		return r.code(s, i)
	case lexJoin:
		switch c {
		case '\n':
			r.lex, r.nl = lexCode, true
			return r.take(s, i, i+1)
		case '\r':
			r.lex, r.nl = lexJoinCR, true
			return r.take(s, i, i+1)
		}
		r.lex = lexCode
		r.illegal(r.off-1, "unexpected character "+quoteChar(`\`))
		return i
	case lexJoinCR:
		r.lex = lexCode
		if c == '\n' {
			return r.take(s, i, i+1)
		}
		return i
	case lexName, lexNameEsc, lexNameRune:
		return r.name(s, i)
	case lexNumber, lexDot:
		return r.number(s, i)
	case lexNumTail:
		return r.numTail(s, i)
	case lexQuote1:
		if c == r.quote && r.reread && r.off == r.closeAt {
			i = r.take(s, i, i+1)
			r.closeString(r.off)
			return i
		}
		if c == r.quote {
			r.lex = lexQuote2
			return r.take(s, i, i+1)
		}
		r.lex = lexString
		return i
	case lexQuote2:
		if c == r.quote {
			r.triple = true
			r.lex = lexString
			return r.take(s, i, i+1)
		}
		if r.reread { // the second quote is text
			r.out = appendEscapedOrPlain(r.out, r.quote)
			r.lex = lexString
			return i
		}
		// an empty string whose closing quote may close it
		r.lex = lexCloseCheck
		r.quoteAt = r.off - 1
		r.held = r.held[:0]
		return r.closeCheck(s, i)
	case lexString:
		return r.str(s, i)
	case lexEscape:
		return r.escape(s, i)
	case lexStrRune:
		return r.strRune(s, i)
	case lexCloseCheck:
		return r.closeCheck(s, i)
	case lexAdjacent:
		return r.adjacent(s, i)
	case lexTripleQuotes, lexTripleCheck:
		return r.tripleQuote(s, i)
	case lexSkipTo:
		j := min(len(s), i+r.skipTo-r.off)
		i = r.take(s, i, j)
		if r.off == r.skipTo {
			r.closeString(r.off)
		}
		return i
	case lexSkip:
		return r.skipping(s, i)
	}
	return len(s)
}

// code reads between tokens.
func (r *Reader) code(s string, i int) int {
	c := s[i]
	switch {
	case c == ' ' || c == '\t' || c == '\f' || c == '\v':
		j := i + 1
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		return r.take(s, i, j)
	case c == '\n' || c == '\r':
		r.nl = true
		return r.take(s, i, i+1)
	case c == '\\':
		if i+1 < len(s) && s[i+1] == '_' || i+1 == len(s) {
			break // markdown's \_ may start a name
		}
		r.lex = lexJoin
		return r.take(s, i, i+1)
	case isDigit(c):
		r.tokStart, r.text, r.lex = r.off, append(r.text[:0], c), lexNumber
		return r.take(s, i, i+1)
	case c == '.':
		r.tokStart, r.text, r.lex = r.off, append(r.text[:0], c), lexDot
		return r.take(s, i, i+1)
	case c == '\'' || c == '"':
		r.tokStart = r.off
		if !r.openString(c, "") {
			return i // refused: the skipper reads the quote
		}
		return r.take(s, i, i+1)
	}
	if c == '\\' || c == '_' || 'a' <= c|0x20 && c|0x20 <= 'z' || c >= utf8.RuneSelf {
		if c >= utf8.RuneSelf && utf8.FullRuneInString(s[i:]) {
			if rr, _ := utf8.DecodeRuneInString(s[i:]); !unicode.IsLetter(rr) {
				r.illegal(r.off, "unexpected character "+quoteChar(s[i:]))
				return i
			}
		}
		if flatObjects && r.goal == GoalList && len(r.stack) == 2 && r.stack[1].kind == fList && r.stack[1].state == sItem &&
			!r.pending.ok && r.sign == 0 && r.captures == 0 && !r.wantStrArgs && r.cfg.MaxDepth >= minFlatCallDepth &&
			(r.cfg.MaxCalls <= 0 || len(r.elems) < r.cfg.MaxCalls) {
			if j := r.flatCall(s, i); j > i { // a call of the list, read whole
				return j
			}
		}
		r.tokStart, r.text, r.rawName, r.lex = r.off, r.text[:0], r.rawName[:0], lexName
		return r.name(s, i)
	}
	if c == '{' && flatObjects && r.goal == GoalValue && len(r.stack) == 1 && r.stack[0].state == sItem && !r.pending.ok && r.sign == 0 && r.captures == 0 {
		if j := r.flatObject(s, i); j > i { // the value, a flat JSON object, read whole
			return j
		}
	}
	tok := punct[c]
	if tok == ILLEGAL {
		r.illegal(r.off, "unexpected character "+quoteChar(s[i:]))
		return i
	}
	pos := r.off
	r.token(tok, pos, pos+1, "")
	if r.st != Open {
		r.off++
		return i + 1
	}
	if r.lex != lexCode {
		return i // the skipper reads this byte
	}
	return r.take(s, i, i+1)
}

var punct = [256]Token{'(': LPAREN, ')': RPAREN, '[': LBRACK, ']': RBRACK, '{': LBRACE, '}': RBRACE,
	',': COMMA, ':': COLON, ';': SEMICOLON, '=': ASSIGN, '+': PLUS, '-': MINUS}

// illegal fails at off; the byte there is read again by the skipper.
func (r *Reader) illegal(off int, msg string) {
	r.flushPending()
	if r.lex == lexSkip || r.lex == lexDone {
		return
	}
	r.fail(off, msg)
}

// name reads a name; the byte that ends it is read again as code.
func (r *Reader) name(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch r.lex {
		case lexNameEsc:
			if c != '_' && len(r.text) == 0 { // a line join, not a name
				r.lex = lexJoin
				return i
			}
			if c != '_' {
				// a backslash that is no \_ ends the name before it
				r.off--
				r.rawName = r.rawName[:len(r.rawName)-1]
				r.endName()
				r.off++
				if r.lex == lexCode {
					r.lex = lexJoin
				}
				return i
			}
			r.text = append(r.text, '_')
			r.rawName = append(r.rawName, '_')
			r.lex = lexName
			i = r.take(s, i, i+1)
			continue
		case lexNameRune:
			full := false
			if !utf8.RuneStart(c) {
				r.held = append(r.held, c)
				i = r.take(s, i, i+1)
				if full = utf8.FullRune(r.held); !full {
					continue
				}
			}
			rr, _ := utf8.DecodeRune(r.held)
			if !full || !unicode.IsLetter(rr) && (len(r.text) == 0 || !unicode.IsDigit(rr)) {
				// not part of a name: an illegal character here
				n := len(r.held)
				r.off -= n
				r.lex = lexCode
				if len(r.text) > 0 {
					r.endName()
				}
				if r.lex == lexCode {
					r.illegal(r.off, "unexpected character "+quoteChar(string(r.held)))
				}
				r.off += n
				r.held = r.held[:0]
				return i
			}
			r.text = append(r.text, r.held...)
			r.rawName = append(r.rawName, r.held...)
			r.held = r.held[:0]
			r.lex = lexName
			continue
		}
		switch {
		case c == '\\':
			r.lex = lexNameEsc
			r.rawName = append(r.rawName, c)
			i = r.take(s, i, i+1)
		case c == '\'' || c == '"':
			if len(r.text) > 0 && isStringPrefix(string(r.text)) {
				if !r.openString(c, string(r.text)) {
					return i
				}
				return r.take(s, i, i+1)
			}
			r.endName()
			return i
		case c < utf8.RuneSelf && IsNameByte(c):
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf && IsNameByte(s[j]) {
				j++
			}
			r.text = append(r.text, s[i:j]...)
			r.rawName = append(r.rawName, s[i:j]...)
			i = r.take(s, i, j)
		case c >= utf8.RuneSelf:
			r.held = append(r.held[:0], c)
			r.lex = lexNameRune
			i = r.take(s, i, i+1)
		default:
			r.endName()
			return i
		}
	}
	return i
}

func (r *Reader) endName() {
	r.lex = lexCode
	if len(r.text) == 0 || len(r.rawName) > 0 && r.rawName[0] >= '0' && r.rawName[0] <= '9' {
		r.illegal(r.tokStart, "unexpected character "+quoteChar(`\`))
		return
	}
	r.token(NAME, r.tokStart, r.off, r.nameText())
}

// nameText returns r.text as a string: one the reader made for an earlier
// name with the same bytes (a list's calls repeat their names and keys),
// or a new one, remembered for the next.
func (r *Reader) nameText() string {
	for _, n := range r.names {
		if n == string(r.text) { // compared without a copy
			return n
		}
	}
	n := string(r.text)
	if len(n) <= maxKeptName {
		r.names[r.nextName%len(r.names)] = n
		r.nextName++
	}
	return n
}

// maxKeptName is the longest name the reader remembers.
const maxKeptName = 64

// number reads a number token; the scanner's rules decide where it ends.
func (r *Reader) number(s string, i int) int {
	for i < len(s) {
		c := s[i]
		if r.lex == lexDot {
			if !isDigit(c) {
				r.lex = lexCode
				r.illegal(r.tokStart, "unexpected character '.'")
				return i
			}
			r.lex = lexNumber
		}
		if numberByte(c) || (c == '+' || c == '-') && r.text[len(r.text)-1]|0x20 == 'e' && !isHexText(r.text) {
			r.text = append(r.text, c)
			i = r.take(s, i, i+1)
			continue
		}
		if c == '\\' && i+1 == len(s) || c >= utf8.RuneSelf && !utf8.FullRuneInString(s[i:]) {
			r.held = append(r.held[:0], c) // wait for what it is
			r.lex = lexNumTail
			return r.take(s, i, i+1)
		}
		letter := c == '\\' && s[i+1] == '_'
		if c >= utf8.RuneSelf {
			rr, _ := utf8.DecodeRuneInString(s[i:])
			letter = unicode.IsLetter(rr)
		}
		if letter { // a name right after a number
			r.lex = lexCode
			r.illegal(r.tokStart, "invalid number "+quoteChar(string(r.text)))
			return i
		}
		r.endNumber()
		return i
	}
	return i
}

// numTail decides the bytes held after a number: a name right after it
// makes it invalid; anything else ends it.
func (r *Reader) numTail(s string, i int) int {
	c := s[i]
	if r.held[0] != '\\' && !utf8.RuneStart(c) && !utf8.FullRune(r.held) {
		r.held = append(r.held, c)
		i = r.take(s, i, i+1)
		if !utf8.FullRune(r.held) {
			return i
		}
		c = 0
	}
	r.endNumTail(c)
	return i
}

// endNumTail ends a number followed by the held bytes and then c (0 at the
// end of the input or when c was taken).
func (r *Reader) endNumTail(c byte) {
	held := string(r.held)
	r.held = r.held[:0]
	letter := held == "\\" && c == '_'
	if held[0] >= utf8.RuneSelf && utf8.FullRuneInString(held) {
		rr, _ := utf8.DecodeRuneInString(held)
		letter = unicode.IsLetter(rr)
	}
	r.lex = lexCode
	if letter {
		r.illegal(r.tokStart, "invalid number "+quoteChar(string(r.text)))
		return
	}
	r.off -= len(held)
	r.endNumber()
	r.off += len(held)
	if r.lex != lexCode {
		return
	}
	if held == "\\" {
		r.lex = lexJoin
		if c == 0 {
			r.lex = lexCode
			r.illegal(r.off-1, "unexpected character "+quoteChar(held))
		}
		return
	}
	r.illegal(r.off-len(held), "unexpected character "+quoteChar(held))
}

func numberByte(c byte) bool {
	return isDigit(c) || c == '_' || c == '.' || 'a' <= c|0x20 && c|0x20 <= 'z'
}

func isHexText(t []byte) bool { return len(t) > 1 && t[0] == '0' && t[1]|0x20 == 'x' }

// endNumber hands on the number read, which the scanner splits where it
// would.
func (r *Reader) endNumber() {
	r.lex = lexCode
	text := string(r.text)
	var sc Scanner
	sc.Init(text)
	_, tok, lit := sc.scan()
	switch {
	case tok == ILLEGAL:
		r.illegal(r.tokStart, lit)
	case len(lit) != len(text):
		r.illegal(r.tokStart, "invalid number "+quoteChar(text))
	default:
		r.token(tok, r.tokStart, r.off, text)
	}
}

// openString starts a string literal whose quote is c after prefix. It
// reports false when the grammar refused a string here.
func (r *Reader) openString(c byte, prefix string) bool {
	r.token(STRING, r.tokStart, r.tokStart, "")
	if r.lex == lexSkip || r.lex == lexDone {
		return false
	}
	r.raw = false
	for i := 0; i < len(prefix); i++ { // a prefix is a letter or two
		r.raw = r.raw || prefix[i]|0x20 == 'r'
	}
	r.quote, r.triple = c, false
	r.reread = false
	if r.rereadAt >= 0 && r.tokStart == r.rereadAt && r.depth == 1 {
		r.closeAt = r.rereadClose(c, r.tokStart+len(prefix))
		r.reread = r.closeAt >= 0
	}
	r.lex = lexQuote1
	r.out = append(r.out, '"')
	return true
}

// rereadClose returns where the string whose quote c is at open must end
// on a reread: at the last quote of its kind before the call's final ')',
// when only blanks and a comma stand between them; or -1.
func (r *Reader) rereadClose(c byte, open int) int {
	src, final := r.rereadSrc, r.final
	last := strings.LastIndexByte(src[:final], c)
	if last <= open {
		return -1
	}
	i := last + 1
	for i < final && isSpaceByte(src[i]) {
		i++
	}
	if i < final && src[i] == ',' {
		i++
	}
	for i < final && isSpaceByte(src[i]) {
		i++
	}
	if i != final {
		return -1
	}
	return last
}

// closeString ends the string at end.
func (r *Reader) closeString(end int) {
	r.out = append(r.out, '"')
	r.lex = lexCode
	r.held = r.held[:0]
	r.reread = false
	r.lastEnd = end
	r.nl = false
	r.valueEnd()
}

// str reads a string's text: plain runs are copied as they are, and the
// escapes and quotes whose meaning this delta shows are read on the spot;
// the rest goes to the states that wait for more bytes.
func (r *Reader) str(s string, i int) int {
	if r.captures > 0 {
		return r.strSlow(s, i)
	}
	q := r.quote
	stop := &stopDouble
	if q == '\'' {
		stop = &stopSingle
	}
	if len(s)-i < 16 {
		return r.strShort(s, i, stop)
	}
	out, start, run := r.out, i, i
	for {
		if len(s)-i >= 16 {
			i = skipStringPlain(s, i, q)
		} else {
			for i < len(s) && !stop[s[i]] {
				i++
			}
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c == '\\' && !r.raw && i+1 < len(s) && sameInJSON[s[i+1]] {
			// \n, \t, \" and the like mean in JSON what they mean in
			// Python: they stay in the run, copied as they are
			i += 2
			continue
		}
		if c < utf8.RuneSelf && c != q && c != '\\' {
			out = append(out, s[run:i]...)
			out = jsonvalue.AppendEscapedByte(out, c)
			i++
			run = i
			continue
		}
		if c >= utf8.RuneSelf && utf8.FullRuneInString(s[i:]) {
			out = append(out, s[run:i]...)
			i += jsonvalue.AppendRuneAt(&out, s, i)
			run = i
			continue
		}
		break
	}
	r.out = append(out, s[run:i]...)
	r.off += i - start
	if i == len(s) {
		return i
	}
	return r.strSlow(s, i)
}

// strShort is str for the few bytes of a small delta: each plain byte is
// appended as it is looked at.
func (r *Reader) strShort(s string, i int, stop *[256]bool) int {
	out, start := r.out, i
	for i < len(s) {
		c := s[i]
		if !stop[c] {
			out = append(out, c)
			i++
			continue
		}
		if c == '\\' && !r.raw && i+1 < len(s) && sameInJSON[s[i+1]] {
			out = append(out, c, s[i+1])
			i += 2
			continue
		}
		if c < utf8.RuneSelf && c != r.quote && c != '\\' {
			out = jsonvalue.AppendEscapedByte(out, c)
			i++
			continue
		}
		break
	}
	r.out = out
	r.off += i - start
	if i == len(s) {
		return i
	}
	return r.strSlow(s, i)
}

// Quiet reports, while r reads a string's text, the bytes that may make
// it do more than write the string's JSON (protocol.Quiet): its quote,
// and the backslash that keeps the byte after it from closing the string
// (it does so even in a raw string). Until such a quote comes, r's verdict
// and its calls stay as they are. ok is false in every other state, and
// while a dotted call's source is kept or a string is read again to a
// known end.
func (r *Reader) Quiet() (stop *[256]bool, esc byte, ok bool) {
	if r.lex != lexString || r.captures > 0 || r.reread || r.st != Open {
		return nil, 0, false
	}
	return stringStops(r.quote)
}

// InShortString reports whether the reader is inside a string of which it
// has read fewer than n bytes (from its opening quote): a caller that may
// pass over brackets in strings (QuietBrackets) rather than stop at every
// quote does best to do so for short strings only, as a long one (code)
// holds many brackets.
func (r *Reader) InShortString(n int) bool { return r.lex == lexString && r.off-r.tokStart < n }

// QuietBrackets reports, for a streamed reader (Stream) whose verdict is
// still Open, the bytes that may change it in any state, and for how many
// bytes at most that holds: brackets, which alone close, mismatch or nest
// too deep. (Calls may still complete between them: a caller that reports
// calls' progress does not ask.) While r holds an object back
// (HoldObjects), only closing brackets: an opening one nests too deep only
// past the depth limit, which room keeps out of reach. ok is false for a
// reader that is not streamed, closed, keeping a dotted call's source, or
// reading a string again to a known end.
func (r *Reader) QuietBrackets() (stop *[256]bool, room int, ok bool) {
	if !r.stream || r.st != Open || r.captures > 0 || r.reread {
		return nil, 0, false
	}
	if room := r.cfg.MaxDepth - r.depth - maxFlatDepth - 1; r.holding && room > 0 {
		return &closerStops, room, true
	}
	return &bracketStops, math.MaxInt, true
}

var closerStops = [256]bool{')': true, ']': true, '}': true}

var bracketStops = [256]bool{'(': true, ')': true, '[': true, ']': true, '{': true, '}': true}

// stringStops is the Quiet of a string quoted with q: the one byte that
// may end its text, and the backslash that keeps it from doing so.
func stringStops(q byte) (stop *[256]bool, esc byte, ok bool) {
	if q == '\'' {
		return &quoteSingle, '\\', true
	}
	return &quoteDouble, '\\', true
}

var quoteDouble, quoteSingle = [256]bool{'"': true, '\\': true}, [256]bool{'\'': true, '\\': true}

// plainRun reports whether s, in a string, is plain text to copy as it
// is: no byte of it stops a run (str).
func (r *Reader) plainRun(s string) bool {
	stop := &stopDouble
	if r.quote == '\'' {
		stop = &stopSingle
	}
	for i := 0; i < len(s); i++ {
		if stop[s[i]] {
			return false
		}
	}
	return true
}

// stopDouble and stopSingle mark the bytes that end a plain run of a
// string's text in " and ' strings.
var stopDouble, stopSingle = func() (d, s [256]bool) {
	for c := range 256 {
		d[c] = !jsonvalue.Plain[c] || c == '"'
		s[c] = !jsonvalue.Plain[c] || c == '\''
	}
	return d, s
}()

// strSlow reads a string's text one step at a time: what str leaves, and
// everything while a dotted call's source is kept.
func (r *Reader) strSlow(s string, i int) int {
	q := r.quote
	for {
		j := skipStringPlain(s, i, q)
		r.out = append(r.out, s[i:j]...)
		i = r.take(s, i, j)
		if i == len(s) {
			return i
		}
		c := s[i]
		switch {
		case c == '\\' && !r.raw && i+1 < len(s) && sameInJSON[s[i+1]]:
			r.out = append(r.out, s[i:i+2]...)
			i = r.take(s, i, i+2)
			continue
		case c == q && !r.triple && !r.reread:
			k := i + 1
			for k < len(s) && jsonvalue.IsSpace(s[k]) {
				k++
			}
			if k == len(s) {
				break // the next delta decides
			}
			if isCloser(s[k]) {
				blanks := s[i+1 : k]
				i = r.take(s, i, i+1)
				r.closeString(r.off)
				r.nl = strings.IndexByte(blanks, '\n') >= 0
				return r.take(s, i, k)
			}
			if s[k] == '\'' || s[k] == '"' {
				break // an adjacent literal may follow: the states decide
			}
			r.out = appendEscapedOrPlain(r.out, q) // the quote and the blanks are text
			r.out = jsonvalue.AppendChars(r.out, s[i+1:k])
			i = r.take(s, i, k)
			continue
		case c < utf8.RuneSelf && c != q && c != '\\':
			r.out = jsonvalue.AppendEscapedByte(r.out, c)
			i = r.take(s, i, i+1)
			continue
		case c >= utf8.RuneSelf && utf8.FullRuneInString(s[i:]):
			n := jsonvalue.AppendRuneAt(&r.out, s, i)
			i = r.take(s, i, i+n)
			continue
		}
		return r.strSpecial(s, i)
	}
}

// strSpecial starts the state for a quote, backslash or split character
// at s[i] that the bytes at hand cannot decide.
func (r *Reader) strSpecial(s string, i int) int {
	q := r.quote
	c := s[i]
	switch {
	case c == q && r.reread:
		at := r.off
		if !r.triple && at == r.closeAt {
			i = r.take(s, i, i+1)
			r.closeString(r.off)
			return i
		}
		if r.triple && at == r.closeAt-2 {
			r.lex, r.skipTo = lexSkipTo, r.closeAt+1
			return i
		}
		r.out = appendEscapedOrPlain(r.out, c)
		return r.take(s, i, i+1)
	case c == q && !r.triple:
		r.lex, r.quoteAt = lexCloseCheck, r.off
		r.held = r.held[:0]
		return r.take(s, i, i+1)
	case c == q:
		r.lex, r.quoteAt, r.quotes = lexTripleQuotes, r.off, 1
		return r.take(s, i, i+1)
	case c == '\\':
		r.held = append(r.held[:0], c)
		r.lex = lexEscape
		return r.take(s, i, i+1)
	}
	r.held = append(r.held[:0], c)
	r.lex = lexStrRune
	return r.take(s, i, i+1)
}

// strRune completes a character split between deltas.
func (r *Reader) strRune(s string, i int) int {
	c := s[i]
	if utf8.RuneStart(c) {
		r.flushRune()
		return i
	}
	r.held = append(r.held, c)
	i = r.take(s, i, i+1)
	if utf8.FullRune(r.held) {
		r.flushRune()
	}
	return i
}

func (r *Reader) flushRune() {
	held := string(r.held)
	for k := 0; k < len(held); {
		k += jsonvalue.AppendRuneAt(&r.out, held, k)
	}
	r.held = r.held[:0]
	r.lex = lexString
}

// escape reads the escape after a backslash in a string.
func (r *Reader) escape(s string, i int) int {
	c := s[i]
	if r.raw {
		// A backslash keeps the next character from closing the string,
		// and both stay.
		r.out = append(r.out, '\\', '\\')
		r.lex = lexString
		if c == r.quote || c == '\\' {
			r.out = appendEscapedOrPlain(r.out, c)
			return r.take(s, i, i+1)
		}
		return i
	}
	if len(r.held) == 1 {
		if sameInJSON[c] {
			r.out = append(r.out, '\\', c)
			r.held = r.held[:0]
			r.lex = lexString
			return r.take(s, i, i+1)
		}
		if c >= utf8.RuneSelf { // no escape: the backslash stays, the character is text
			r.out = append(r.out, '\\', '\\')
			r.held = r.held[:0]
			r.lex = lexString
			return i
		}
		if c == '/' && r.cfg.JSONEscapes {
			r.out = append(r.out, '/')
			r.lex = lexString
			return r.take(s, i, i+1)
		}
		r.held = append(r.held, c)
		i = r.take(s, i, i+1)
		if c != 'x' && c != 'u' && c != 'U' && c != '\r' && !('0' <= c && c <= '7') {
			r.endEscape()
		}
		return i
	}
	// \x \u \U take hex digits, \ooo octal ones, \r may be followed by \n
	e := r.held[1]
	need := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
	switch {
	case e == '\r':
		if c == '\n' {
			r.held = append(r.held, c)
			i = r.take(s, i, i+1)
		}
		r.endEscape()
		return i
	case '0' <= e && e <= '7':
		if '0' <= c && c <= '7' && len(r.held) < 4 {
			r.held = append(r.held, c)
			i = r.take(s, i, i+1)
			if len(r.held) == 4 {
				r.endEscape()
			}
			return i
		}
	case isHexDigit(c) && len(r.held)-2 < need:
		r.held = append(r.held, c)
		i = r.take(s, i, i+1)
		if len(r.held)-2 == need {
			r.endEscape()
		}
		return i
	}
	r.endEscape()
	return i
}

func isHexDigit(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

// endEscape writes the escape held, as the scanner decodes it.
func (r *Reader) endEscape() {
	var rest string
	r.out, rest = appendEscape(r.out, string(r.held[1:]))
	for k := 0; k < len(rest); k++ { // what the escape did not take is text
		r.out = appendEscapedOrPlain(r.out, rest[k])
	}
	r.held = r.held[:0]
	r.lex = lexString
}

// closeCheck decides a quote that may close a one-line string: it does
// when the next byte that is not blank is , ) ] } : (or the input ends).
func (r *Reader) closeCheck(s string, i int) int {
	if i = r.holdBlanks(s, i); i == len(s) {
		return i
	}
	if isCloser(s[i]) {
		blanks := r.held
		r.closeString(r.quoteAt + 1)
		r.nl = strings.IndexByte(string(blanks), '\n') >= 0
		return i
	}
	if c := s[i]; c == '\'' || c == '"' { // an adjacent literal may begin
		r.adjAt = len(r.held)
		r.held = append(r.held, c)
		r.lex = lexAdjacent
		return r.take(s, i, i+1)
	}
	// the quote and the blanks are text
	r.out = appendEscapedOrPlain(r.out, r.quote)
	r.out = jsonvalue.AppendChars(r.out, string(r.held))
	r.held = r.held[:0]
	r.lex = lexString
	return i
}

// holdBlanks holds the blanks from s[i] on and returns where they end.
func (r *Reader) holdBlanks(s string, i int) int {
	for i < len(s) && jsonvalue.IsSpace(s[i]) {
		r.held = append(r.held, s[i])
		i = r.take(s, i, i+1)
	}
	return i
}

// adjacent decides a quote, held at held[adjAt], that follows (after
// blanks) a quote that may close a one-line string: Python's adjacent
// literals ('a' 'b' is "ab"). When it is of the string's own kind and the
// next byte that is not blank is a closer, it closes the string and the
// quote before it is text ("say "hi"" is say "hi"); otherwise the string
// ended at that quote, and the literal it opens goes on with its text.
func (r *Reader) adjacent(s string, i int) int {
	if i = r.holdBlanks(s, i); i == len(s) {
		return i
	}
	q := r.held[r.adjAt]
	if q == r.quote && isCloser(s[i]) {
		r.adjacentCloses()
		return i
	}
	blanks := r.held[r.adjAt+1:]
	r.quote, r.triple, r.raw = q, false, false
	r.lex = lexQuote1
	if len(blanks) > 0 { // the literal's first bytes: text
		r.out = jsonvalue.AppendChars(r.out, string(blanks))
		r.lex = lexString
	}
	r.held = r.held[:0]
	return i
}

// adjacentCloses closes a string at the quote held at held[adjAt], of the
// string's own kind: the quote before it and the blanks between them are
// text.
func (r *Reader) adjacentCloses() {
	held := r.held
	r.out = appendEscapedOrPlain(r.out, r.quote)
	r.out = jsonvalue.AppendChars(r.out, string(held[:r.adjAt]))
	r.closeString(r.quoteAt + r.adjAt + 2)
	r.nl = strings.IndexByte(string(held[r.adjAt+1:]), '\n') >= 0
}

// tripleQuote counts quotes inside a triple-quoted string; the last three
// close it when the next byte that is not blank is a closer.
func (r *Reader) tripleQuote(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c == r.quote && r.lex == lexTripleQuotes:
			r.quotes++
			i = r.take(s, i, i+1)
			continue
		case r.quotes >= 3 && jsonvalue.IsSpace(c):
			r.lex = lexTripleCheck
			r.held = append(r.held, c)
			i = r.take(s, i, i+1)
			continue
		case r.quotes >= 3 && isCloser(c):
			r.flushQuotes(r.quotes - 3)
			r.closeString(r.quoteAt + r.quotes)
			return i
		}
		r.flushQuotes(r.quotes)
		r.out = jsonvalue.AppendChars(r.out, string(r.held))
		r.held = r.held[:0]
		r.lex = lexString
		return i
	}
	return i
}

func (r *Reader) flushQuotes(n int) {
	for range n {
		r.out = appendEscapedOrPlain(r.out, r.quote)
	}
	r.quotes = 0
}

// skipping feeds the skipper until the failed element or the input ends.
func (r *Reader) skipping(s string, i int) int {
	n, st := r.skip.Feed(s[i:])
	if r.captures > 0 {
		r.capture = append(r.capture, s[i:i+n]...)
	}
	r.off += n
	switch st {
	case Open:
		return i + n
	case Closed:
		if r.elemErr != nil && r.err == nil {
			r.endFailedElement()
			return i + n
		}
		if r.stream {
			r.st = Closed
		}
		r.lex = lexDone
	default:
		if r.err == nil {
			r.err = r.elemErr
		}
		if r.stream {
			r.st = st
		}
		r.lex = lexDone
	}
	return i + n
}

// failErr fails at off with an error of kind err.
func (r *Reader) failErr(off int, err error) {
	r.failWith(&SyntaxError{Offset: off, Msg: err.Error(), Err: err})
}

// fail records a syntax error at off: inside a list or run the current
// element fails and is skipped to its end; otherwise the input fails.
func (r *Reader) fail(off int, msg string) { r.failWith(&SyntaxError{Offset: off, Msg: msg}) }

func (r *Reader) failWith(e *SyntaxError) {
	el := r.elementFrame()
	if el < 0 || r.err != nil || r.elemErr != nil {
		if r.err == nil {
			r.err = e
		}
		r.startSkip(1)
		return
	}
	r.elemErr = e
	r.startSkip(el)
}

// elementFrame returns the index in the stack of the arguments of the
// element being read in a list or run, or -1.
func (r *Reader) elementFrame() int {
	want := 1
	switch r.goal {
	case GoalList:
		want = 2
	case GoalRun:
	default:
		return -1
	}
	if len(r.stack) > want && r.stack[want].kind == fArgs {
		return want
	}
	return -1
}

// startSkip skips with the brackets of the frames from index from on open:
// to the end of the element whose arguments are at from, or, when from is
// 1 (the outermost), to the end of the input or list.
func (r *Reader) startSkip(from int) {
	r.skip.Reset(r.cfg.MaxDepth)
	for _, f := range r.stack[from:] {
		r.skip.stack = append(r.skip.stack, openerOf(closerOf(f.kind)))
	}
	r.lex = lexSkip
	r.pending.ok = false
	r.sign = 0
	if len(r.skip.stack) == 0 && !r.stream { // nothing open: nothing more to read
		r.lex = lexDone
	}
	// Streamed, the skipper passes over what comes before a bracket, as a
	// Recognizer does, and the input ends where that bracket closes.
}

func closerOf(k frameKind) byte {
	switch k {
	case fList, fSeq:
		return ']'
	case fBrace:
		return '}'
	}
	return ')'
}

// endFailedElement goes back to the list or run after a failed element's
// closing ')'.
func (r *Reader) endFailedElement() {
	el := r.elementFrame()
	f := &r.stack[el]
	r.elems = append(r.elems, Element{Start: f.start, End: r.off, Call: toolcall.Call{Name: f.name}, Err: r.elemErr})
	r.stack = r.stack[:el]
	r.depth = len(r.stack) - 1
	if r.goal == GoalList {
		r.depth--
	}
	r.out = r.out[:0]
	r.elemErr = nil
	r.lex = lexCode
	r.lastEnd = r.off
	r.nl = false
	r.top().state = sAfter
	r.endRunCall()
}

// endRunCall ends a streamed run with its first call (unless StreamRun
// reads it whole), so that Resume can go on from there.
func (r *Reader) endRunCall() {
	if r.stream && r.goal == GoalRun && !r.wholeRun {
		r.paused, r.resumable = r.lex, true
		r.st, r.lex = Closed, lexDone
	}
}

// Resume goes on reading a streamed run (GoalRun, Stream) whose call
// closed it: the bytes that follow are the rest of the run (separators,
// and the next call, whose end closes it again), read as StreamRun would
// read them. It reports whether r reads on (it was open, or a call closed
// it); a run that something else closed stays closed.
func (r *Reader) Resume() bool {
	if r.resumable {
		r.st, r.lex, r.resumable = Open, r.paused, false
	}
	return r.st == Open
}

func (r *Reader) top() *frame { return &r.stack[len(r.stack)-1] }

// OpenCall reports the call of a list or run (GoalList, GoalRun) whose
// arguments r is reading now: its name, where its name starts (which tells
// one call from the next), and the JSON of its arguments written so far
// that no later byte can change (see Stable). A call with a repeated
// argument, or one that failed, reports nothing (ok false).
func (r *Reader) OpenCall() (name string, start int, stable []byte, ok bool) {
	r.flush()
	if len(r.stack) == 0 {
		return "", 0, nil, false
	}
	el := r.elementFrame()
	if el < 0 || r.lex == lexSkip || r.lex == lexDone {
		return "", 0, nil, false
	}
	f := &r.stack[el]
	if f.repeated {
		return "", 0, nil, false
	}
	return f.name, f.start, r.out[f.mark:r.stableEnd(el+1)], true
}

// value returns a copy of the value read whole (GoalValue), or "".
func (r *Reader) value() string {
	if !r.valueDone {
		return ""
	}
	return string(r.out)
}

// Stable returns the JSON r has written for a value (GoalValue) that no
// later byte can change: a tuple, a set (or a brace whose first item may
// still make it one), or a dotted call used as a value may still be
// rewritten, and so may a dict key that is not a string, so the stable
// part ends where the outermost of them starts. It is nil once the value
// failed.
func (r *Reader) Stable() []byte {
	r.flush()
	if r.goal != GoalValue || r.err != nil || r.lex == lexSkip || len(r.stack) == 0 {
		return nil
	}
	return r.out[:r.stableEnd(1)]
}

// stableEnd is where the JSON that frames from index from on may rewrite
// begins.
func (r *Reader) stableEnd(from int) int {
	for _, g := range r.stack[from:] {
		switch {
		case g.kind == fParen || g.kind == fNest || g.kind == fBrace && !g.dict:
			return g.mark
		case g.kind == fBrace && g.state == sKey: // a key that is no string becomes one
			return g.item
		}
	}
	return len(r.out)
}

// Complete reports whether the value (GoalValue) is read whole: what
// follows it can only be blanks or an error.
func (r *Reader) Complete() bool {
	r.flush()
	return r.goal == GoalValue && r.err == nil && len(r.stack) == 1 && r.stack[0].state == sEnd
}
