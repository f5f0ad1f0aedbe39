package pythonic_test

import (
	"fmt"

	"github.com/toolparse/toolparse/pythonic"
)

func ExampleParser_ParseCall() {
	var p pythonic.Parser
	c, err := p.ParseCall(`bash(command='sed -n '1,9p' f.py', timeout=0x10, env={'A': None})`)
	fmt.Println(c.Name, c.Arguments, err)
	// Output:
	// bash {"command":"sed -n '1,9p' f.py","timeout":16,"env":{"A":null}} <nil>
}

// Positional arguments take the tool's declared parameters in order.
func ExampleParser_positional() {
	p := pythonic.Parser{Params: func(name string) []string { return []string{"city", "days"} }}
	c, _ := p.ParseCall(`get_weather("Oslo", days=3)`)
	fmt.Println(c.Arguments)
	// Output:
	// {"city":"Oslo","days":3}
}

// The Recognizer finds where a candidate closes across deltas.
func ExampleRecognizer() {
	var r pythonic.Recognizer
	r.Reset(0)
	for _, delta := range []string{`[f(a="]`, `"), g(b='x`, `')] and more`} {
		n, st := r.Feed(delta)
		fmt.Println(n, st)
	}
	// Output:
	// 7 open
	// 10 open
	// 3 closed
}
