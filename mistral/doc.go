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
// RenderCalls writes the v13 form and RenderCallsV3 the pre-v11 array.
//
// RenderPrompt writes the prompt each profile's template writes:
//   - v13 (default): the v13 tokenizer's (Mistral Large 3, Devstral 2):
//     [AVAILABLE_TOOLS] right after [/SYSTEM_PROMPT] (first, with no
//     system message), reasoning dropped.
//   - ministral-3: Ministral 3 Instruct's (golden ministral3_mlx, an MLX
//     conversion's copy of Ministral-3-14B-Instruct-2512's template,
//     with the unseen conversations rendered from the same copy): v13
//     with the template's default system prompt when the conversation
//     has none. That copy writes no tools at all; the model's own
//     template and the v13 tokenizer do, so the prompt keeps them, and
//     matches that golden byte for byte when rendered without tools. The
//     default prompt names the 14B model (the 3B's and 8B's name
//     themselves) and holds {today} and {yesterday}, which the template
//     writes as they are; toolcall.PromptOptions.Date fills them.
//   - ministral-3-reasoning: Ministral-3-14B-Reasoning-2512's (a llama.cpp
//     fork's copy; golden ministral3_reasoning), byte for byte: v13 with
//     its default system prompt, which asks for [THINK]...[/THINK] before
//     the answer, when the conversation has none; past reasoning dropped.
//   - magistral: Magistral's (a third-party copy of its v13 template;
//     golden magistral_v13), byte for byte: as v13, with each assistant
//     turn's reasoning as [THINK]...[/THINK], and Magistral Small 2509's
//     default system prompt when the conversation has none (its text as
//     the model card and Unsloth's copy of the template give it: the copy
//     the golden came from was not found, so its no-system conversations
//     have no golden).
//   - mistral-medium-3.5: Mistral-Medium-3.5-128B's (golden
//     mistral_medium35, a GGUF conversion's embedded template): as
//     magistral, without a default system prompt, and with
//     [MODEL_SETTINGS]{"reasoning_effort": "none"}[/MODEL_SETTINGS] after
//     the tools (toolcall.PromptOptions.ReasoningEffort, "none" by
//     default). Only the golden is known: where the settings go without
//     tools (where the tools would), the other efforts, and the absence
//     of a default system prompt are inferred.
//   - mistral-small-3.2: Mistral-Small-3.2-24B-Instruct-2506's (v11;
//     llama.cpp's copy; golden mistral_small32), byte for byte: its
//     default system prompt with today's date (or
//     toolcall.PromptOptions.Date), the tools before the last user
//     message, calls with [CALL_ID] and no text, results with
//     [TOOL_CONTENT]. A call ID that is not 9 letters and digits is
//     written as 9 made from it.
//
// The templates refuse a conversation whose user and assistant turns do
// not alternate (two calls' turns between user messages, or a call turn
// right before a user one); the renderer writes them all the same.
//
// Cut-off and end of turn: a call's JSON is decided when it closes; one the
// response's end leaves open is content, so a cut-off call is never a call.
// </s> ends the response: what follows it is dropped, with one end_of_turn
// diagnostic.
//
// JSON call objects may also name their arguments "params", "args" or
// "input" (Mistral Nemo and Arctic do) when the name is a requested tool,
// and {"get_weather": {...}}, a dict whose one key is a requested tool's
// name, is a call to it (both read by the module's JSON call reader).
//
// A list of name and arguments pairs, each a requested tool's name and a
// dict ([TOOL_CALLS] [["get_weather", {...}]] and [("f", {...})], as Mistral's prompt mode, Arctic and Llama 3 write
// calls), is calls.
package mistral
