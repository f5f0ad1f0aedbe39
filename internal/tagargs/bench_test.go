package tagargs_test

import (
	"testing"

	"github.com/toolparse/toolparse/internal/tagargs"
)

// nop is a Handler that keeps nothing: what reading alone costs.
type nop struct{ keys int }

func (*nop) Name(string, int) string { return "" }
func (n *nop) Key(string, int)       { n.keys++ }
func (*nop) Text(string)             {}
func (*nop) EndValue(int, int, bool) {}
func (*nop) End(int) bool            { return false }
func (*nop) JSON(int, int) string    { return "" }
func (*nop) Trailing(int)            {}
func (*nop) Unsure()                 {}
func (*nop) Fresh(string) bool       { return true }
func (*nop) Known(string) bool       { return false }

// BenchmarkWhole reads a small GLM call whole, as glm45's decoder does
// for each block: the reader's own cost per call.
func BenchmarkWhole(b *testing.B) {
	body := "get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n"
	var r tagargs.Reader
	h := &nop{}
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		r.Reset(&glm, h, tagargs.Name, 0)
		r.Feed(body)
		r.Close()
	}
	if h.keys == 0 {
		b.Fatal("no key read")
	}
}
