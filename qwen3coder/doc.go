// Package qwen3coder reads the tool calls of the XML format Qwen3-Coder,
// Qwen3-Coder-Next and Qwen3.5/3.6 write (Nemotron-3-Nano and StepFun 3.5
// too):
//
//	<tool_call>
//	<function=NAME>
//	<parameter=KEY>
//	VALUE
//	</parameter>
//	</function>
//	</tool_call>
//
// A value is the text between <parameter=KEY> and </parameter>, raw: one
// leading and one trailing newline are removed, nothing else (indentation,
// blank lines, '<', '>', '&' and quotes stay). A </parameter> ends the value
// only when what follows it (after whitespace) is another <parameter=,
// </function>, </tool_call> or the end of the block; otherwise it is part of
// the value. A missing </parameter> is closed by the next <parameter= (so a
// value cannot hold that text) or, at the last parameter, by </function>. Values are text; the stream types them by the tool's JSON
// Schema (a string stays a string; integer, number, boolean, object and
// array values are read as JSON, then as Python literals; one that still
// does not fit stays a string, with a "schema" diagnostic). "null" (any
// case) is null where the property's schema allows null, and a string
// otherwise. A key written again right after its own value (see "Tags
// inside values"): the last value wins, at the key's first place, with a
// syntax diagnostic. <function=NAME>{json}
// (JSON arguments in place of parameters) is read too.
//
// Names hold no whitespace and none of {}<>"' (so an unrendered template's
// <function={{ name }}> is no call). A missing </function> or </tool_call>
// at the end of the response is tolerated, and so is a missing opening
// <tool_call>: <function=NAME> alone opens a call, and a </tool_call> after
// it is dropped. A block that is not calls is content, verbatim, markers
// included, with a diagnostic. Prose before, between and after calls is
// content. <|im_end|> and <|endoftext|> are consumed and end an open block.
// Inside a value no tag ends it but </parameter> (and </function>, which
// closes a value whose </parameter> is missing), so a value may hold
// <tool_call>, </tool_call> or <function= as text; outside values the
// block ends at </tool_call> (</function> for a call without the opening
// tag).
//
// Reasoning: Qwen3.5 writes <think> ... </think>; when the prompt opened it
// (stream.StartInReasoning), a <tool_call> or <function= before </think>
// ends the reasoning.
//
// Argument streaming (stream.WithArgumentStreaming): a block's first
// function streams while it arrives, each value as JSON string text with
// its first and last newline dropped as above; a '<' in a value waits
// until what follows shows whether it ends the value. A </function> or
// </tool_call> inside a value (which ends it only when no </parameter>
// follows), a repeated parameter, a parameter the schema lets be null and
// JSON arguments make the call come whole instead.
//
// Llama 4 writes <function=NAME> too; each format's decoder decides alone,
// with no state shared.
//
// RenderPrompt writes the prompt each profile's chat template writes, byte
// for byte (the goldens of testdata/templates hold what each template
// rendered with jinja2, as Hugging Face's apply_chat_template does):
//   - qwen3-coder (default): Qwen3-Coder's (vLLM's copy of
//     Qwen3-Coder-30B-A3B-Instruct's template; golden directory
//     qwen3_coder): tools in XML in the system turn (with the template's
//     default system text when the conversation has none), calls after
//     the turn's trimmed text, tool results in user turns; reasoning is
//     dropped, as the template drops it. The prompt leaves reasoning
//     closed.
//   - qwen3.5: Qwen3.5's (the llama.cpp fork's Qwen3.5-4B.jinja, which
//     writes the goldens qwen35 and qwen35@nothink): tools as JSON lines
//     before the system message, every text trimmed, reasoning kept on
//     the assistant turns after the last user query; the prompt opens
//     <think>, and with Thinking false closes an empty one. The template
//     refuses a system message after the first (golden
//     qwen35/system_later.error) and a conversation with no user query;
//     RenderPrompt writes the one as a system turn, and the other with no
//     reasoning in its history.
//   - qwen3.6: Qwen3.6's, written as qwen3.5's: its template is known
//     here only by its goldens (qwen36), which match Qwen3.5's on every
//     conversation they hold; what it does beyond them is inferred from
//     Qwen3.5's.
//   - nemotron-3-nano: NVIDIA Nemotron 3 Nano's (the llama.cpp fork's
//     NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja; golden nemotron3_nano):
//     Qwen3-Coder's XML tools with a property's enum after its
//     description and the schema's required last, a system turn always,
//     reasoning as <think>...</think> before an assistant's text
//     (<think></think> when none) and dropped before the last user
//     message unless KeepReasoning (truncate_history_thinking=false); the
//     prompt opens <think>, and with Thinking false writes
//     <think></think>.
//   - nemotron-3-super: Nemotron 3 Super's, written as nemotron-3-nano's:
//     known only by its goldens (nemotron3_super), which match Nano's.
//   - step-3.5: StepFun's Step 3.5 Flash's (the llama.cpp fork's
//     stepfun-ai-Step-3.5-Flash.jinja; golden step35; Xiaomi's
//     MiMo-V2-Flash ships it too): <s>, tools as JSON lines after the
//     system message, reasoning kept after the last user query, calls
//     right after the text, tool results in a tool_response turn; the
//     prompt always opens <think> (the template has no switch).
//
// In tools and in the calls of the history, a string is written as it
// is, an object or a list as JSON with the spaces Jinja's tojson writes,
// and anything else as Jinja's string filter does, as Python's str: True,
// False, None, a list of types as ['string', 'null']. Deliberate
// differences: numbers are written as the request wrote them (the
// templates re-print them as Python does: 1e5 becomes 100000.0); a
// reasoning_content of "" counts as none, so reasoning written in the
// text before </think> is used; the templates' other message fields
// (Step 3.5's observation name) are not carried.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); inside a value whose </parameter> never came, after a
// <function=...> with no parameter yet, or before an argument the tool's
// schema requires has come. After a closed value a missing </function> or
// </tool_call> is tolerated, and so is one the end cuts, which is dropped,
// not content. <|im_end|> and <|endoftext|> end the response: what follows
// them is dropped, with one end_of_turn diagnostic.
//
// Tags inside values, one rule for the whole read, the stream and argument
// streaming: a file's content may hold this format's own tags. A
// </parameter> ends a value only when whitespace and then a <parameter=K>
// for a key not yet set or the value's own (written again: the last value
// wins), </function>, </tool_call> or the end of the block follow it; in
// a call to a tool the request offers, a key set before the value is text
// in it, so a file that holds <parameter=path> never redirects a write (a
// call to a tool it does not offer takes any key, as the peers do). A <parameter=K> with no
// </parameter> before it ends a value only for a key not yet set, not the
// value's own, that the tool's schema knows (one of its properties, when
// it lists them); any other opens a nested parameter, text in the value,
// which the next </parameter> closes. A <function=NAME> in a value opens a
// nested call, which the next </function> ends, and inside which no
// <parameter=K> ends the value. So a value that holds the format's own
// example call keeps it whole. vLLM reads nested tags the same way, but
// ends a value at a close tag any key the schema knows follows, one set
// before included (the last value winning): there a file that holds
// "</parameter>\n<parameter=path>" rewrites the path a write goes to.
package qwen3coder
