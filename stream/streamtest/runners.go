package streamtest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// JSONString is s as a JSON string, as the stream writes it: no HTML
// escapes, so an expected argument reads as the text it holds.
func JSONString(s string) string {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// Tool is a tool of the given name whose parameters are the JSON schema
// schema.
func Tool(name, schema string) toolcall.Tool {
	return toolcall.Tool{Name: name, Parameters: json.RawMessage(schema)}
}

// CheckValues: for each row {key, value, want}, the document doc writes
// (a call of tool whose parameter key holds the text value) reads, with
// Expect and opts and the request offering tool, as one call of tool
// with the arguments want: how a format types a value's text by the
// tool's schema.
func CheckValues(t TB, f toolcall.Format, tool toolcall.Tool, doc func(key, value string) string, rows [][3]string, opts ...stream.Option) {
	t.Helper()
	req := toolcall.Request{Tools: []toolcall.Tool{tool}}
	for _, r := range rows {
		Expect(t, f, req, doc(r[0], r[1]), "", []toolcall.Call{Call(tool.Name, r[2])}, opts...)
	}
}

// Promises are the documents a format's tests hand to CheckPromises.
type Promises struct {
	// Documents mix the format's text: the properties hold for any mix
	// of them, split anyhow, for each of Requests (tools f and g offered
	// when there are none).
	Documents []string
	Requests  []toolcall.Request
	// Streams are documents of Calls calls (0: one at least) to the tools
	// of StreamsRequest that stream while they arrive.
	Streams        []string
	StreamsRequest toolcall.Request
	Calls          int
	// NotCalls maps a block that is not calls to a word the diagnostic
	// that says why holds.
	NotCalls map[string]string
	// Options apply to Streams and NotCalls (where the prompt left the
	// reasoning, say).
	Options []stream.Option
	// Marker, if set, is text without which no document gives a call
	// (FuzzPromises checks it).
	Marker string
}

// requests returns p's Requests, or one offering tools f and g when it
// has none.
func (p Promises) requests() []toolcall.Request {
	if len(p.Requests) == 0 {
		return []toolcall.Request{{Tools: Tools("f", "g")}}
	}
	return p.Requests
}

// CheckPromises runs, as subtests, what a format owes on its own
// documents: the stream's properties (CheckFormatRequest), argument
// streaming (CheckStreamsArguments), a Feed of prose that allocates
// nothing (CheckProseFeed), and blocks that are not calls coming back
// whole as content with a diagnostic that says why.
func CheckPromises(t *testing.T, f toolcall.Format, p Promises) {
	t.Helper()
	t.Run("Properties", func(t *testing.T) {
		for _, req := range p.requests() {
			CheckFormatRequest(t, f, req, p.Documents)
		}
	})
	t.Run("StreamsArguments", func(t *testing.T) {
		for _, doc := range p.Streams {
			CheckStreamsArguments(t, f, p.StreamsRequest, doc, p.Calls, p.Options...)
		}
	})
	t.Run("ProseFeedDoesNotAllocate", func(t *testing.T) { CheckProseFeed(t, f, toolcall.Request{}) })
	t.Run("NotCallsSaysWhy", func(t *testing.T) {
		for doc, why := range p.NotCalls {
			res := stream.Parse(f, doc, toolcall.Request{}, p.Options...)
			if len(res.Calls) != 0 || res.Content != doc || len(res.Diagnostics) == 0 || !strings.Contains(res.Diagnostics[0].Message, why) {
				t.Errorf("%s: %+v", doc, res)
			}
		}
	})
}

// FuzzPromises is the fuzz target of p's Documents: any document, split
// into deltas at random, keeps the stream's promises (Compare) for format
// and each of p's requests (as in CheckPromises), and gives no call
// without p.Marker when that is set.
func FuzzPromises(f *testing.F, format toolcall.Format, p Promises) {
	FuzzDeltas(f, p.Documents, func(t *testing.T, doc string, deltas []string) {
		for _, req := range p.requests() {
			Compare(t, format, req, deltas)
		}
		if p.Marker != "" {
			CallsNeed(t, format, doc, p.Marker)
		}
	})
}

// ReasoningCase is a row of RunReasoning's table (a case of another
// parser's tests, say): the tools offered, the text, and the reasoning,
// content and calls it must give.
type ReasoningCase struct {
	Name               string
	Tools              []toolcall.Tool
	Doc                string
	Reasoning, Content string
	Calls              []toolcall.Call
	// Start, if set, tells the stream where the prompt left the
	// reasoning for this case (stream.StartInReasoning, say), in place of
	// RunReasoning's start.
	Start stream.Option
}

// RunReasoning runs each case as a subtest with ExpectReasoning on f, on a
// stream told the case's Start, else start (told nothing when both are
// nil).
func RunReasoning(t *testing.T, f toolcall.Format, start stream.Option, cases []ReasoningCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			var opts []stream.Option
			if c.Start != nil {
				opts = append(opts, c.Start)
			} else if start != nil {
				opts = append(opts, start)
			}
			ExpectReasoning(t, f, toolcall.Request{Tools: c.Tools}, c.Doc, c.Reasoning, c.Content, c.Calls, opts...)
		})
	}
}

// CountDiagnostics returns how many of diags are of kind.
func CountDiagnostics(diags []toolcall.Diagnostic, kind string) int {
	n := 0
	for _, d := range diags {
		if d.Kind == kind {
			n++
		}
	}
	return n
}
