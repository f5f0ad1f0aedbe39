package pylit

import (
	"strings"
	"testing"
)

// What real models write that Python's own parser reads, or that a
// markdown renderer escaped: the call stands.
func TestLenientCalls(t *testing.T) {
	p := Parser{Params: func(name string) []string {
		if name == "one" {
			return []string{"a", "b"}
		}
		return nil
	}}
	tests := []struct {
		name, src, call, args string
		repaired              []string // keys named by repair notes
	}{
		{"a repeated keyword: the last value, at the first place", `f(a=1, b=2, a=3)`, "f", `{"a":3,"b":2}`, []string{"a"}},
		{"a keyword repeated three times", `f(a='x', a='y', a='z')`, "f", `{"a":"z"}`, []string{"a", "a"}},
		{"a positional and a keyword argument for one parameter", `one(1, a=2)`, "one", `{"a":2}`, []string{"a"}},
		{"markdown-escaped names", `lawsuit\_search(company\_name='x', max\_results=5)`, "lawsuit_search", `{"company_name":"x","max_results":5}`, nil},
		{"a markdown-escaped dotted name", `european\_history.get\_event\_date(event\_name='x')`, "european_history.get_event_date", `{"event_name":"x"}`, nil},
		{"a leading escaped underscore", `\_lookup(\_from=1)`, "_lookup", `{"_from":1}`, nil},
		{"an escape inside a string stays", `f(a='x\_y')`, "f", `{"a":"x\\_y"}`, nil},
		{"positional then keyword arguments", `one(1, b=True)`, "one", `{"a":1,"b":true}`, nil},
		{"a one-element tuple", `f(t=(1,))`, "f", `{"t":[1]}`, nil},
		{"trailing commas", `f(a=[1, 2,], b=3,)`, "f", `{"a":[1,2],"b":3}`, nil},
		{"Python and JSON literals", `f(a=True, b=true, c=None, d=null, e=False, g=false)`, "f", `{"a":true,"b":true,"c":null,"d":null,"e":false,"g":false}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			elems, err := p.ParseRun(tt.src)
			if err != nil || len(elems) != 1 || elems[0].Err != nil {
				t.Fatalf("ParseRun(%q) = %+v, %v", tt.src, elems, err)
			}
			el := elems[0]
			if el.Call.Name != tt.call || el.Call.Arguments != tt.args {
				t.Errorf("ParseRun(%q) = %s %s, want %s %s", tt.src, el.Call.Name, el.Call.Arguments, tt.call, tt.args)
			}
			if len(el.Repaired) != len(tt.repaired) {
				t.Fatalf("repairs %+v, want %d naming %v", el.Repaired, len(tt.repaired), tt.repaired)
			}
			for i, key := range tt.repaired {
				if !strings.Contains(el.Repaired[i].Msg, "argument "+key+" ") {
					t.Errorf("repair %q does not name %s", el.Repaired[i].Msg, key)
				}
			}
		})
	}
}

// Only \_ is unescaped, and only inside a name.
func TestOtherBackslashesInNamesDoNotParse(t *testing.T) {
	var p Parser
	for _, src := range []string{`f\-g(a=1)`, `\-f(a=1)`, `f(a\b=1)`} {
		if c, err := p.ParseCall(src); err == nil {
			t.Errorf("ParseCall(%q) = %+v, want an error", src, c)
		}
	}
}
