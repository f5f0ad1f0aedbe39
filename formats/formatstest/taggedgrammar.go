package formatstest

import "github.com/toolparse/toolparse/toolcall"

// TaggedGrammarCases are the grammar rows every format that s spells
// keeps, for a request that offers GoldenTools and requires a call
// (CheckGrammarCases): one call with the required argument only; a value
// that holds tags but not its close tag, and one that holds it; a tool
// the request does not offer; a required argument missing; an integer
// that is not one, a value outside the enum; and golden, the goldens'
// two calls, when the request forbids parallel calls.
func TaggedGrammarCases(s Tagged, golden string) []GrammarCase {
	order := func(kv ...string) string { return s.block(s.call("lookup_order", kv...)) }
	return []GrammarCase{
		{Name: "one call with the required argument only", Text: order("order_id", "7"), Want: true},
		{Name: "a value holding tags but no " + s.ParamEnd, Text: s.block(s.call("write_note", "path", "a<"+s.CallEnd+s.Close+"</param", "text", "t")), Want: true},
		{Name: "a value holding " + s.ParamEnd, Text: s.block(s.call("write_note", "path", "a"+s.ParamEnd+"b", "text", "t")), Want: false},
		{Name: "a tool the request does not offer", Text: s.block(s.call("rm")), Want: false},
		{Name: "a required argument missing", Text: order(), Want: false},
		{Name: "an integer that is not one", Text: order("order_id", "seven"), Want: false},
		{Name: "a value outside the enum", Text: order("order_id", "7", "status", "lost"), Want: false},
		{Name: "two calls, parallel_tool_calls false", Req: toolcall.Request{Tools: GoldenTools(), ToolChoice: "required", ParallelToolCalls: new(bool)}, Text: golden, Want: false},
	}
}
