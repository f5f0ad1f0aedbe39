// Package kimik2 reads the tool calls of Moonshot's Kimi K2 (Instruct,
// 0905, Thinking) and K2.5:
//
//	<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>
//
// Each call has an ID, functions.NAME:IDX (NAME:IDX and a bare NAME are
// read too); the call's name is what stands between "functions." and the
// last ':'. The call keeps the ID the model wrote as its ID (clients must
// send it back with the tool's result, or the model degrades);
// stream.WithIDs still overrides it. Kimi K2 sometimes writes an ID that
// names no tool: a bare index (0, 3), an ID of its own (call00003), or
// "functions" glued to the name and index (functionsexec5, read as exec
// when exec is requested). A call whose ID names no tool is a call to the
// one requested tool its arguments fit (every key its schema requires, no
// key it does not list), with an ID of Kimi's form (functions.NAME:INDEX,
// as every call without one of its own gets) and a "syntax" diagnostic that
// names the tool it was read as. When none or several fit, when the
// arguments are empty (every tool that requires no key would fit them, so
// nothing tells which tool; the one such tool would run on no evidence, and
// it may be a reset), or when the request offers more than 128 tools (each
// nameless call would cost a look at every one), it is no call: its text is
// content, with a diagnostic. A name that is a name but no requested tool's
// is a call to it, as in every format (an unknown_tool diagnostic). The
// arguments are JSON (a Python dict is read too). The singular section
// markers (<|tool_call_section_begin|>) are read too.
// Calls with no section around them, and calls whose <|tool_call_end|> is
// missing (the next <|tool_call_begin|> or the end of the response ends
// them), are tolerated. A call that does not parse is content, verbatim,
// with a diagnostic, and the others still count. Text before and after is
// content; text outside a call that only looks like one (no
// <|tool_call_begin|>) is content, markers included. <|im_end|> is
// consumed.
//
// Reasoning: <think> ... </think>. Kimi-K2-Thinking's template leaves the
// prompt outside reasoning (the model opens <think> itself), so a stream
// told nothing streams from the first byte; a prompt that opened it is
// read with stream.StartInReasoning. A call opened inside reasoning ends
// it.
//
// RenderPrompt writes the prompt Kimi-K2-Thinking's chat template writes
// (profile k2-thinking: llama.cpp's moonshotai-Kimi-K2-Thinking.jinja;
// golden directory kimi_k2_thinking), byte for byte: each call under the
// ID the request gave it (the IDs this package hands on, functions.NAME:IDX,
// come back as they went out; a call with none gets functions.NAME and a
// counter), arguments as JSON with tojson's spaces, and reasoning kept on
// the assistant turns after the last one without calls. Kimi-K2-Instruct's
// own template (0905) was not in reach to compare with and has no profile
// yet.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); a call's JSON must close. A missing <|tool_call_end|> or
// <|tool_calls_section_end|> after it is tolerated, and so is one the end
// cuts. <|im_end|> ends the response: what follows it is dropped, with one
// end_of_turn diagnostic.
package kimik2
