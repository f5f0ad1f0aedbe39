package streamtest

import (
	"encoding/json"
	"reflect"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// ExpectReasoning is Expect that also requires Parse's Reasoning.
func ExpectReasoning(t TB, f toolcall.Format, req toolcall.Request, doc, reasoning, content string, calls []toolcall.Call, opts ...stream.Option) {
	t.Helper()
	if res := stream.Parse(f, doc, req, opts...); res.Reasoning != reasoning {
		t.Errorf("reasoning = %q, want %q", res.Reasoning, reasoning)
	}
	Expect(t, f, req, doc, content, calls, opts...)
}

// Expect parses doc with f and req and requires content and calls (names
// exactly, arguments as JSON values; Index and ID are not compared); then it
// feeds doc in every two-way split, byte by byte, and, for a short doc, in
// every three-way split, and requires the same outcome each time (Compare).
func Expect(t TB, f toolcall.Format, req toolcall.Request, doc, content string, calls []toolcall.Call, opts ...stream.Option) {
	t.Helper()
	res := stream.Parse(f, doc, req, opts...)
	if res.Content != content {
		t.Errorf("content = %q, want %q", res.Content, content)
	}
	if !sameCalls(res.Calls, calls) {
		t.Errorf("calls = %s, want %s", callList(res.Calls), callList(calls))
	}
	for _, split := range Splits(doc) {
		Compare(t, f, req, split, opts...)
	}
}

// Splits returns every two-way split of doc, doc byte by byte, and for a
// doc under 80 bytes every three-way split.
func Splits(doc string) [][]string {
	var out [][]string
	for i := 1; i < len(doc); i++ {
		out = append(out, []string{doc[:i], doc[i:]})
	}
	bytes := make([]string, len(doc))
	for i := range len(doc) {
		bytes[i] = doc[i : i+1]
	}
	out = append(out, bytes)
	if len(doc) < 80 {
		for i := 1; i < len(doc); i++ {
			for j := i + 1; j < len(doc); j++ {
				out = append(out, []string{doc[:i], doc[i:j], doc[j:]})
			}
		}
	}
	return out
}

func sameCalls(got, want []toolcall.Call) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].Name != want[i].Name || !JSONEqual(got[i].Arguments, want[i].Arguments) {
			return false
		}
	}
	return true
}

// JSONEqual reports whether two JSON texts hold equal values; texts that
// are not JSON are compared as strings.
func JSONEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return a == b
	}
	return reflect.DeepEqual(x, y)
}

func callList(cs []toolcall.Call) string {
	s := "["
	for i, c := range cs {
		if i > 0 {
			s += ", "
		}
		s += c.Name + " " + c.Arguments
	}
	return s + "]"
}

// Expecter returns ExpectReasoning for f, req and opts, the calls last
// and variadic: a format test's expect helper.
func Expecter(f toolcall.Format, req toolcall.Request, opts ...stream.Option) func(t TB, doc, reasoning, content string, calls ...toolcall.Call) {
	return func(t TB, doc, reasoning, content string, calls ...toolcall.Call) {
		t.Helper()
		ExpectReasoning(t, f, req, doc, reasoning, content, calls, opts...)
	}
}

// IDs returns the IDs of the calls Parse gives for doc with f, no tools
// and opts, in their order.
func IDs(f toolcall.Format, doc string, opts ...stream.Option) []string {
	var out []string
	for _, c := range stream.Parse(f, doc, toolcall.Request{}, opts...).Calls {
		out = append(out, c.ID)
	}
	return out
}
