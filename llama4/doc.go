// Package llama4 reads the tool calls of Llama 4 Scout and Maverick, every
// syntax the model writes, anywhere in the response, in any mix
// (FORMATS.md section 4):
//
//   - <function=NAME>{json}</function>, with strict JSON or sloppy JSON
//     (single quotes, Python literals: read by the pythonic parser); a
//     missing </function> at the end of the response is tolerated;
//   - Python call lists, [f(a=1), g(b=2)];
//   - bare calls, f(a=1), alone or in runs separated by ',' ';' or newlines
//     (the separators of a run are consumed);
//   - <|python_start|> ... <|python_end|> around any of these; the inside
//     that is not calls becomes a code_interpreter call when the request
//     offers that tool, and content without the markers otherwise;
//   - JSON call objects, {"name": N, "parameters": {...}} and the other
//     shapes models write, one, several separated by ';' or whitespace, or
//     in a JSON array;
//   - <|header_start|>assistant<|header_end|>, <|eot|>, <|eom|> and
//     <|end_of_text|> are consumed.
//
// Calls without a marker follow FORMATS.md rule 9: every name must be a
// requested tool, except in a call list or JSON object that opens the
// response. Inside <|python_start|> and <function=...> any name counts.
// Llama 4's default policy is independent (package policy).
//
// Where FORMATS.md is silent this package chooses:
//   - a bare call needs a requested tool's name even at the start of the
//     response (rule 9's exception is for lists and JSON objects); a name cut
//     by the end of a delta is held while it can still become a tool's name,
//     and a name that went out as prose does not start a new one in the next
//     delta;
//   - a <|python_start|> block is read with any name allowed; it "is not
//     calls" when no call comes out of it; one call in it that does not parse
//     cleanly is read once more with its last string running to the last
//     quote (pythonic.Parser.ParseCallReread); <|eom|>, <|eot|> and
//     <|end_of_text|> also end an open block;
//   - blocks and function tags track string literals while their brackets
//     stay consistent (an end marker inside a string is data); after a
//     bracket that does not match, the next end marker ends them;
//   - a stray </function> or <|python_end|> is consumed.
//
// RenderCalls, RenderFunctionTags and RenderJSON write calls back;
// RenderPrompt writes a conversation as Meta's reference encoder does;
// StructuralTag and Grammar constrain decoding to the model's syntax.
package llama4
