package pylit

import (
	"errors"
	"fmt"
)

// SyntaxError is a call literal that does not parse. Offset is the byte
// offset in the parsed text where the problem was found. Err, when set, is
// the kind of problem (ErrTooDeep), for errors.Is.
type SyntaxError struct {
	Offset int
	Msg    string
	Err    error
}

// Error returns the offset and the message.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg)
}

// Unwrap returns the kind of problem, if the error has one.
func (e *SyntaxError) Unwrap() error { return e.Err }

// ErrTooDeep says nesting passed the parser's depth limit, so callers can
// tell a limit from a malformed literal: errors.Is(err, ErrTooDeep).
var ErrTooDeep = errors.New("nesting too deep")
