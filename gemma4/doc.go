// Package gemma4 reads the tool calls of Google's Gemma 4 (gemma-4-31B-it,
// gemma-4-26B-A4B-it, E4B, E2B) and of FunctionGemma
// (functiongemma-270m-it), registered as format "gemma4" (alias
// "functiongemma").
//
// A Gemma 4 call is <|tool_call>call:NAME{ARGS}<tool_call|>; parallel calls
// stand back to back, anywhere in the response, and the text around them
// is content. FunctionGemma writes the same body framed by
// <start_function_call> and <end_function_call>. One reader takes both, in
// any response: the frame says which string quote the body uses.
//
// ARGS is an object in Gemma's own literal language: keys are bare text
// up to ':' (trimmed; a key between quote tokens is read too), values are
//   - strings between two quote tokens, <|"|> for Gemma 4 and <escape> for
//     FunctionGemma, taken raw: no escapes, so a '"', a backslash or a
//     newline in them is itself;
//   - objects {k:v,...} and arrays [a,b,...], nested to the depth limit,
//     a trailing ',' tolerated;
//   - JSON strings "..." with JSON's escapes, as Ollama's reader takes
//     them (a key may be one too); a marker inside one is not data, as the
//     body's scan knows only the quote tokens;
//   - bare values: true, false, null and JSON numbers are themselves; any
//     other bare text (celsius, /tmp/a.txt, 'abc' with its quotes) is a
//     string. Where the tool's schema types
//     a top-level argument as a string and nothing else, a bare number is
//     its text (zip:01234 and version:1.10 keep their digits).
//
// A quoted string is a string whatever the schema says (a {"s": "42"}
// stays a string where the schema allows strings); the stream's schema
// coercion then applies as for every format (an integer-only argument
// written <|"|>42<|"|> becomes 42, with the coercion's diagnostic).
//
// The literal-tag rule: inside a string no marker counts but the closing
// quote token, so a <tool_call|>, a <|tool_call> or a <turn|> there is
// data. Outside strings, a start marker ends a block whose end marker is
// missing and opens the next call.
//
// A block that does not parse (no "call:", a name with spaces or brackets,
// ARGS that is no object or does not close before the end marker, text
// after ARGS, a broken JSON string) is
// content, verbatim, markers included, with a syntax diagnostic. An empty
// block is nothing. A call completes at its end marker; where that is
// missing, a start marker, an end-of-turn token or the end of the response
// ends the block, and it is a call only when its ARGS closed: a response
// cut inside a call (inside a string, an object, the name) gives no call,
// its text coming back as content with a diagnostic. A coding agent must
// never run half a write.
//
// End markers with no block open (<tool_call|>, <end_function_call>) are
// dropped: Gemma 4 may repeat <tool_call|> after a call (Ollama's parser
// drops the repeats too), and a special token outside a call is no text a
// client should see.
//
// End of turn: <turn|> ends Gemma 4's turn, and <|tool_response>, which
// the template writes right after the calls (the model's turn goes on
// after the results), ends the model's output where it called tools;
// FunctionGemma's are <end_of_turn> and <start_function_response>. Each
// ends the response: what follows is dropped, with one end_of_turn
// diagnostic.
//
// Reasoning is Gemma 4's thought channel, <|channel>thought\n...<channel|>
// (toolcall.Reasoner). With thinking off the template's prompt ends with an
// empty channel already closed; with thinking on it ends after
// <|turn>model\n and the model opens the channel itself: either way the
// output starts outside reasoning, so no profile opens it.
//
// Argument streaming (stream.WithArgumentStreaming): a call is announced
// once its name is read, at the '{' after call:NAME, and its arguments go
// out as JSON while they arrive: a key at its ':', a string's text as it
// comes (but for what may start its closing quote token, or a character
// cut in two), a bare value once the byte after it ends it. What the
// reader would refuse stops the following; the stream then withdraws the
// call, and the block is read whole at its end marker as always.
//
// RenderCalls writes calls as the chat template writes them: keys sorted
// (the template's dictsort), strings between <|"|>, numbers as their JSON
// text, a key no bare text can hold between quote tokens;
// RenderFunctionGemmaCalls writes FunctionGemma's frame. A string holding
// the quote token cannot be written and is an error (a prompt writes it as
// it stands, as the template does).
//
// Grammar and StructuralTag constrain decoding to Gemma 4 calls as
// RenderCalls writes them (FunctionGemma's frame is not constrained),
// typed by each tool's schema (see Grammar); the package walks the schema
// itself, as Gemma's literal language is not JSON.
//
// RenderPrompt writes each profile's prompt:
//   - gemma4 (default): Gemma 4's chat template (google/gemma-4-31B-it's;
//     26B-A4B's writes the same bytes, and E4B and E2B share it), byte for
//     byte: golden directory gemma4 with thinking off (the template's
//     default and the zero toolcall.PromptOptions), gemma4@think with
//     its Thinking on, gemma4_26b with thinking off. The tools'
//     declarations write the schema in the call's literal language, keys
//     sorted and type names in capitals, as the goldens show; schema
//     keywords the goldens do not hold are written the same way, which
//     the template (not readable here: llama.cpp's copy is a Git LFS
//     pointer) may write otherwise. With no system message, no tools and
//     thinking off there is no system turn (no golden has that case).
//   - functiongemma: FunctionGemma's, as Google's FunctionGemma
//     documentation shows it (there is no golden of its template here):
//     <start_of_turn>ROLE\n...<end_of_turn>\n turns, a developer turn with
//     the system message (or "You are a model that can do function calling
//     with the following functions" when there are tools and none) and the
//     <start_function_declaration> declarations, calls and
//     <start_function_response> results in the model's turn as Gemma 4's,
//     no reasoning; Thinking is ignored.
//
// Choices of this reader, against the peers (llama.cpp's, vLLM's and
// SGLang's were not compared here; Ollama's tests,
// model/parsers/gemma4_test.go, are, case by case, in this package's
// tests): repeated
// <tool_call|> tokens are dropped, as Ollama does; a bare word is a
// string, which the stream's schema coercion types; a block that does not
// parse comes back as content, verbatim, with a diagnostic, never as a
// half-read call; a missing end marker is tolerated where ARGS closed. Where
// Ollama repairs (a string whose closing quote is missing, single-quoted
// values, a missing '}'), this reader does not: an unclosed string runs to
// the end of the response under the literal-tag rule, and the call is cut
// off. Text after <|tool_response> is dropped (Ollama keeps it as content):
// it is the turn's end. A channel that does not open with "thought\n"
// (Ollama takes any <|channel>) is content.
package gemma4
