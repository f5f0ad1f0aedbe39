package stream_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// One Feed of a mebibyte of '[' (each a possible call list that the next
// byte refutes) is one content event, and allocates a small multiple of
// its size.
func TestAMebibyteOfTriggersIsOneEvent(t *testing.T) {
	for _, f := range hostileFormats {
		for _, unit := range []string{"[", "<", "x[0] "} {
			text := repeatTo(unit, 1<<20)
			var n int
			bytes := allocated(func() {
				s := stream.New(f, toolcall.Request{})
				n = len(s.Feed(text))
				n += len(s.Close())
			})
			if n > 2 {
				t.Errorf("%s, %q: %d events, want at most 2", f.Name(), unit, n)
			}
			if perByte := float64(bytes) / float64(len(text)); perByte > 24 {
				t.Errorf("%s, %q: %.1f bytes allocated per byte", f.Name(), unit, perByte)
			}
		}
	}
}

// Empty deltas cost nothing and change nothing, even while a think tag is
// partly read.
func TestEmptyDeltasAfterAPartialThinkTag(t *testing.T) {
	for _, f := range []toolcall.Format{lfm2.Format, olmo3.Format} {
		s := stream.New(f, toolcall.Request{})
		if evs := s.Feed("<thi"); len(evs) != 0 {
			t.Fatalf("%s: a partial tag gave %+v", f.Name(), evs)
		}
		for range 40000 {
			if evs := s.Feed(""); len(evs) != 0 {
				t.Fatalf("%s: an empty delta gave %+v", f.Name(), evs)
			}
		}
		evs := append([]toolcall.Event(nil), s.Feed("nk>why</think>answer")...)
		evs = append(evs, s.Close()...)
		var reasoning, content string
		for _, e := range evs {
			reasoning += e.Reasoning
			content += e.Content
		}
		if reasoning != "why" || content != "answer" {
			t.Errorf("%s: reasoning %q, content %q", f.Name(), reasoning, content)
		}
	}
}

// No exported entry point panics on nil, zero or hostile input (the
// pythonic package checks its own, and llama4 that diagnostics are
// bounded).
func TestNilZeroAndHostileInputsDoNotPanic(t *testing.T) {
	res := stream.Parse(nil, "[f(a=1)]", toolcall.Request{})
	if res.Content != "[f(a=1)]" || len(res.Calls) != 0 || len(res.Diagnostics) != 1 {
		t.Errorf("Parse with no format = %+v, want the text as content and a diagnostic", res)
	}
	var zero stream.Stream
	evs := append([]toolcall.Event(nil), zero.Feed("hello [f()]")...)
	evs = append(evs, zero.Close()...)
	if len(evs) != 1 || evs[0].Content != "hello [f()]" {
		t.Errorf("a zero Stream gave %+v", evs)
	}
	_ = zero.Diagnostics()
	s := stream.New(nil, toolcall.Request{})
	s.Feed("x")
	s.Close()

	empty := toolcall.Request{Tools: []toolcall.Tool{{Name: ""}, {Name: "get_weather"}}}
	for _, f := range hostileFormats {
		if res := stream.Parse(f, "Let me see. get_weather(city='Oslo') and g", empty); !strings.HasPrefix(res.Content, "Let me see.") {
			t.Errorf("%s: content %q", f.Name(), res.Content)
		}
		streamed := stream.New(f, empty)
		for _, d := range split("ok get_we ather(city='x') ge", 3) {
			streamed.Feed(d)
		}
		streamed.Close()
	}

	if _, err := schema.ToolFor[chan int]("c", ""); err == nil {
		t.Errorf("ToolFor[chan int] gave no error")
	}
	if _, err := schema.ToolFor[func()]("f", ""); err == nil {
		t.Errorf("ToolFor[func()] gave no error")
	}
	type node struct {
		Name string `json:"name"`
		Kids []node `json:"kids"`
	}
	if _, err := schema.ToolFor[node]("n", ""); err == nil {
		t.Errorf("ToolFor of a self-referencing struct gave no error")
	}
	type withChan struct{ C chan int }
	if _, err := schema.ToolFor[withChan]("w", ""); err == nil {
		t.Errorf("ToolFor of a struct with a channel gave no error")
	}
	if args, diags := schema.For(toolcall.Tool{}).Coerce(""); args != "" || diags != nil {
		t.Errorf("Coerce with no schema = %q, %+v", args, diags)
	}
}
