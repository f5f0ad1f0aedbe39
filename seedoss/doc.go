// Package seedoss reads the tool calls ByteDance's Seed-OSS writes
// (Seed-OSS-36B-Instruct and its base models):
//
//	<seed:tool_call>
//	<function=NAME>
//	<parameter=KEY>VALUE</parameter>
//	</function>
//	</seed:tool_call>
//
// Qwen3-Coder's tags inside a <seed:tool_call> block, one block a call,
// blocks joined by a newline (a block holding several functions is read
// too). The template writes a newline after each tag but none around a
// value; the reader takes blanks between tags as they come. A name holds
// no whitespace and none of {}<>"' (so an unrendered template's
// <function={{ name }}> is no call), a key no newline and no '<'. A
// function without parameters is a call without arguments. Qwen3-Coder's
// own <tool_call> block is not this format's: it is prose.
//
// Values: the template writes a string as it is and any other value with
// Jinja's string filter, as Python's str writes it: True, False, None,
// 19.5, and objects and arrays as Python literals ({'include_items': True,
// 'fields': ['sku', 'qty']}). A value is the text between its open and its
// close tag exactly: the template pads none, so its newlines and blanks
// are its own (a file's last newline stays). The stream types it by the
// tool's JSON Schema: a string stays a string; integer, number, boolean,
// object and array values are read as JSON, then as Python literals, as
// the pythonic reader reads them (True is true, None null, quotes either
// way); one that still does not fit stays a string, with a "schema"
// diagnostic. "null" (any case) and None are null where the property's
// schema allows null, and a string otherwise. With no schema every value
// is a string.
//
// Tags inside values: a file's content may hold this format's own tags.
// A </parameter> ends a value only when whitespace and then a <parameter=K>
// for a key not yet set or the value's own (written again: the last value
// wins), </function>,
// </seed:tool_call> or the end of the block follow it; otherwise it is
// text in the value. A <parameter=K> with no </parameter> before it ends a
// value only for such a key that the tool's schema knows (one of its
// properties, when it lists them), and a </function> with no </parameter>
// before it only when no </parameter> follows it. Any other tag is text
// in the value, so a value may hold <seed:tool_call>, <function=f> or
// <seed:eos> as text, and a key set before a value is text in it when
// given again there. A <parameter=K> that does not end a value opens a
// nested parameter, which the next </parameter> closes, and a
// <function=NAME> a nested call, which the next </function> ends: a value
// keeps the format's own example call whole.
//
// Missing ends: a missing </parameter> is closed as above; a missing
// </function> or </seed:tool_call> at the end of the response, or a
// missing </function> before </seed:tool_call>, is tolerated after a
// closed value; a second <seed:tool_call> outside a value ends a block
// whose end is missing and opens the next. An orphan </seed:tool_call> or
// </function> in prose is dropped. A block that is not calls is content,
// verbatim, markers included, with a diagnostic; text after a function in
// a block is content with a diagnostic. Prose before, between and after
// blocks is content.
//
// Cut-off: a call is complete only when its arguments are. A response the
// end cuts inside a call's arguments gives no call, its text coming back
// as content with a diagnostic: inside a value whose </parameter> never
// came, after <function=NAME> with no parameter yet, or before an
// argument the tool's schema requires has come. A missing or cut
// </function> and </seed:tool_call> after a closed value are tolerated (a
// cut one is dropped, not content).
//
// Reasoning and end of turn: the model opens <seed:think> itself and
// closes it with </seed:think> before it answers; the prompt leaves
// reasoning closed (with thinking off it writes the empty reasoning the
// template writes, closed). Budget reflections,
// <seed:cot_budget_reflect>...</seed:cot_budget_reflect>, are reasoning,
// and so are calls written inside the reasoning (the model thinking of
// the syntax): no marker but </seed:think> ends it. <seed:eos> ends the
// turn, and so does a turn's start <seed:bos> the model writes without
// it: what follows is dropped, with one end_of_turn diagnostic.
//
// Argument streaming (stream.WithArgumentStreaming): each block's call
// streams while it arrives, each value as JSON string text; a '<' in a
// value waits until what follows shows whether it ends the value. A
// </function> inside a value, a repeated parameter and a parameter the
// schema lets be null make the call come whole instead; a value the
// schema types (an object written as a Python literal) goes when whole.
//
// RenderCalls writes calls as the template does (the blocks above, a
// string raw and any other value as Python's str writes it), and
// RenderPrompt the prompt the template writes (profile seed-oss, the only
// one: llama.cpp's copy of Seed-OSS-36B-Instruct's template; golden
// directories seed_oss and, thinking off, seed_oss@budget0), byte for
// byte: a <seed:bos>system turn with the system message (or, with tools
// and none, the template's Doubao text) and each tool as a Python
// function's signature and docstring (types as Python names them, number
// as int; 必填 required, 选填 optional) and the call syntax (placeholder
// names, prompt text, never a call); a system turn for a thinking budget
// (toolcall.PromptOptions.ThinkingBudget, or Thinking false for 0); every
// turn <seed:bos>ROLE\n ... <seed:eos>, the reasoning of every assistant
// turn kept in <seed:think> tags, its text trimmed, its calls after it;
// an assistant turn with neither text nor calls has no <seed:eos>, as
// the template writes it. A tool without a schema is written as one without
// properties (the template itself fails on it). The template writes no
// date; its use_json_tooldef switch (tools as JSON) is not written.
//
// Grammar and StructuralTag constrain decoding to what RenderCalls
// writes: the request's tools, parameters by each tool's schema in
// declared order, string values as raw text that never holds
// </parameter>, other values as Python's str writes them.
//
// Where the peers differ: llama.cpp's reader drops a newline at each end
// of a value, as for Qwen3-Coder, whose template pads values with them;
// Seed-OSS's template pads none, so those newlines are the value's.
// vLLM's tool parser leaves the reasoning in the content (its reasoning
// parser takes it out); here it is reasoning, and a call written inside
// it is no call, as vLLM finds too.
package seedoss
