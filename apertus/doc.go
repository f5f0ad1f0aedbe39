// Package apertus reads the tool calls of the Swiss AI Initiative's
// Apertus (Apertus-8B-Instruct-2509 and Apertus-70B-Instruct-2509): a JSON
// array of call objects between <|tools_prefix|> and <|tools_suffix|>,
// each object holding one member named after the tool, whose value is
// the arguments: [{"get_weather": {"city": "Paris"}}].
//
// Inside a block: a JSON array of call objects, or one call object
// alone. A call object is either named by its only key (a non-empty
// name, its value an object: the arguments), or spelled
// {"name": NAME, "arguments": {...}} as the other JSON array formats
// write them ("tool_name" and "parameters" read as those, an "id" string
// as the call's ID, arguments as a JSON string holding an object, null
// or missing for none). An object with two members neither of which is
// "name" is no call. Python literals (single quotes, True, None) are read
// as JSON's. An empty block or an empty array holds no calls. Any name is
// accepted in a block. Blocks may stand back to back, with prose before,
// between and after them; prose is kept. Outside a block nothing is a
// call: JSON in prose is prose.
//
// A block ends at the first <|tools_suffix|> outside the JSON's strings.
// A block that is not such an array (broken JSON, an element that is no
// call, text after the array) is content, verbatim, markers included,
// with a diagnostic saying why. A stray <|tools_suffix|> is dropped.
//
// Reasoning: with deliberation enabled the model writes its reasoning
// between <|inner_prefix|> and <|inner_suffix|>; the prompt never opens
// it, so a stream told nothing of the prompt streams the answer from its
// first byte. A <|tools_prefix|> before <|inner_suffix|> ends the
// reasoning (the template lets a turn call tools while it reasons).
//
// Cut-off and end of turn: a call is complete only when its block is: a
// response the end cuts inside the array gives no call, its text coming
// back as content with a diagnostic. A missing <|tools_suffix|> after a
// complete array is tolerated at the end of the response or at
// <|assistant_end|>, and so is one the end cuts, which is dropped.
// <|assistant_end|> ends the turn and the response: what follows it is
// dropped, with one end_of_turn diagnostic.
//
// RenderPrompt writes the prompt the model's chat template writes
// (llama.cpp's copy of Apertus-8B-Instruct-2509's; golden directory
// apertus in testdata), byte for byte: <s>, the system turn, a developer
// turn that says whether deliberation is enabled and declares each tool
// as a TypeScript function type (its description and each parameter's
// as // comments, optional parameters marked ?, schema types as
// TypeScript types with the template's own line breaks inside nested
// objects), then the user and assistant turns; an assistant turn holds
// its text, its calls and their results ([R1, R2]) until the next user
// turn closes it with <|assistant_end|>. It ends with <|assistant_start|>.
//
// RenderCalls writes the template's form: <|tools_prefix|>[{"NAME":
// ARGS}, ...]<|tools_suffix|>, with the spaces Jinja's tojson writes;
// Grammar and StructuralTag constrain decoding to the request's tools in
// that form.
//
// Deliberate differences from the template: a call's name is written as
// a JSON string (the template writes it raw, which differs only for
// names holding '"' or '\'); numbers are written as the request wrote
// them (the template re-prints them as Python does); a tool without a
// description gets no comment line (the template fails on it); a
// non-string default or enum value of a parameter is written as JSON
// (the template fails, or writes Python's spelling). The template's
// message shapes other than OpenAI's (assistant content as blocks of
// thoughts, calls and outputs) have no counterpart in a chat request and
// are not written.
//
// Peers: llama.cpp reads the same syntax (its tests' Apertus cases are
// ported in this package's tests, with their source named). It reads
// only the name-keyed spelling; this package reads the {"name",
// "arguments"} spelling too, as a model may fall back on it.
package apertus
