// Package nemotronv2 reads the tool calls of NVIDIA's Nemotron Nano v2
// (NVIDIA-Nemotron-Nano-9B-v2 and 12B-v2, registered as nemotron_v2): a
// JSON array of call objects between <TOOLCALL> and </TOOLCALL>, each
// {"name": NAME, "arguments": {...}}.
//
// Inside a block: a JSON array of call objects, or one call object
// alone. A call object names its tool under "name" (a non-empty string)
// and holds its arguments under "arguments" (an object, a JSON string
// holding one, or null; missing: no arguments); "tool_name" and
// "parameters" are read as those too, an "id" or "tool_call_id" string
// is the call's ID, the keys come in any order and other members are
// ignored. Python literals (single quotes, True, None) are read as JSON's.
// An empty block or an empty array holds no calls. Any name is accepted
// in a block. Blocks may stand back to back, with prose before, between
// and after them; prose is kept. Outside a block nothing is a call: JSON
// in prose is prose.
//
// A block ends at the first </TOOLCALL> outside the JSON's strings. A
// block that is not such an array (broken JSON, an element that is no
// call, text after the array, the prompt's own {{"name": ...}}
// placeholder) is content, verbatim, markers included, with a
// diagnostic saying why. A stray </TOOLCALL> is dropped.
//
// Reasoning: the template's generation prompt ends <think>\n, so the
// answer begins as reasoning, which </think> ends; a <TOOLCALL> before
// </think> ends it too. With thinking off (a /no_think in the system or a
// user message, or toolcall.PromptOptions' Thinking false) the prompt
// ends <think></think> and the answer begins as content. A stream told nothing
// of the prompt holds the answer's start until it shows which
// (toolcall.Reasoning's OpenedByPrompt); RenderPrompt's Prompt says which
// (stream.ForPrompt).
//
// Cut-off and end of turn: a call is complete only when its block is: a
// response the end cuts inside the array gives no call, its text coming
// back as content with a diagnostic (a coding agent must never run half a
// write). A missing </TOOLCALL> after a complete array is tolerated, at
// the end of the response or at <SPECIAL_12>, and so is one the end cuts
// (</TOOL), which is dropped, not content. <SPECIAL_12> ends the turn
// and the response: what follows it (a server that did not stop there
// writes the next turn) is dropped, with one end_of_turn diagnostic.
//
// RenderPrompt writes the prompt the model's chat template writes
// (profile nemotron-nano-v2: llama.cpp's copy of
// NVIDIA-Nemotron-Nano-9B-v2's template; golden directory
// nemotron_nano_v2 in testdata), byte for byte: a <SPECIAL_10>System turn
// with the system text and, with tools, each tool's JSON in
// <AVAILABLE_TOOLS>[...] and the template's call and result examples;
// <SPECIAL_11>User and <SPECIAL_11>Assistant turns, each assistant turn
// ending with <SPECIAL_12>; an assistant's calls as RenderCalls writes
// them; a run of tool results one user turn in <TOOL_RESPONSE>[...];
// reasoning dropped, and an assistant's text before its first </think>
// with it; system messages past the first dropped. A last assistant
// message is the start of the answer: its trimmed text follows the
// generation prompt, its calls are dropped. The template has no
// enable_thinking: "/think" or
// "/no_think" in a system or user message switch reasoning (the last
// one wins) and are taken out of the text; toolcall.PromptOptions'
// Thinking, when set, decides instead. Profile nemotron-nano-v2-vllm writes vLLM's
// example template for the model, which differs in three places: one
// newline after the system text, a newline after </TOOL_RESPONSE>, a
// blank line between an assistant's text and its calls.
//
// RenderCalls writes the template's form: <TOOLCALL>[{"name": "NAME",
// "arguments": ARGS}, ...]</TOOLCALL>, with the spaces Jinja's tojson
// writes; Grammar and StructuralTag constrain decoding to the request's
// tools in that form.
//
// Deliberate differences from the template: a call's name is written as
// a JSON string (the template writes it raw, which differs only for
// names holding '"' or '\'); numbers in arguments and schemas are written
// as the request wrote them (the template re-prints them as Python does:
// 1e5 becomes 100000.0).
package nemotronv2
