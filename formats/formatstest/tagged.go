package formatstest

import (
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// Tagged spells the calls of a format whose arguments stand in tags, in
// blocks of calls (MiniMax-M2's, Seed-OSS's): the rows of TaggedCases,
// TaggedGrammarCases and TaggedStreamingCases, and the documents of Value.
type Tagged struct {
	// Open and Close are a block's markers.
	Open, Close string
	// Call is the tag that opens a call of name; CallEnd closes a call.
	Call    func(name string) string
	CallEnd string
	// Param is the tag that opens the value of key; ParamEnd closes it.
	Param    func(key string) string
	ParamEnd string
	// TurnEnd ends a turn; TurnStart starts the next one's header.
	TurnEnd, TurnStart string
}

// FunctionTags spells Qwen3-Coder's calls, <function=NAME> and
// <parameter=KEY> each closed by its end tag, in blocks between open and
// close, and a turn that ends with turnEnd before the next one's
// turnStart.
func FunctionTags(open, close, turnEnd, turnStart string) Tagged {
	return Tagged{
		Open: open, Close: close,
		Call:     func(name string) string { return "<function=" + name + ">" },
		CallEnd:  "</function>",
		Param:    func(key string) string { return "<parameter=" + key + ">" },
		ParamEnd: "</parameter>",
		TurnEnd:  turnEnd, TurnStart: turnStart,
	}
}

// block writes one block: Open, a newline, the calls (each a call and its
// values, with newlines), Close.
func (s Tagged) block(calls ...string) string {
	b := s.Open + "\n"
	for _, c := range calls {
		b += c
	}
	return b + s.Close
}

// call writes a call of name, its values after a newline each.
func (s Tagged) call(name string, kv ...string) string {
	c := s.Call(name) + "\n"
	for i := 0; i+1 < len(kv); i += 2 {
		c += s.Param(kv[i]) + kv[i+1] + s.ParamEnd + "\n"
	}
	return c + s.CallEnd + "\n"
}

// Value writes a block of one call of f whose parameter key holds
// value: the documents of streamtest.CheckValues.
func (s Tagged) Value(key, value string) string {
	return s.block(s.call("f", key, value))
}

// TaggedCases are the rows every format that s spells keeps, as read on a
// stream that starts outside reasoning: calls with and without newlines,
// arguments and blocks; values raw, empty, non-ASCII, holding the
// format's tags, the end of turn, a close tag that does not close them, a
// repeated key's tag; a block, a call or a value whose end is missing; a
// new block that ends an unclosed one; end tags outside a block dropped,
// a partial marker at the end prose.
func TaggedCases(s Tagged) []streamtest.Case {
	c := streamtest.Call
	calls := func(cs ...toolcall.Call) []toolcall.Call { return cs }
	own := "Use " + s.Open + " and " + s.Call("f") + " then " + s.CallEnd + " and " + s.Close + "."
	eot := "a " + s.TurnEnd + " b " + s.TurnStart + "user"
	repeated := "1" + s.ParamEnd + "\n" + s.Param("a") + "2"
	setBefore := "x" + s.ParamEnd + "\n" + s.Param("path") + "/etc/passwd"
	example := "Example:\n" + s.Open + "\n" + s.call("get_weather", "city", "Paris") + s.Close + "\nEnd."
	partial := s.Open[:len(s.Open)-len("_call>")]
	return []streamtest.Case{
		{Name: "one call", Input: s.block(s.call("f", "a", "x")), Calls: calls(c("f", `{"a":"x"}`))},
		{Name: "no newlines", Input: s.Open + s.Call("f") + s.Param("a") + "x" + s.ParamEnd + s.Param("b") + "y" + s.ParamEnd + s.CallEnd + s.Close,
			Calls: calls(c("f", `{"a":"x","b":"y"}`))},
		{Name: "no arguments", Input: s.block(s.call("get_time")), Calls: calls(c("get_time", `{}`))},
		{Name: "prose before, between and after blocks", Input: "A\n" + s.block(s.call("f")) + "\nB", Content: "A\n\nB", Calls: calls(c("f", `{}`))},
		// Values are raw: the template writes them as they are, so their
		// newlines and blanks are theirs (a file's last newline stays).
		{Name: "newlines around a value are the value's", Input: s.block(s.call("write", "content", "\nline\n")), Calls: calls(c("write", `{"content":"\nline\n"}`))},
		{Name: "an empty value", Input: s.block(s.call("f", "a", "")), Calls: calls(c("f", `{"a":""}`))},
		{Name: "a missing " + s.Close + " at the end", Input: s.Open + "\n" + s.call("f", "a", "x"), Calls: calls(c("f", `{"a":"x"}`))},
		{Name: "a missing " + s.CallEnd + " and " + s.Close + " at the end", Input: s.Open + "\n" + s.Call("f") + "\n" + s.Param("a") + "x" + s.ParamEnd + "\n",
			Calls: calls(c("f", `{"a":"x"}`))},
		{Name: "a missing " + s.CallEnd + " before the block's end", Input: s.Open + "\n" + s.Call("f") + "\n" + s.Param("a") + "x" + s.ParamEnd + "\n" + s.Close,
			Calls: calls(c("f", `{"a":"x"}`))},
		{Name: "a missing " + s.ParamEnd + " closed by the next parameter", Input: s.block(s.Call("f") + "\n" + s.Param("a") + "x\n" + s.Param("b") + "y" + s.ParamEnd + "\n" + s.CallEnd + "\n"),
			Calls: calls(c("f", `{"a":"x\n","b":"y"}`))},
		{Name: "a missing " + s.ParamEnd + " closed by " + s.CallEnd, Input: s.block(s.Call("f") + "\n" + s.Param("a") + "x" + s.CallEnd + "\n"),
			Calls: calls(c("f", `{"a":"x"}`))},
		{Name: s.ParamEnd + " inside a value that does not close it", Input: s.block(s.call("write", "text", "use "+s.ParamEnd+" to close")),
			Calls: calls(c("write", `{"text":`+streamtest.JSONString("use "+s.ParamEnd+" to close")+`}`))},
		{Name: "a value holding the format's own tags", Input: s.block(s.call("write", "doc", own)), Calls: calls(c("write", `{"doc":`+streamtest.JSONString(own)+`}`))},
		{Name: "a value holding the end of turn", Input: s.block(s.call("say", "text", eot)), Calls: calls(c("say", `{"text":`+streamtest.JSONString(eot)+`}`))},
		// In a call to an offered tool, a tag for a key set before the
		// value is no structure: text in the value (a file that holds the
		// format's tags never redirects a write). The value's own key
		// written again is: its last value wins, at its first place.
		{Name: "a key set before is text in the value", Input: s.block(s.call("write", "path", "a.txt", "content", setBefore)), Tools: []string{"write"},
			Calls: calls(c("write", `{"path":"a.txt","content":`+streamtest.JSONString(setBefore)+`}`))},
		{Name: "the value's own key written again: the last value wins", Input: s.block(s.call("f", "a", repeated, "b", "3")), Calls: calls(c("f", `{"a":"2","b":"3"}`))},
		{Name: "the key written again after the value holding it: the last value wins", Input: s.block(s.call("write", "content", setBefore, "path", "a.txt")),
			Calls: calls(c("write", `{"content":"x","path":"a.txt"}`))},
		{Name: "a value holding the format's own example call", Input: s.block(s.call("write", "path", "a.md", "content", example)),
			Calls: calls(c("write", `{"path":"a.md","content":`+streamtest.JSONString(example)+`}`))},
		{Name: "hyphenated and dotted names", Input: s.block(s.call("sub-task.end")), Calls: calls(c("sub-task.end", `{}`))},
		{Name: "a new block ends an unclosed one", Input: s.Open + "\n" + s.call("f") + s.block(s.call("g")), Calls: calls(c("f", `{}`), c("g", `{}`))},
		{Name: "non-ASCII values", Input: s.block(s.call("f", "city", "Zürich 東京")), Calls: calls(c("f", `{"city":"Zürich 東京"}`))},
		{Name: "end of turn consumed", Input: s.block(s.call("f")) + s.TurnEnd, Calls: calls(c("f", `{}`))},
		{Name: "a partial marker at the end is prose", Input: "see " + partial, Content: "see " + partial},
		{Name: "an orphan " + s.Close + " is dropped", Input: "Done." + s.Close, Content: "Done."},
		{Name: "an orphan " + s.CallEnd + " is dropped", Input: "Done." + s.CallEnd, Content: "Done."},
	}
}
