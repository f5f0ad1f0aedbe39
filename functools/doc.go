// Package functools reads the tool calls of Microsoft's Phi-4-mini-instruct
// and Fireworks' llama-3-firefunction-v2 (registered as functools): the
// word functools, then a JSON array of call objects,
// functools[{"name": NAME, "arguments": {...}}, ...], with no close marker:
// the call list ends where the array closes.
//
// After functools, only blanks may come before the array's '['; any other
// byte makes the word prose (functools.reduce, "functools is a module"),
// at once. The array holds call objects. A call object names its tool
// under "name" (a non-empty string) and holds its arguments under
// "arguments" (an object, a JSON string holding one, or null; missing:
// no arguments, a tool without parameters); "tool_name" and "parameters"
// are read as those too, an "id" or "tool_call_id" string is the call's
// ID, the keys come in any order and other members are ignored. Python
// literals (single quotes, True, None) are read as JSON's. An empty array
// holds no calls and is dropped. Any name is accepted. Prose may come
// before and after the array, and is kept; arrays may follow one another.
// Outside such an array nothing is a call: JSON in prose is prose.
//
// What is not such an array is content, verbatim, the word included, with
// a diagnostic saying why: broken JSON, an element that is no call, one
// call object without the array around it (functools{...}), an array the
// end of the response cuts off. A call is complete only when its array's
// ] arrives: a coding agent must never run half a write.
//
// End of turn: Phi-4-mini ends its turns with <|end|> (and its text with
// <|endoftext|>), FireFunction with <|eot_id|>. Each ends an open array
// (read as it stands) and the response: what follows it (a server that
// did not stop there writes the next turn) is dropped, with one
// end_of_turn diagnostic. Neither model reasons: there is no reasoning to
// split.
//
// RenderCalls writes the form FireFunction's template writes,
// functools[{"name": "NAME", "arguments": ARGS}, ...], with the spaces
// Jinja's tojson writes; the prompts put a space before it, after the
// assistant's text, as that template does. Grammar and StructuralTag
// constrain decoding to the request's tools in that form, triggered on
// functools[.
//
// RenderPrompt writes two templates (its doc says how). Profile
// phi-4-mini (the default) is Phi-4-mini-instruct's own template (the one
// in its tokenizer_config.json, rendered in testdata's golden directory
// phi4_mini). That template writes no tools unless a system message
// carries them, and drops an assistant's calls: RenderPrompt puts the
// request's tools where the model's card says (in the first system
// message, between <|tool|> and <|/tool|>, as json.dumps writes the list
// of functions; in a system turn of their own when no system message
// comes first), and writes an assistant's calls after its text as
// RenderCalls does, so the model sees its own calls; so it matches the
// phi4_mini goldens only for the conversation whose history holds no
// call and whose first message is a system message (reasoning). Profile
// firefunction-v2 is llama-3-firefunction-v2's template (llama.cpp's
// copy), which needs the tools and the date from its caller: given as
// llama.cpp gives them (the OpenAI tool objects as JSON indented by two
// spaces; the date as "Jun 28 2025 00:00:00 GMT"), it matches the
// firefunction_v2 goldens byte for byte. Numbers in arguments and schemas
// are written as the request wrote them (the templates re-print them as
// Python does: 1e5 becomes 100000.0), non-ASCII text as it is (json.dumps
// would escape it in Phi-4-mini's tool list), and a call's name as a JSON
// string (FireFunction's template writes it raw).
//
// Where the peers differ: vLLM's phi4_mini_json parser drops the text
// around the calls and reads a call without "arguments" as malformed;
// here the text is content and such a call has no arguments. Its regular
// expression ends the array at the first ']', so that nested arrays break
// it; here the array ends where its brackets balance. llama.cpp's
// FireFunction grammar lets the array come without the word functools;
// here it needs the word, which the models' prompts ask for.
package functools
