// Package benchdata makes the inputs the benchmarks share: Python source
// of a given size, as a write_file call would carry it, and a text cut into
// deltas as a model server streams it.
package benchdata

import (
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/toolcall"
)

const chunk = `def handler(event, ctx):
    """Handle one event; see 'docs/events.md'."""
    items = [x for x in event["items"] if x.get('ok')]
    print(f"got {len(items)} items\n", end='')
    return {"status": 200, "body": json.dumps({'items': items, "path": "C:\\tmp\\x"})}

`

// PythonSource returns n bytes of Python source: quotes of both kinds,
// escapes, brackets and newlines.
func PythonSource(n int) string {
	return strings.Repeat(chunk, n/len(chunk)+1)[:n]
}

// Prose returns n bytes of plain prose.
func Prose(n int) string {
	const para = "The weather in Tokyo is mild today, with light winds from the east and a high of 21 degrees. Expect rain later in the week.\n\n"
	return strings.Repeat(para, n/len(para)+1)[:n]
}

// SmallCalls returns eight small get_weather calls, as a model answering
// eight cities writes them: what the benchmarks of small calls render in
// each format's syntax.
func SmallCalls() []toolcall.Call {
	var calls []toolcall.Call
	for i, city := range []string{"Paris", "Tokyo", "Lima", "Oslo", "Cairo", "Quito", "Hanoi", "Perth"} {
		calls = append(calls, toolcall.Call{ID: "call" + strconv.Itoa(i), Name: "get_weather", Arguments: `{"city":"` + city + `","unit":"celsius"}`})
	}
	return calls
}

// Deltas cuts s into pieces of size bytes (the last may be shorter).
func Deltas(s string, size int) []string {
	out := make([]string, 0, len(s)/size+1)
	for len(s) > size {
		out = append(out, s[:size])
		s = s[size:]
	}
	return append(out, s)
}

// Feeder is what Calls drives: a *stream.Stream (named by its methods, so
// that this package, below the public ones, does not import stream).
type Feeder interface {
	Feed(delta string) []toolcall.Event
	Close() []toolcall.Event
}

// Calls feeds the deltas to s, closes it and returns how many calls it
// handed on.
func Calls(s Feeder, ds []string) int {
	n := 0
	count := func(evs []toolcall.Event) {
		for _, e := range evs {
			if e.Call != nil {
				n++
			}
		}
	}
	for _, d := range ds {
		count(s.Feed(d))
	}
	count(s.Close())
	return n
}
