// Package kimik3 reads the tool calls of Moonshot's Kimi K3
// (moonshotai/Kimi-K3), registered as the format kimi_k3 (alias kimi3).
// Kimi K2's <|tool_calls_section_begin|> syntax is another format, kimik2.
//
// Everything Kimi K3 writes is a channel, <|open|>NAME ATTRS<|sep|>TEXT<|close|>NAME<|sep|>,
// made of its control tokens. An assistant turn is the think channel (its
// reasoning), the response channel (its answer), then, when it calls, the
// tools channel, one call channel per call, one argument channel per
// argument:
//
//	<|open|>think<|sep|>...<|close|>think<|sep|><|open|>response<|sep|>TEXT<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="NAME" index="1"<|sep|><|open|>argument key="K" type="string"<|sep|>V<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|><|end_of_msg|>
//
// Reasoning: the think channel's text is reasoning. Its template ends the
// prompt with the think channel opened (Profile.OpensReasoning), so the
// output begins as reasoning; a stream told nothing of the prompt holds
// the output's start until <|close|>think<|sep|> (reasoning) or the
// response or tools channel (no reasoning) tells which. The response
// channel's opening or closing, the tools channel's and a call's opening
// also end reasoning.
//
// Content: the response channel's text, and any text outside channels.
// The channels' markers (<|open|>response<|sep|>, <|close|>response<|sep|>,
// <|open|>tools<|sep|>, <|close|>tools<|sep|>, and a stray <|close|>call<|sep|>, <|close|>argument<|sep|>,
// <|close|>json<|sep|> or <|close|>think<|sep|>) are dropped: none reaches
// the content. A channel of another name is not read: its text,
// markers and all, is content (the model writes none in an answer).
//
// Calls: a call channel, <|open|>call ATTRS<|sep|>ARGUMENTS<|close|>call<|sep|>,
// with or without the tools channel around it, is a call to the tool its
// tool attribute names; its index attribute is not read (the stream
// numbers calls and gives them IDs; the template numbers them again when
// it writes them back). Attribute values are NAME="VALUE", separated by
// whitespace, &amp; and &quot; in a value standing for '&' and '"'. Each
// argument is <|open|>argument key="K" type="T"<|sep|>V<|close|>argument<|sep|>
// (whitespace may stand between channels). V is read by its type:
//
//   - "string" (or no type attribute): V is the argument's text, raw, not
//     trimmed, not unescaped. As in qwen3_coder and glm45, the stream's
//     schema coercion then types it by the tool's schema ("7" for an
//     integer is 7; "null" is null where the schema allows null).
//   - any other type (number, boolean, null, object, array, ...): V is
//     JSON, read leniently (Python literals such as True and None too). V
//     that does not parse is read as the text, with a syntax diagnostic,
//     as SGLang and vLLM read it; the schema check then judges it.
//   - the schema is a second opinion that wins where it allows the argument
//     only strings: V is then the text whatever the type says (a zip code
//     02139 the model typed number stays "02139").
//
// A whole call may instead hold its arguments as one JSON object in a json
// channel, <|open|>json type="object"<|sep|>{...}<|close|>json<|sep|>, as
// the template writes arguments that are not a JSON object it can split;
// its text is read as one JSON object (leniently) and must end the call.
//
// Tags in values: a value may hold K3's own tags as text (a file about the
// format, a test of it). Inside a value only <|close|>argument<|sep|> can
// end it, and only where what follows it, after whitespace, is the next
// argument's <|open|>argument for a fresh key (not the value's own, not
// set yet), <|close|>call<|sep|>, or the call's end; any other
// <|close|>argument<|sep|> is text in the value, and so is every other
// marker in it (<|close|>call<|sep|>, <|end_of_msg|>, think tags). So a
// key never repeats: a tag that repeats one is text in the value before
// it. A value that no such close tag ends makes its call content.
//
// Cut-off and broken calls: a call is complete only at its
// <|close|>call<|sep|>. A call whose end the response's end cuts off, or
// that the next call, the tools channel's end or <|end_of_msg|> ends
// first, is no call: its text comes back as content, verbatim, markers
// included, with a diagnostic; so does a call that does not parse (no
// tool attribute, a header without its <|sep|> within 4096 bytes, text
// where an argument should begin). The other calls still count.
//
// End of turn: <|close|>message<|sep|> closes the assistant's message and
// <|end_of_msg|> ends it; either ends the response. What follows (a
// runaway next message) is dropped, with one end_of_turn diagnostic; but
// whitespace and <|end_of_msg|> after <|close|>message<|sep|> are the end
// itself, dropped without a word, and so is a part of <|end_of_msg|> that
// the response's end cut.
//
// Argument streaming (stream.WithArgumentStreaming): a call is announced
// at its header's <|sep|>, and a text value's text streams as it comes,
// but for a <|close|>argument<|sep|>, held until what follows it shows
// whether it ends the value (the rule above). A value read as JSON, or one
// the schema may type (a string that may also be null, ...), goes out
// whole once it ended. A json channel stops the following: that call
// comes whole. Without streaming a call comes whole at its
// <|close|>call<|sep|>.
//
// RenderCalls writes calls as the template does: the tools channel,
// indexes from 1, a string's text raw and other values as JSON with
// Python's json.dumps spaces, the type attribute the value's JSON type.
// Descriptor.Reply writes a whole reply after the default prompt.
//
// Prompts: RenderPrompt, and the Prompter, write Kimi K3's template
// (profile kimi-k3, the one profile, which opens reasoning) byte for byte
// as the golden directory kimi_k3 has it (rendered from the template a
// GGUF conversion embeds; in testdata/templates/golden): messages
// back to back as <|open|>message role="ROLE"<|sep|>TEXT<|close|>message<|sep|><|end_of_msg|>;
// with tools, first a system message of type tool-declare listing them as
// one line of JSON, keys sorted at every level, no spaces; then a system
// message of type thinking-effort; every assistant turn with its think
// channel (its reasoning, on every turn, not only the last), its response
// channel and its tools channel; a run of tool results as messages of
// role tool, each with the tool="NAME" index="N" of the call it answers
// (by ID, and then in the calls' order; else by place); and, last, the
// assistant's message with its think channel opened. Of
// toolcall.PromptOptions it reads Profile, Thinking, ReasoningEffort and
// SpecialTokens (Date: the template writes none). The template's
// switches: the golden shows thinking_effort=max, the default;
// ReasoningEffort writes low, medium or high instead. Thinking false
// drops the thinking-effort message and the think channels and ends the
// prompt with the response channel opened, as third-party renderers that
// follow Moonshot's encoding_k3.py do; no golden shows that case. The
// template's request-scoped system messages (tool_choice required or
// none, response_format) are not written: a Prompter is not given the
// request's choices.
//
// Grammar and StructuralTag constrain the tools channel as RenderCalls
// writes it (the structural tag triggers on <|open|>tools<|sep|>): names
// among the request's tools, any index from 1, keys in declared order,
// each value by its schema (raw text where it allows strings, JSON
// otherwise, as glm45.Grammar writes values). The type attribute names
// the value's JSON type, as RenderCalls writes it: "string" for a value
// written as text; for one written as JSON, a type its schema allows
// ("number" for "integer"; any where it names none), so null, where the
// schema allows it, is type="null".
// A value written as text never holds <|close|>, the token every
// channel's end begins with.
//
// Deliberate differences from SGLang's kimi_k3 detector (the peer read
// here): a call is one only at its <|close|>call<|sep|> (a version of
// SGLang's streaming reader hands a cut-off call's name and fragments on);
// a <|close|>argument<|sep|> inside a value that text follows is text, not the value's end (SGLang
// ends the value at the first one); the schema overrides the type
// attribute where it allows only strings; text that is not a call stays
// content, with a diagnostic, where SGLang drops an unparsed tools channel
// from the content; the response channel's markers are dropped wherever
// they stand, not only around the first response channel.
package kimik3
