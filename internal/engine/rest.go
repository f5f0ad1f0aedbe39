package engine

import (
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// SayDropped tells, once (said), that rest, text after the end of the
// turn that starts at offset off of the response, is dropped, when it is
// more than whitespace; the diagnostic points at its first other byte.
func (b *Base) SayDropped(rest string, off int, said *bool) {
	if *said {
		return
	}
	if j := jsonvalue.SkipSpace(rest, 0); j < len(rest) {
		b.Diag(toolcall.KindEndOfTurn, off+j, "", "text after the end of the turn is not part of the response: dropped")
		*said = true
	}
}

// Capped hands s[i:], the rest of the response, on as content once it
// may hand on no more calls (Limits' MaxCalls), saying so (SayCapped)
// where it holds more than whitespace: a Stepper's step for that mode.
func (b *Base) Capped(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if j := jsonvalue.SkipSpace(s, i); j < len(s) {
		b.SayCapped(b.Offset(j))
	}
	return b.Content(dst, s[i:]), len(s)
}
