package stream_test

import (
	"fmt"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// A gateway feeds every delta from the model server and forwards the events.
func Example() {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}
	s := stream.New(pythonic.Format, req, stream.WithIDs(func(c toolcall.Call) string { return fmt.Sprint("call_", c.Index) }))
	deltas := []string{"Checking", " now. [get_wea", "ther(city='Par", "is')]<|eot", "_id|>"}
	for _, d := range deltas {
		for _, e := range s.Feed(d) {
			if e.Call != nil {
				fmt.Printf("call %s %s %s\n", e.Call.ID, e.Call.Name, e.Call.Arguments)
			} else {
				fmt.Printf("content %q\n", e.Content)
			}
		}
	}
	for _, e := range s.Close() {
		fmt.Printf("at close: %+v\n", e)
	}
	// Output:
	// content "Checking"
	// content " now."
	// call call_0 get_weather {"city":"Paris"}
}

// Parse reads a whole response; it runs the same code as Feed and Close.
func ExampleParse() {
	res := stream.Parse(pythonic.Format, `[get_weather(city='Tokyo')] Let me check that for you.`, toolcall.Request{})
	fmt.Printf("content: %q\n", res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Index, c.Name, c.Arguments)
	}
	// Output:
	// content: "Let me check that for you."
	// 0 get_weather {"city":"Tokyo"}
}

// Text that looks like calls but does not parse comes back as content, and a
// diagnostic says why.
func ExampleStream_Diagnostics() {
	s := stream.New(pythonic.Format, toolcall.Request{})
	s.Feed("[f(a=1), g(b=1+)]")
	s.Close()
	for _, d := range s.Diagnostics() {
		fmt.Printf("%s at %d in %s: %s\n", d.Kind, d.Offset, d.Call, d.Message)
	}
	// Output:
	// syntax at 14 in g: expected ), found '+'
}

// With argument streaming, a long call shows progress: it is announced,
// its arguments come in pieces, and the Call event says it is done.
func ExampleWithArgumentStreaming() {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "write_file"}}}
	s := stream.New(pythonic.Format, req, stream.WithArgumentStreaming(),
		stream.WithIDs(func(c toolcall.Call) string { return fmt.Sprint("call_", c.Index) }))
	deltas := []string{`[write_file(path="a.py", `, `content="print('the first line')\n`, `print('the second line')\n`, `")]`}
	for _, d := range deltas {
		for _, e := range s.Feed(d) {
			switch d := e.Delta; {
			case d != nil && d.Kind == toolcall.CallStarted:
				fmt.Printf("start %d %s %s\n", d.Index, d.ID, d.Name)
			case d != nil && d.Kind == toolcall.ArgumentsFragment:
				fmt.Printf("piece %d %s\n", d.Index, d.Arguments)
			case e.Call != nil:
				fmt.Printf("done %d %s\n", e.Call.Index, e.Call.Arguments)
			}
		}
	}
	s.Close()
	// Output:
	// start 0 call_0 write_file
	// piece 0 {"path":"a.py","content":"print('the first line')\n
	// piece 0 print('the second line')\n"}
	// done 0 {"path":"a.py","content":"print('the first line')\nprint('the second line')\n"}
}
