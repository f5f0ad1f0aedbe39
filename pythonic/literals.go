package pythonic

import (
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// The literal grammar's types. They are defined in an internal package so
// that the block machine, which reads bodies with them, can also run this
// package's format; the names here are the public ones, and each type's
// methods are documented where it is defined.
type (
	// Parser parses Python call literals (a superset that also accepts
	// JSON literals) into calls with JSON arguments: ParseList, ParseRun,
	// ParseCall, ParseValue and ParseCallReread. The zero value is ready to
	// use, holds no state between calls and may be shared. Its fields:
	// MaxDepth caps nesting (toolcall.DefaultMaxDepth when 0); Params
	// gives a tool's declared parameters, for positional arguments;
	// JSONSlashEscape reads JSON's \/ escape as '/'.
	Parser = pylit.Parser
	// Element is one element of a call list: a call, or the error that
	// kept it from being one (Err), with where it starts and the repairs
	// made to read it.
	Element = pylit.Element
	// Reader is the push parser: it takes a call list, a run of calls, one
	// call or one value in any number of pieces (Feed) and writes each
	// call's JSON as the bytes arrive, one pass per byte; streamed, it
	// also says where the candidate ends (Status).
	Reader = pylit.Reader
	// Goal is what a Reader reads: GoalList, GoalRun, GoalCall or
	// GoalValue.
	Goal = pylit.Goal
	// Recognizer finds where a candidate closes, with the Reader's string
	// rules, without reading it.
	Recognizer = pylit.Recognizer
	// Status says where a candidate stands after the bytes a Reader or
	// Recognizer has seen: Open, Closed, Mismatch or TooDeep.
	Status = pylit.Status
	// Scanner splits a call literal into tokens.
	Scanner = pylit.Scanner
	// Token is the kind of a lexical token of a call literal.
	Token = pylit.Token
	// SyntaxError is a call literal that does not parse: the byte offset
	// where the problem was found, a message, and the kind of problem
	// (Err, for errors.Is; ErrTooDeep). It is toolcall.SyntaxError, the
	// type of every format's errors, under this package's old name.
	SyntaxError = pylit.SyntaxError
)

// The goals of a Reader.
const (
	GoalList  = pylit.GoalList  // a call list, [call, call, ...]
	GoalRun   = pylit.GoalRun   // calls separated by ',' ';' or newlines, to the end of input
	GoalCall  = pylit.GoalCall  // one call, to the end of input
	GoalValue = pylit.GoalValue // one value, to the end of input
)

// The statuses of a candidate.
const (
	Open     = pylit.Open     // more bytes are needed
	Closed   = pylit.Closed   // the outermost bracket closed
	Mismatch = pylit.Mismatch // a closing bracket does not match the open one
	TooDeep  = pylit.TooDeep  // nesting passed the limit
)

// The tokens of the call-literal language. Literals (NAME, INT, FLOAT,
// STRING) carry their source text; the rest are single characters.
const (
	ILLEGAL   = pylit.ILLEGAL
	EOF       = pylit.EOF
	NAME      = pylit.NAME   // get_weather, sub-task-ending, math.factorial, True
	INT       = pylit.INT    // 12, 0x1f, 1_000, 07
	FLOAT     = pylit.FLOAT  // 1.5, .5, 5., 1e-3
	STRING    = pylit.STRING // 'a', "b", '''c''', r"\d", b'x'
	LPAREN    = pylit.LPAREN
	RPAREN    = pylit.RPAREN
	LBRACK    = pylit.LBRACK
	RBRACK    = pylit.RBRACK
	LBRACE    = pylit.LBRACE
	RBRACE    = pylit.RBRACE
	COMMA     = pylit.COMMA
	COLON     = pylit.COLON
	SEMICOLON = pylit.SEMICOLON
	ASSIGN    = pylit.ASSIGN
	PLUS      = pylit.PLUS
	MINUS     = pylit.MINUS
)

// ErrTooDeep says nesting passed the parser's depth limit, so callers can
// tell a limit from a malformed literal: errors.Is(err, ErrTooDeep).
var ErrTooDeep = pylit.ErrTooDeep

// ErrTooMany says a call list or run held more calls than the parser's
// MaxCalls: errors.Is(err, ErrTooMany).
var ErrTooMany = pylit.ErrTooMany

// ForRequest returns a Parser for a response to req: positional arguments
// take the parameters the matched tool's schema declares, read once per
// tool.
func ForRequest(req *toolcall.Request, maxDepth int) Parser { return pylit.ForRequest(req, maxDepth) }

// NewReader returns a Reader, from a pool, that reads for goal with p's
// settings and decides where what it reads ends (Stream): a decoder that
// meets candidates now and then need not grow a reader for each. Give it
// back with ReleaseValue once its candidate is decided.
func NewReader(p Parser, goal Goal) *Reader { return pylit.NewReader(p, goal) }

// NewValue returns a streamed Reader, from the pool, that reads one JSON
// value as jsoncall reads one (p with JSONEscapes on).
func NewValue(p Parser) *Reader { return pylit.NewValue(p) }

// NewCall returns a streamed Reader, from the pool, that reads one call,
// name(args), as the first call of a run (GoalRun: its Element, or the
// error of Close when no call began).
func NewCall(p Parser) *Reader { return pylit.NewCall(p) }

// ReleaseValue gives r, from NewReader, NewValue or NewCall, back for
// reuse; r must not be used after.
func ReleaseValue(r *Reader) { pylit.ReleaseValue(r) }

// StringEnd returns the offset just past the string literal whose opening
// quote is at src[open], following the closing-quote rule: a quote of
// the string's own kind closes it only when the next non-blank byte is one of
// , ) ] } : or the end of src. ok is false when the string does not close,
// and when src[open] is not a quote (then end is open, or len(src) when open
// is outside src).
func StringEnd(src string, open int) (end int, ok bool) { return pylit.StringEnd(src, open) }

// NameEnd returns the offset just past the name that starts at
// src[start]. Names may contain '-' and '.', and the markdown escape \_.
func NameEnd(src string, start int) int { return pylit.NameEnd(src, start) }

// IsNameByte reports whether the ASCII byte c may continue a name. Bytes
// from 0x80 up continue a name when they belong to a letter or digit.
func IsNameByte(c byte) bool { return pylit.IsNameByte(c) }

// IsNameStartByte reports whether the ASCII byte c may start a name.
func IsNameStartByte(c byte) bool { return pylit.IsNameStartByte(c) }
