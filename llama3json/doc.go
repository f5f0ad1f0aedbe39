// Package llama3json reads the tool calls of Meta's Llama 3.1, 3.2 and
// 3.3 with JSON custom tools: {"name": NAME, "parameters": {...}} objects
// ("arguments" is read too, and the other JSON call shapes of the module:
// keys in any order, arguments as a JSON string holding an object),
// several separated by ';' or newlines, with or without <|python_tag|>
// before them, prose around them.
//
// Without a marker a JSON object in prose is a call only when it names a
// requested tool (any name when the request offers no tools) and has a
// "parameters" or "arguments" member, or names a requested tool at all: a
// prose mention such as {"name": "Alice"} stays prose; and a tool's
// description is no call: an object whose arguments are a schema (a JSON
// Schema, or a type's name for each key: {"path": "string"}, {"path":
// {"type": "string"}}), or with a "description" beside its name and
// arguments (or its name alone), as an answer that lists its tools or shows
// a definition writes them, is prose (Llama 3.2's {"type": "function",
// "function": {"name": N, "parameters": {"city": "Paris"}}} is a call); so
// is an object in a Markdown code fence opened after prose (an example:
// content, with a "policy" diagnostic; a fence that opens the response is
// read). Only an object that starts like a call (its first key "name",
// "parameters", "arguments", "type" or "function") is held while it streams.
// After <|python_tag|> any name counts, and the text up to the end of the
// message is read as calls: JSON objects, or Llama 3.1's built-in tool calls
// brave_search.call(query="...") (and wolfram_alpha, photogen), which are
// calls to the tool of that name when the request offers it; otherwise, when
// the request offers code_interpreter, the text is a call to it with the
// text as its code; else it is content. <function=NAME>{...}</function>,
// which Meta's reference decoder reads, is read too. <|eot_id|> and
// <|eom_id|> are consumed and end an open <|python_tag|> message.
//
// RenderPrompt writes the prompt Meta's Llama 3.x chat templates write,
// byte for byte: llama-3.1 (default), which Llama 3.3's template shares
// (llama.cpp's meta-llama-Llama-3.3-70B-Instruct.jinja; golden directory
// llama33), with "Today Date: 26 Jul 2024" unless a date is given, and
// llama-3.2 (llama.cpp's meta-llama-Llama-3.2-3B-Instruct.jinja; golden
// llama32), with today's date. Tools go in the first user turn as JSON
// indented by 4, after "Environment: ipython" in the system turn; tool
// results are written as JSON strings; an assistant turn with calls holds
// only its calls. The templates refuse a turn with more than one call;
// the renderer writes them separated by "; ", as the model writes them.
//
// Cut-off and end of turn: a call object is decided when its JSON closes;
// one the response's end leaves open is content, so a cut-off call is never
// a call; a missing </function> after a function tag's complete JSON is
// tolerated. <|eot_id|> and <|eom_id|> end the response: what follows them
// (Llama 3.1 405B runs on into a next assistant turn that repeats its call)
// is dropped, with one end_of_turn diagnostic.
//
// JSON call objects may also name their arguments "params", "args" or
// "input" (Mistral Nemo and Arctic do) when the name is a requested tool,
// and {"get_weather": {...}}, a dict whose one key is a requested tool's
// name, is a call to it (both read by the module's JSON call reader).
//
// At the end of the response, a call object in prose that is complete but
// for its closing brackets ({"type": "function", "function": {"name": ...,
// "parameters": {...}} one brace short, as Llama 3.2 under vLLM ends it)
// is closed and read, with a "syntax" diagnostic, when nothing inside it
// is cut (no string left open; its last byte closes an object or array).
//
// A list of name and arguments pairs, each a requested tool's name and a
// dict (after <|python_tag|>, [["get_weather", {...}]], as Mistral's prompt mode, Arctic and Llama 3 write
// calls), is calls.
package llama3json
