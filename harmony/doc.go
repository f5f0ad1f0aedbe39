// Package harmony reads the output of OpenAI's gpt-oss models, written in
// the Harmony format: the text a server sees after the prompt's
// <|start|>assistant, a run of messages, each a header, <|message|> and a
// body, separated by <|end|><|start|>assistant:
//
//	<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}
//
// A header names a channel (<|channel|>analysis, commentary or final), may
// name a recipient (to=functions.NAME, before or after the channel) and a
// content type (<|constrain|>json, json or code, with or without a space).
// A message to functions.NAME, on any channel, is a call: its body is the
// JSON arguments (a Python dict is read too), read while the body arrives,
// in the pass that looks for its end (a body holding a '<' that is no
// token, or more than one value, is read again at its end; the outcome is
// the same). A recipient that is not
// under functions. is a call only when the request offers a tool of that
// name; otherwise it is one of the model's built-in tools (browser.search,
// python, container.exec, ...), which the gateway cannot run: the message is
// dropped, with a diagnostic. A message with no recipient is reasoning on
// the analysis channel and content on any other (the final answer, and
// commentary preambles), handed on as it streams.
//
// <|end|>, <|call|> and <|return|> end a message and are consumed; the
// stop tokens <|call|> and <|return|> are usually missing, as servers stop
// on them, and the end of the response ends the message. A <|start|> or a
// <|channel|> inside a body starts a new message. A response that does not
// begin with a header (no special tokens at all, as when a server skips
// them) is content, verbatim; so is a header cut off by the end of the
// response, or one longer than 512 bytes (its <|start|> counted, when the
// header is where a message may begin; <|message|> not), with the token
// that began it and a diagnostic: however deltas cut it, <|message|>
// too. Once a header or a call's body passes a size limit, its
// message's end is lost: the rest of the response is content.
//
// Tool names: Harmony names are TypeScript identifiers, so RenderCalls
// writes a name with ' ', '-' and '.' as '_', other characters that are
// not letters, digits, '_' or '$' dropped, and '_' before a leading digit
// (TSName); a call's name is mapped back to the requested tool it stands
// for. RenderPrompt writes names as gpt-oss's template does: as they are.
//
// RenderPrompt writes the prompt gpt-oss's chat template writes (profile
// gpt-oss: llama.cpp's copy of openai/gpt-oss-120b's template, which 20b
// shares; golden directory gpt_oss), byte for byte: the date line
// (today's unless toolcall.PromptOptions.Date says), the tools as the
// template's TypeScript namespace, laid out as it lays it out (nested
// members each after a newline and 16 spaces, '?' on the members their
// own object does not require), call arguments and tool results as JSON
// with tojson's spaces, and the analysis message of the current
// tool-calling turn kept (the reasoning of finished tasks dropped), as
// OpenAI's harmony guide asks. The template writes only the first call of
// an assistant turn and names every result after the last call written;
// profile gpt-oss-all-calls writes each call as its own message instead.
// Numbers are written as the request wrote them.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); a call's body must hold its whole JSON. A missing <|call|>
// after it is tolerated, and so is one the end cuts. <|return|> ends the
// response; so does <|call|>, after which only a further call message may
// follow (parallel calls): a made-up tool result, a final message or text
// after it is dropped, with one end_of_turn diagnostic. A call whose body is
// not JSON is content, verbatim, with its header.
package harmony
