// Package solaropen reads the tool calls of Upstage's Solar Open
// (upstage/Solar-Open-100B; registered as solar_open), and writes its
// prompts.
//
// A Solar Open conversation is a run of messages, each <|begin|>, its
// role, and its body. The prompt ends with <|begin|>assistant, after which
// the model writes, in any order and each at most as often as it likes:
//
//   - reasoning: <|think|>, the reasoning, <|end|>, then
//     <|begin|>assistant to go on;
//   - text: <|content|>, the text, <|end|> (text with no <|content|> before
//     it is text too);
//   - calls: <|tool_calls|>, then per call
//     <|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>ARGS<|tool_call:end|>,
//     then <|calls|>, which ends the turn.
//
// A call's ID is the model's (the template asks for ten lowercase letters
// and digits): the stream keeps it when it has an ID's shape and no
// earlier call of the response has it, and gives the call one of its own
// otherwise. The name is what stands between the name and the arguments
// markers, blanks around it dropped; ARGS is a JSON object (Python
// literals read as JSON's; a JSON string holding an object read as that
// object; nothing is no arguments). A call ends at <|tool_call:end|>
// wherever it stands (a special token, which JSON text does not hold), or,
// when that is missing, where the next call begins or the response ends
// after complete arguments; a call the end of the response cuts before
// its arguments are complete is no call. A call that is not one (no name,
// arguments that are no object or do not parse) is content, verbatim from
// its <|tool_call:begin|> on, with a diagnostic, and the calls around it
// are read. Text before, between and after calls is content; the markers
// that frame the messages (<|tool_calls|>, <|begin|>assistant,
// <|content|>, <|end|>, <|flush|>) are dropped, and so is a stray
// <|tool_call:end|>.
//
// Reasoning: <|think|> opens it and <|end|> closes it; <|content|>,
// <|tool_calls|> and <|tool_call:begin|> also end it (the model wrote no
// <|end|>). The prompt never leaves reasoning open: with reasoning effort
// "low" or "minimal" it closes an empty one,
// <|begin|>assistant<|think|><|end|>, before the final <|begin|>assistant.
//
// End of turn: <|calls|> ends it, and so does a message of another role,
// <|begin|>user, <|begin|>tool or <|begin|>system, which a server that
// did not stop writes next: what follows is dropped, with one end_of_turn
// diagnostic. <|flush|>, which Upstage's own parser takes for the end of
// the text, is dropped and reading goes on, as calls may follow it.
//
// RenderPrompt writes the prompt the model's chat template writes
// (profile solar-open: llama.cpp's copy of Solar-Open-100B's template;
// golden directory solar_open in testdata), byte for byte: one system
// message, <|begin|>system<|content|> ... <|end|>, with the provider's
// prompt and the date (toolcall.PromptOptions.Date, today by default),
// every system message of the conversation under "## System Prompt"
// (wherever it stands), and, with tools, the template's tool instructions with each
// tool's JSON ({"name", "description", "parameters"}) between
// <|tool:begin|> and <|tool:end|>; then each message: a user's
// <|begin|>user<|content|>TEXT<|end|>; an assistant's with calls
// <|begin|>assistant and the calls as RenderCalls writes them, its text
// dropped; one without <|begin|>assistant<|content|>TEXT<|end|>; a run of
// tool results one <|begin|>tool<|tool_response|> message, each result
// <|tool_response:begin|>ID<|tool_response:name|>NAME<|tool_response:result|>TEXT<|tool_response:end|>,
// NAME the names of every call of the conversation with that ID, as the
// template writes them. It ends with <|begin|>assistant, after the empty
// reasoning for efforts low and minimal
// (toolcall.PromptOptions.ReasoningEffort; Thinking false is low). The template keeps the reasoning of the turns
// after the last user message from a message's "reasoning" field, which
// an OpenAI request does not carry (it carries reasoning_content, as the
// goldens do): the template drops it, and so does RenderPrompt.
//
// RenderCalls writes the template's form; a call without an ID gets
// "call" and six digits, its place. Grammar and StructuralTag constrain
// decoding to the request's tools in that form, IDs of ten lowercase
// letters and digits.
//
// Deliberate differences from the template: a tool's JSON holds only its
// name, description and parameters, in that order (the template writes
// the request's function object as it came, other members too); numbers
// in arguments and schemas are written as the request wrote them; a tool
// result without a call ID names none (the template fails on it).
//
// Where the peers differ: vLLM's parser keeps arguments that do not parse
// as the call's raw text, where the call is content here; it makes a new
// ID for any ID but ten lowercase letters and digits, where the stream
// keeps any ID of the shape IDs have.
//
// Solar Open 2 (upstage/Solar-Open2-250B, served with vLLM's solar_open2
// parser) writes calls another way, <|tool_call:start|>NAME, then
// <|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|> per
// argument, then <|tool_call:end|>, with its own reasoning tokens
// (<|think:start|>, <|think:end|>) and roles (<|im:start|>): a chat
// template of its own, not a profile of this one. It is not read here.
package solaropen
