// Package glm45 reads the tool calls of Zhipu's GLM-4.5, GLM-4.6, GLM-4.7
// and GLM-5 (and Ling 3.0 and Spark2.5, which write the same): each call
// is NAME and its arguments as key and value elements between <tool_call>
// and </tool_call>, in the newline form of GLM-4.5/4.6
//
//	<tool_call>get_weather
//	<arg_key>city</arg_key>
//	<arg_value>Beijing</arg_value>
//	</tool_call>
//
// or the compact form of GLM-4.7, with no newlines and, for a call with no
// arguments, nothing after the name: <tool_call>read_file_diff_md</tool_call>.
//
// Keys are trimmed; a value is the text between <arg_value> and the next
// </arg_value>, raw. Values are text: the stream types them by the tool's
// JSON Schema, as qwen3coder's are (a string stays a string; integer,
// number, boolean, object and array values are read as JSON, then as
// Python literals; one that still does not fit stays a string, with a
// "schema" diagnostic; "null" is null where the schema allows null). A
// key written again right after its own value: the last value wins, at
// its first place, with a syntax diagnostic (a key set before the value is
// text in it: see "Tags inside values"). Calls stand back to back or separated
// by newlines, with prose before, between and after them; prose is content.
// A missing </tool_call> at the end of the response is tolerated; a block
// that is not a call is content, verbatim, with a diagnostic; a stray
// </tool_call> is dropped. <|user|>, <|observation|>, <|endoftext|>, Ling
// 3.0's <|role_end|> and Laguna's </assistant> end the assistant's turn and
// are consumed. Inside a value no tag counts but
// </arg_value>, so a value may hold <tool_call> or </tool_call> as text.
//
// Older GLM-4 models (glm-4-9b-chat, GLM-4-0414) write no markers: the
// function's name on its own line, then its JSON arguments. Such a
// response is a call only when it is nothing else and the name is a
// requested tool; it is decided at the end of the response.
//
// Reasoning: <think> ... </think>. GLM-4.7's prompt opens it, so a
// </think> before any call means the text before it was reasoning (see
// stream's reasoning rules); a <tool_call> before </think> ends it.
//
// RenderPrompt writes the prompt each profile's chat template writes, byte
// for byte:
//   - glm-4.7 (default): GLM-4.7's and GLM-4.7-Flash's template (a
//     llama.cpp fork's copy of GLM-4.7-Flash.jinja; golden directories
//     glm47 and glm47@nothink): no newlines after turn markers, calls in
//     the compact form (RenderCallsCompact), reasoning kept as
//     <think>...</think> on the turns after the last user message
//     (toolcall.PromptOptions.KeepReasoning: on every turn, as
//     clear_thinking=false) and </think> on the others, and a generation
//     prompt that opens <think> (the prompt says so:
//     toolcall.Prompt.InReasoning) or, with Thinking false, writes
//     </think>.
//   - glm-4.6: GLM-4.6's template, which GLM-4.5 and GLM-4.5-Air share
//     (llama.cpp's GLM-4.6.jinja; golden directories glm46 and
//     glm46@nothink): the newline form, <think></think> on turns without
//     kept reasoning, and with Thinking false "/nothink" after each user
//     turn and an empty <think></think> after the generation prompt.
//   - glm-5.2: GLM-5.2's template (golden glm52, from a GGUF
//     conversion's embedded template; GLM-5 and GLM-5.1 get it too): as
//     glm-4.7, with a first system turn "Reasoning Effort: Max" (the
//     default; toolcall.PromptOptions.ReasoningEffort is written there
//     with its first letter upper-cased, "high" as "High"), the tools as
//     bare {"name", "description", "parameters"} lines, and
//     <think></think> where glm-4.7 writes </think>. Only the golden is
//     known: the effort's other values, the generation prompt with
//     Thinking false (<think></think>, as its history writes) and
//     KeepReasoning (as glm-4.7's) are inferred from it and from
//     GLM-4.7's template.
//   - laguna: Poolside's Laguna-XS.2 (golden laguna, from a GGUF
//     conversion's embedded template): 〈|EOS|〉, then turns in role tags
//     of its own, each on a line: <system>SYSTEM</system> (the first
//     system message's text, or Poolside's default one, then after a
//     blank line "### Tools" and the tools one JSON line each in
//     <available_tools>), <user>...</user>, <assistant><think>REASONING
//     </think>TEXT CALLS</assistant> (every turn's reasoning kept,
//     <think></think> without), <tool_response>...</tool_response> per
//     result; the generation prompt opens <think>. Only the golden is
//     known; what it does not show follows the template it reproduces
//     byte for byte, Poolside's laguna_glm_thinking_v8 (as Ollama's test
//     data quotes it) with thinking on: the default system prompt, text
//     and reasoning as they are, and with Thinking false </think> alone
//     on every turn and after the generation prompt.
//
// GLM-4.7-Flash's template (a llama.cpp fork's GLM-4.7-Flash.jinja,
// golden glm47_flash, with the unseen conversations) is glm-4.7's.
//
// Numbers in arguments and schemas are written as the request wrote them.
//
// Argument streaming (stream.WithArgumentStreaming): a call is announced at
// its first <arg_key>, and each value streams as JSON string text up to
// its </arg_value>; a repeated key or one the schema lets be null makes
// the call come whole instead, and so does a call without arguments.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); inside a value whose </arg_value> never came, right after
// the name, or before an argument the tool's schema requires has come. After
// a closed value a missing </tool_call> is tolerated, and so is one the end
// cuts. <|user|>, <|observation|>, <|endoftext|>, <|role_end|> and </assistant> end the
// response: what follows them is dropped, with one end_of_turn diagnostic.
//
// Tags inside values: an </arg_value> ends a value only when whitespace and
// then the block's end or an <arg_key>K</arg_key> for a key not yet set or
// the value's own (written again: the last value wins) follow it;
// otherwise it is text in the value, so a file's content that holds GLM's
// tags never sets an argument read before it again. That guard holds in
// calls to the tools the request offers; a call to a tool it does not
// offer (none runs as it is) reads keys as the peers do (Ollama's "order
// preservation with identical key names", vLLM, SGLang): a key given
// again is a new value, the last one winning. One rule for the whole
// read, the stream and argument streaming.
package glm45
