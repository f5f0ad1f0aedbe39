// Package gigachat reads the tool calls of Sber's GigaChat 3 and 3.1
// (ai-sage/GigaChat3-10B-A1.8B, GigaChat3-702B-A36B-preview,
// GigaChat3.1-10B-A1.8B, GigaChat3.1-702B-A36B; registered as gigachat),
// and writes their prompts.
//
// A GigaChat conversation is a run of messages, each its role's name,
// <|role_sep|>, a newline, its text and <|message_sep|> with two
// newlines. The model answers in the assistant's message; a call is one
// JSON object, {"name": NAME, "arguments": {...}}, after a marker:
//
//   - GigaChat 3 ends the assistant's message and writes the call as a
//     message of its own: <|message_sep|>\n\nfunction call<|role_sep|>\n
//     then the object.
//   - GigaChat 3.1 writes <|function_call|> then the object, in the
//     assistant's message, after its text.
//
// Both are read whichever model wrote them. The object is read as the
// JSON arrays between markers are (a JSON array of call objects is read
// too): the name under "name" (a non-empty string), the arguments under
// "arguments" (an object, a JSON string holding one, or null; missing: no
// arguments), "tool_name" and "parameters" read as those, other members
// ignored, Python literals read as JSON's. A call is complete where its
// object closes, for neither marker has a close of its own: an object the
// end of the response cuts is no call, its text content with a
// diagnostic, and so is an object that is not a call (broken JSON, no
// name, arguments that are no object), markers and all. Text after the
// object is prose.
//
// The templates write one call per assistant turn (llama.cpp's grammar
// allows one). A model that writes more writes each after its own marker,
// back to back; each is read, in order, and the stream's policy decides
// what to hand on.
//
// End of turn: <|message_sep|> that no "\n\nfunction call<|role_sep|>\n"
// follows ends the assistant's message, and so does </s>, the model's end
// of sequence: what follows either (a server that did not stop writes the
// next message, a made-up function result) is dropped, with one
// end_of_turn diagnostic; so is a </s> after <|message_sep|>, which
// loses nothing but says so. So that a call's marker is never taken for the
// end, the stream holds <|message_sep|> until the bytes after it tell.
// GigaChat does not reason: there is no reasoning to split.
//
// RenderPrompt writes the prompt the model's chat template writes
// (profile "3.1": llama.cpp's copy of GigaChat3.1-10B-A1.8B's template,
// golden directory gigachat31; profile "3": GigaChat3-10B-A1.8B's, golden
// directory gigachat3), byte for byte: <s>, the template's own "developer
// system" message (the roles, their priorities, the rules for functions
// and memory), a first system message as a system message, the tools as a
// "function descriptions" message, then each message; a tool result is a
// "function result" message; an assistant message holds its text and its
// first call only (RenderCalls' object after <|function_call|> for 3.1, a
// "function call" message after it for 3), its reasoning dropped; later
// system messages are system messages where they stand. The prompt ends
// with the assistant's role, assistant<|role_sep|>\n, unless the last
// message is the assistant's (or there is none past a system message): the
// template then opens no message. The tools are a TypeScript namespace,
// "namespace functions { ... } // namespace functions", one type per tool,
// type NAME = (_: {...}) => any; after its description's lines as //
// comments (blank lines left out), or () => any for a tool without
// properties. An object schema's properties stand one a line,
// KEY?: TYPE, ("?" unless required), each after its description's lines
// and its format, maxItems, maximum, minItems, minimum and pattern as //
// comments, with its default (or the template's "defalut_value") in a //
// comment after it; additionalProperties true or a schema adds an index
// signature, [key: string]: TYPE. A string is string, Date for the date
// and date-time formats, or a union of its enum's quoted values; a number
// or an integer is number or the union of its enum; a boolean is boolean;
// an array is its items' type and [], or Array<any> without items;
// anything else (a type list, anyOf, no type) is any. Values in comments
// are written as Python's str writes them (True, None, {'a': 1}).
//
// RenderCalls writes GigaChat 3.1's form, each call after
// <|function_call|>, and RenderCalls3 GigaChat 3's, each after
// <|message_sep|>\n\nfunction call<|role_sep|>\n; the arguments with the
// spaces Jinja's tojson writes. Grammar and StructuralTag constrain
// decoding to the request's tools with either marker, so one constraint
// serves a model of either version.
//
// Deliberate differences from the templates: a call's name is written as a
// JSON string (the templates write it raw, which differs only for names
// holding '"' or '\'); numbers in schemas and arguments are written as the
// request wrote them (the templates re-print them as Python does: 1e5
// becomes 100000.0).
//
// Where the peers differ: vLLM and SGLang give no call for an object
// without "arguments"; it is a call with no arguments here, as the shared
// reader reads every JSON call. They stream the name and the start of the
// arguments of an object the end of the response cuts; such a call is no
// call here. They read only a first call; every call is read here.
package gigachat
