package toolcall

import "fmt"

// SyntaxError is text a format could not read as a call: Offset is the
// byte offset, in the text the format was reading, where the problem was
// found, and Msg says what it was. Err, when set, is the kind of problem
// (pythonic.ErrTooDeep), for errors.Is. Every format's errors are this type
// (pythonic.SyntaxError names it too), so errors.As finds them alike.
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
