package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// What real models write, in a pythonic response: each row whole and split.
func TestRealOutputRules(t *testing.T) {
	streamtest.Run(t, pythonic.Format, []streamtest.Case{
		{Name: "a repeated keyword", Input: `[f(a=1, b=2, a=1)]`, Calls: []toolcall.Call{streamtest.Call("f", `{"a":1,"b":2}`)}},
		{Name: "markdown-escaped names", Input: `[lawsuit\_search(company\_name='x')] Done.`, Content: "Done.", Calls: []toolcall.Call{streamtest.Call("lawsuit_search", `{"company_name":"x"}`)}},
		{Name: "markdown-escaped dotted names", Input: `[european\_history.get\_event\_date(event\_name='x')]`, Calls: []toolcall.Call{streamtest.Call("european_history.get_event_date", `{"event_name":"x"}`)}},
		{Name: "a one-element tuple, trailing commas, Python and JSON literals", Input: `[f(t=(1,), a=True, b=null,)]`, Calls: []toolcall.Call{streamtest.Call("f", `{"t":[1],"a":true,"b":null}`)}},
	})
}
