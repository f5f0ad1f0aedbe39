// Package llama4 reads the tool calls of Llama 4 Scout and Maverick, every
// syntax the model writes, anywhere in the response, in any mix:
//
//   - <function=NAME>{json}</function>, with strict JSON or sloppy JSON
//     (single quotes, Python literals: read by the pythonic parser); a
//     missing </function> at the end of the response is tolerated;
//   - Python call lists, [f(a=1), g(b=2)], in the pythonic package's literal
//     language (repeated keywords: the last value wins; markdown's \_ in
//     names reads as '_');
//   - bare calls, f(a=1), alone or in runs separated by ',' ';' or newlines
//     (the separators of a run are consumed);
//   - <|python_start|> ... <|python_end|> around any of these; the inside
//     that is not calls becomes a code_interpreter call when the request
//     offers that tool, and content without the markers otherwise;
//   - JSON call objects, one, several separated by ';' or whitespace, or in
//     a JSON array: {"name": N, "parameters": {...}}, or "arguments" (an
//     object, or a JSON string holding one), {"type": "function", "name":
//     ...}, and OpenAI's {"type": "function", "function": {"name": ...,
//     "arguments": ...}}, with their keys in any order ({"arguments": {...},
//     "name": N} as Hermes writes it). An object with a "name" and neither
//     "arguments" nor "parameters", {"name": "search", "query": "x"}, is a
//     call only when the name is a requested tool, its other members being
//     the arguments; otherwise it is prose ({"name": "Alice", ...}). A
//     tool's description is prose too: an object whose arguments are a schema
//     (a JSON Schema, or a type's name for each key: {"path": "string"},
//     {"path": {"type": "string"}}), or with a "description" beside its name
//     and arguments (or its name alone), as an answer that lists its tools or
//     shows a definition writes them (in an array, one such object makes the
//     array prose);
//   - <|header_start|>assistant<|header_end|>, <|eot|>, <|eom|>,
//     <|end_of_text|> and Llama 3.x's <|eot_id|> and <|eom_id|> (the
//     models on Llama 3.1 this format reads: Functionary v3.1, xLAM-2)
//     are consumed.
//
// Calls without a marker (a list, a bare call or a JSON object in prose) are
// calls only when every name in them matches a requested tool, except a
// list or JSON object that opens the response, and except when the request
// offers no tools at all. Inside <|python_start|> and <function=...> any
// name counts. Names match the request's tools exactly, or, when exactly
// one tool does, ignoring case, with '-', '_' and '.' equal, or without a
// "functions." prefix. Llama 4's default policy is independent (package
// policy).
//
// Where more choices were needed this package makes them:
//   - a bare call needs a requested tool's name even at the start of the
//     response; a name cut by the end of a delta is held while it can still
//     become a tool's name, and a name that went out as prose does not start
//     a new one in the next delta; markdown's \_ is read in lists,
//     objects and bare calls in prose alike, and a backslash that no '_'
//     follows escapes nothing: it ends the name before it, and a name
//     after it (x\get_weather(...)) is one of its own, however the deltas
//     cut them;
//   - a <|python_start|> block is read with any name allowed; it "is not
//     calls" when no call comes out of it; one call in it that does not parse
//     cleanly is read once more with its last string running to the last
//     quote (pythonic.Parser.ParseCallReread); <|eom|>, <|eot|> and
//     <|end_of_text|> also end an open block;
//   - blocks and function tags track string literals while their brackets
//     stay consistent (an end marker inside a string is data); after a
//     bracket that does not match, the next end marker ends them;
//   - a call list or array with prose before it on its line whose ']' a
//     Markdown link's tail follows at once ("See
//     [reset_database()](https://example.com/reset)") is the link's text,
//     content, as in the pythonic format; a list at a line's start is
//     decided when its ']' closes;
//   - a stray </function> or <|python_end|> is consumed;
//   - a JSON object in prose is held from its '{' when its first key is one
//     a call object starts with (name, type, function, arguments,
//     parameters) until it closes, then decided.
//
// RenderCalls, RenderFunctionTags and RenderJSON write calls back;
// StructuralTag and Grammar constrain decoding to the model's syntax.
//
// RenderPrompt writes a conversation as one of two profiles does:
//   - meta (default): Meta's reference encoder, as the original llama4
//     plugin wrote it, with its options (past calls as pythonic lists,
//     <|eom|> after calls and results, tools in the system turn).
//   - hf: the chat template of the Llama 4 checkpoints (the one
//     transformers' Llama 4 converter writes into them; golden directory
//     llama4_hf), byte for byte: tools in the first user turn, calls as
//     JSON objects after <|python_start|>TEXT<|python_end|>, results as
//     JSON strings.
//
// vLLM's tool_chat_template_llama4_pythonic.jinja (golden directory
// llama4_pythonic_vllm) is followed by neither: with tools it lists none,
// so the model cannot know what to call, and it writes string values
// without escapes, so a value holding a quote is not the Python the model
// reads; the meta profile writes what that template means to write.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); a call list or bare call is decided when it closes, a
// function tag's JSON when its '}' closes, and a missing </function> or
// <|python_end|> after complete arguments is tolerated, as is one the end
// cuts (never content). <|eot|>, <|eom|>, <|end_of_text|>, <|eot_id|> and
// <|eom_id|> end the response: what follows them is dropped, with one end_of_turn diagnostic.
//
// JSON call objects may also name their arguments "params", "args" or
// "input" (Mistral Nemo and Arctic do) when the name is a requested tool.
// A dict keyed by a requested tool's name ({"get_weather": {...}}, alone
// or in a list), and a list of name and arguments pairs
// ([["get_weather", {...}]], [('f', {...})]: Mistral's prompt mode,
// Arctic, Llama 3), are calls too when the names are requested tools.
//
// Markdown's escape \_ in a name (get\_weather, as Mistral Medium and
// Tiny and Mixtral write names) reads as '_' everywhere: in lists, in bare
// calls in prose and in JSON names.
//
// With argument streaming, a call inside <|python_start|> streams its
// arguments as the same call in a plain list does.
//
// Precise is the format with a precision option (the gateway example's
// default): calls inside a Markdown code fence opened after prose, and bare
// calls mentioned inside a sentence (prose before them on their line and a
// word after them), are content, each with a "policy" diagnostic; a fence
// that opens the response, and a bare call that ends its line, are read
// as always. Measured on the 2,351 BFCL cases of the module's corpus, the
// ground-truth calls written five ways (policy All; a case counts when
// every call comes back, names and arguments): a call list, bare calls
// each on a line of their own after prose, and a list in a fence that
// opens the response read 99.7% of cases with the option and without; a
// list in a fence after prose reads 99.7% without it and 0% with it (no
// call); the calls mentioned inside a sentence ("You can call f(...) to
// find out.") read 99.5% (3,143 calls) without it and 0 with it.
package llama4
