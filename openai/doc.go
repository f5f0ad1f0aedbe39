// Package openai speaks OpenAI's chat completions wire format for a
// gateway that parses a model's text with toolparse: it decodes a request's
// tools, tool_choice, parallel_tool_calls and messages into the toolcall
// package's types, and writes a stream's events back as
// chat.completion.chunk server-sent events (ChunkWriter) or as one
// chat.completion (Assembler). It uses only the standard library.
//
// What it writes: a role chunk first ({"role":"assistant","content":""});
// one chunk per event (content, reasoning_content, or one tool_calls entry
// with index, id, type, name and the whole arguments); then a chunk whose
// delta is empty and whose finish_reason is "tool_calls" when the response
// returned calls and stopped by itself, else the upstream's reason ("stop",
// "length"); a usage chunk ({"choices":[],"usage":...}) when usage is
// given; and "data: [DONE]". A stream that fails after it started ends
// with an error event ({"error":{"message","type"}}) and no [DONE].
//
// tool_choice may be "none", "auto", "required", {"type": "function",
// "function": {"name": N}}, or {"type": "allowed_tools", "allowed_tools":
// {"mode": "auto"|"required", "tools": [...]}}, which narrows the request's
// tools to those it names. Malformed requests are errors that say what is
// wrong, never a panic.
package openai
