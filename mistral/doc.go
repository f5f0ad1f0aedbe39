// Package mistral reads the tool calls of Mistral's models, in the three
// wire forms their tokenizer versions write, told apart by what follows
// [TOOL_CALLS]:
//
//	pre-v11 (Mistral 7B v0.3, Nemo, Small 3.x): [TOOL_CALLS] [{"name": "f", "arguments": {...}, "id": "a1b2c3d4e"}]
//	v11 (Mistral Small 3.2):                     [TOOL_CALLS]f[CALL_ID]a1b2c3d4e[ARGS]{...}
//	v13 (Ministral 3, Devstral 2, Magistral):    [TOOL_CALLS]f[ARGS]{...}
//
// A call ends where its JSON closes; several v11/v13 calls follow one
// another, each after its own [TOOL_CALLS], and a pre-v11 array holds
// several. The array's objects are read as the other JSON formats read
// them (keys in any order, "arguments" or "parameters", an object or a JSON
// string holding one). A call keeps the ID the model wrote ("id" in the
// array, [CALL_ID] in v11); a call with none gets 9 letters and digits, the
// only IDs mistral-common accepts (stream.WithIDs overrides both). Prose
// before and after the calls is content; whitespace before [TOOL_CALLS] is
// trimmed with it. A call whose JSON does not parse is content, verbatim,
// with a diagnostic. </s> is consumed.
//
// Reasoning: Magistral writes [THINK] ... [/THINK]; a [TOOL_CALLS] inside
// it is reasoning, not a call.
//
// RenderCalls writes the v13 form and RenderCallsV3 the pre-v11 array;
// RenderPrompt writes a v13 conversation.
package mistral
