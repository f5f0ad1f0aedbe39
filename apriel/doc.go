// Package apriel reads the tool calls of ServiceNow's Apriel Thinker
// models (Apriel-1.6-15b-Thinker and Apriel-1.5-15b-Thinker, registered as
// apriel): a JSON array of call objects between <tool_calls> and
// </tool_calls>, each {"name": NAME, "arguments": {...}, "id": ID}, after
// reasoning that [BEGIN FINAL RESPONSE] ends.
//
// Inside a block: a JSON array of call objects, or one call object
// alone. A call object names its tool under "name" (a non-empty string)
// and holds its arguments under "arguments" (an object, a JSON string
// holding one, or null; missing: no arguments); "tool_name" and
// "parameters" are read as those too. An "id" (or "tool_call_id") string
// is the model's ID for the call: the stream keeps it when it is well
// formed and gives the call one of its own, with a diagnostic, when it is
// not. The keys come in any order and other members are ignored. Python
// literals (single quotes, True, None) are read as JSON's. An empty block
// or an empty array holds no calls. Any name is accepted in a block.
// Blocks may stand back to back, with prose before, between and after
// them; prose is kept. Outside a block nothing is a call: JSON in prose is
// prose.
//
// A block ends at the first </tool_calls> outside the JSON's strings. A
// block that is not such an array (broken JSON, an element that is no
// call, text after the array, the prompt's own <function-name-1>
// placeholder) is content, verbatim, markers included, with a diagnostic
// saying why. A stray </tool_calls> is dropped.
//
// Reasoning: Apriel 1.6's prompt ends "Here are my reasoning steps:\n",
// so its answer begins as reasoning, which [BEGIN FINAL RESPONSE] ends
// (the blanks around the marker are not part of the answer); a
// <tool_calls> written before the marker ends the reasoning too. Apriel
// 1.5's prompt opens nothing: the model writes "Here are my reasoning
// steps:" itself, which opens the reasoning, and closes its answer with
// [END FINAL RESPONSE], which is dropped. A stream told nothing of the
// prompt holds the answer's start until it shows which
// (toolcall.Reasoning's OpenedByPrompt); RenderPrompt's Prompt says which
// (stream.ForPrompt). A [BEGIN FINAL RESPONSE] outside reasoning is
// dropped.
//
// Call IDs: the model writes each call's ID after its arguments. A call
// handed on whole keeps it (when well formed); with argument streaming the
// call is announced before its ID arrives, so the stream gives it an ID of
// its own.
//
// Cut-off and end of turn: a call is complete only when its block is: a
// response the end cuts inside the array gives no call, its text coming
// back as content with a diagnostic (a coding agent must never run half a
// write). A missing </tool_calls> after a complete array is tolerated, at
// the end of the response or at <|end|>, and so is one the end cuts
// (</tool_ca), which is dropped, not content. <|end|> ends the turn and
// the response: what follows it (a server that did not stop there writes
// the next turn) is dropped, with one end_of_turn diagnostic.
//
// RenderPrompt writes the prompt Apriel 1.6's chat template writes
// (profile apriel-1.6: llama.cpp's copy of Apriel-1.6-15b-Thinker's
// template, golden directory apriel16 in testdata), or Apriel 1.5's
// (profile apriel-1.5: llama.cpp's copy of Unsloth's copy of
// Apriel-1.5-15b-Thinker's template, golden directory apriel15), byte for
// byte; its doc says how. Where the 1.5 template needs a call's ID and
// the call has none, no "id" member is written (the template would fail).
// RenderCalls writes the template's form, <tool_calls>[{"name":
// "NAME", "arguments": ARGS, "id": "ID"}, ...]</tool_calls>, with the
// spaces Jinja's tojson writes; Grammar and StructuralTag constrain
// decoding to the request's tools in that form, without the IDs.
//
// Deliberate differences from the template: a call's name and ID are
// written as JSON strings (the template writes them raw, which differs
// only for text holding '"' or '\'); numbers in arguments and schemas are
// written as the request wrote them (the template re-prints them as
// Python does: 1e5 becomes 100000.0).
//
// Where the peers differ: llama.cpp counts the prompt's "Here are my
// reasoning steps:\n" as part of the reasoning it returns; here the
// reasoning is what the model wrote. Hunyuan-A13B, Jamba and MiniMax-M1
// also write <tool_calls>, but are not read with this format: Hunyuan
// reasons in <think> and answers in <answer> and ends its turns with
// <|eos|>, Jamba ends its turns with <|eom|> and its prompt is not
// Apriel's, and MiniMax-M1 writes one JSON object a line in the block, not
// an array.
package apriel
