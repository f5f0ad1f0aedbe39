package pylit

import (
	"errors"

	"github.com/toolparse/toolparse/toolcall"
)

// SyntaxError is a call literal that does not parse: toolcall's, so that
// every format's errors are one type.
type SyntaxError = toolcall.SyntaxError

// ErrTooDeep says nesting passed the parser's depth limit, so callers can
// tell a limit from a malformed literal: errors.Is(err, ErrTooDeep).
var ErrTooDeep = errors.New("nesting too deep")

// ErrTooMany says a list or run held more calls than the parser's
// MaxCalls: a limit, as ErrTooDeep is.
var ErrTooMany = errors.New("more calls than the limit")
