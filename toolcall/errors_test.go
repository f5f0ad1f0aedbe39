package toolcall_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// TestSyntaxErrorIsOneType: a parse error from the pythonic parser is a
// *toolcall.SyntaxError and a *pythonic.SyntaxError alike, wrapped or not;
// a depth limit is errors.Is pythonic.ErrTooDeep.
func TestSyntaxErrorIsOneType(t *testing.T) {
	var p pythonic.Parser
	_, err := p.ParseCall("get_weather(city=")
	if err == nil {
		t.Fatal("a cut-off call parsed")
	}
	wrapped := fmt.Errorf("reading: %w", err)
	var te *toolcall.SyntaxError
	var pe *pythonic.SyntaxError
	if !errors.As(wrapped, &te) || !errors.As(wrapped, &pe) || te != pe {
		t.Fatalf("%v: errors.As finds %v and %v", err, te, pe)
	}
	_, err = p.ParseCall("f(x=" + deep(10000) + ")")
	if !errors.Is(err, pythonic.ErrTooDeep) {
		t.Fatalf("%v is not ErrTooDeep", err)
	}
}

func deep(n int) string {
	b := make([]byte, 0, 2*n)
	for range n {
		b = append(b, '[')
	}
	for range n {
		b = append(b, ']')
	}
	return string(b)
}
