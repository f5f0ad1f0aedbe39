// Package granite reads the tool calls of IBM's Granite 3.x instruct
// models (granite-3.0 to granite-3.3, dense and MoE): <|tool_call|>
// followed by a JSON array of call objects, each {"name": NAME,
// "arguments": {...}}, with no end marker: the array's own close ends the
// calls. Granite 4 writes hermes <tool_call> blocks and is not read here.
//
// After the marker: whitespace, then a JSON array of call objects, or one
// call object alone. A call object names its tool under "name" (a
// non-empty string) and holds its arguments under "arguments" (an object,
// a JSON string holding one, or null; missing: no arguments); "tool_name"
// and "parameters" are read as those too, an "id" or "tool_call_id"
// string is the call's ID, the keys come in any order and other members
// are ignored. Python literals (single quotes, True, None) are read as
// JSON's. An empty array holds no calls. Any name is accepted. The marker
// may also be written as the text <tool_call> (as Granite 3.1 was seen to
// write it; vLLM's parser reads both), and a </tool_call> after the
// array, or anywhere else, is dropped. Prose may stand before and after
// the calls and is kept. Outside the marker nothing is a call: JSON in
// prose is prose.
//
// The calls end where the value after the marker closes (']' or '}'
// outside strings). Text other than whitespace before the value, a value
// that is not such an array (broken JSON, an element that is no call), or
// more than 256 bytes of whitespace before it, make the marker and what
// follows content, verbatim, with a diagnostic saying why.
//
// Reasoning: with thinking on (the template's system text asks for it
// when there is no system message and no tools) the model writes its
// reasoning between <think> and </think>, then its answer between
// <response> and </response>. The prompt never opens the reasoning, so a
// stream told nothing of the prompt streams the answer from its first
// byte. A <|tool_call|> before </think> ends the reasoning. The
// <response> and </response> tags are dropped wherever they stand in
// the answer, so that the answer is the content.
//
// Cut-off and end of turn: a call is complete only when its array is: a
// response the end cuts inside the array gives no call, its text coming
// back as content with a diagnostic. <|end_of_text|> ends the turn and
// the response (and an open array, which is then read as it stands):
// what follows it is dropped, with one end_of_turn diagnostic.
//
// RenderPrompt writes the prompt Granite 3.3's chat template writes
// (llama.cpp's copy of granite-3.3-2b-instruct's; golden directory
// granite33 in testdata), byte for byte: a system turn (the conversation's
// system message, or the template's own text with the date), an
// available_tools turn with the tools as indented JSON, and each message
// as a turn of its role, <|start_of_role|>ROLE<|end_of_role|>TEXT
// <|end_of_text|>, then <|start_of_role|>assistant<|end_of_role|>. The
// template writes an assistant message's text only: its calls are not in
// the prompt (the goldens show it), so a model sees the results of calls
// it is not shown to have made; RenderPrompt writes what the template
// writes. The other Granite 3.x models are served with this profile too:
// Granite 3.0's template lists the tools one by one and writes calls as
// their own assistant_tool_call turns, Granite 3.1's names the tools'
// turn "tools" and adds line breaks to its default system text; their
// prompts are written as 3.3's (the chat templates' documents and
// controls have no counterpart in a chat request).
//
// RenderCalls writes the calls as the models write them: <|tool_call|>[
// {"name": "NAME", "arguments": ARGS}, ...], with the spaces Jinja's
// tojson writes; Grammar and StructuralTag constrain decoding to the
// request's tools in that form.
//
// Deliberate differences from the template: numbers in schemas are
// written as the request wrote them (the template re-prints them as
// Python does: 1e5 becomes 100000.0).
//
// Peers: llama.cpp reads the same syntax and splits <think> and
// <response> the same way (its tests' Granite cases are ported in this
// package's tests, with their source named); where its partial-response
// cases show a call whose array is still open, this package shows none
// until the array closes. vLLM's granite parser reads <|tool_call|> and
// <tool_call>, as this package does, but only an array (a lone call
// object after the marker is no call there) and it drops the prose
// around the calls; this package reads a lone object as a call and keeps
// the prose.
package granite
