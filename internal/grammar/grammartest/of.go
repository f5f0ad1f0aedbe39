package grammartest

import "github.com/toolparse/toolparse/toolcall"

// Fataler is what Of needs of a test: *testing.T and *rapid.T both are.
type Fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Of returns the compiled grammar that grammar writes for req, failing t
// when it writes none or one that does not compile.
func Of(t Fataler, grammar func(toolcall.Request) (string, error), req toolcall.Request) *Grammar {
	t.Helper()
	ebnf, err := grammar(req)
	if err != nil {
		t.Fatalf("no grammar: %v", err)
	}
	g, err := Compile(ebnf)
	if err != nil {
		t.Fatalf("the grammar does not compile: %v\n%s", err, ebnf)
	}
	return g
}
