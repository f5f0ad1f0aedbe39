package pythonic

import "fmt"

// SyntaxError is a call literal that does not parse. Offset is the byte
// offset in the parsed text where the problem was found.
type SyntaxError struct {
	Offset int
	Msg    string
}

// Error returns the offset and the message.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg)
}

// ErrTooDeep is the message of a SyntaxError for nesting past the parser's
// depth limit, so callers can tell a limit from a malformed literal.
const ErrTooDeep = "nesting too deep"
