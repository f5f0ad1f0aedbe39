// Package minimax reads the tool calls MiniMax-M2 writes (M2, M2.1, M2.5
// and M2.7 share the syntax and the chat template):
//
//	<minimax:tool_call>
//	<invoke name="NAME">
//	<parameter name="KEY">VALUE</parameter>
//	</invoke>
//	</minimax:tool_call>
//
// One block holds every call of a turn, one <invoke> each; the template
// writes a newline after each tag, and the reader takes blanks between
// tags as they come (none at all, too). The name and the keys are
// attributes in double quotes: a name holds no whitespace and none of
// {}<>"' (so an unrendered template's <invoke name="{{ name }}"> is no
// call), a key no newline and no '<'. An invoke without parameters is a
// call without arguments.
//
// Values: the template writes a string as it is and any other value as
// JSON, and nothing around it, so a value is the text between its open
// tag and its close tag exactly: its newlines and blanks are its own (a
// file's last newline stays). The stream types it by the tool's JSON
// Schema (a string stays a string; integer, number, boolean, object and
// array values are read as JSON, then as Python literals; one that still
// does not fit stays a string, with a "schema" diagnostic); "null" (any
// case) is null where the property's schema allows null, and a string
// otherwise. With no schema every value is a string.
//
// Tags inside values: a file's content may hold this format's own tags.
// A </parameter> ends a value only when whitespace and then a
// <parameter name="K"> for a key not yet set or the value's own (written
// again: the last value wins),
// </invoke>, </minimax:tool_call> or the end of the block follow it;
// otherwise it is text in the value. A <parameter name="K"> with no
// </parameter> before it ends a value only for such a key that the tool's
// schema knows (one of its properties, when it lists them), and an
// </invoke> with no </parameter> before it only when no </parameter>
// follows it. Any other tag is text in the value, so a value may hold
// <minimax:tool_call>, <invoke name="f"> or [e~[ as text, and a key set
// before a value is text in it when given again there. A <parameter
// name="K"> that does not end a value opens a nested parameter, which the
// next </parameter> closes, and an <invoke name="NAME"> a nested call,
// which the next </invoke> ends: a value keeps the format's own example
// call whole.
//
// Missing ends: a missing </parameter> is closed as above; a missing
// </invoke> or </minimax:tool_call> at the end of the response, or a
// missing </invoke> before </minimax:tool_call>, is tolerated after a
// closed value; a second <minimax:tool_call> outside a value ends a block
// whose end is missing and opens the next. An orphan </minimax:tool_call>
// or </invoke> in prose is dropped. A block that is not calls (text where
// an <invoke> should be, a name that never ends) is content, verbatim,
// markers included, with a diagnostic; text after an invoke in a block is
// content with a diagnostic. Prose before, between and after blocks is
// content.
//
// Cut-off: a call is complete only when its arguments are. A response the
// end cuts inside a call's arguments gives no call, its text coming back
// as content with a diagnostic: inside a value whose </parameter> never
// came, after <invoke name="..."> with no parameter yet, or before an
// argument the tool's schema requires has come. A missing or cut
// </invoke> and </minimax:tool_call> after a closed value are tolerated
// (a cut one is dropped, not content).
//
// Reasoning and end of turn: the prompt ends ]~b]ai\n<think>\n, so the
// answer starts inside reasoning, which </think> ends (the descriptor's
// profile says OpensReasoning; a stream told nothing of the prompt holds
// the answer's start until </think>, <think> or <minimax:tool_call> shows
// which it is). A <minimax:tool_call> while reasoning is open ends it.
// [e~[ ends the turn, and so does a role header ]~b] the model writes
// without it: what follows is dropped, with one end_of_turn diagnostic.
// The block machine looks for markers at '<' only, so [e~[ inside a block
// whose </minimax:tool_call> is missing is not seen there: the block runs
// to the end of the response.
//
// Argument streaming (stream.WithArgumentStreaming): a block's first call
// streams while it arrives, each value as JSON string text; a '<' in a
// value waits until what follows shows whether it ends the value. An
// </invoke> inside a value, a repeated parameter and a parameter the
// schema lets be null make the call come whole instead; the block's later
// calls come whole.
//
// RenderCalls writes calls as the template does (the block above, the
// template's newlines, a string raw and any other value as JSON with
// tojson's spaces), and RenderPrompt the prompt the template writes
// (profile m2, the only one: llama.cpp's copy of MiniMax-M2's template;
// golden directory minimax_m2), byte for byte: ]~!b[]~b]system\n with the
// system message (or "You are a helpful assistant.") and, with tools,
// each tool's JSON in <tool> tags and the template's example of the call
// syntax (placeholder names, prompt text, never a call); turns ]~b]ROLE\n
// ... [e~[\n; an assistant's text, its reasoning written back in <think>
// tags only after the last user message, its calls after a newline;
// consecutive tool results in one ]~b]tool turn, each in <response> tags;
// a system message after the first is dropped. The prompt leaves <think>
// open. The template has no reasoning switch and writes no date.
//
// Grammar and StructuralTag constrain decoding to what RenderCalls writes:
// one block, the request's tools, parameters by each tool's schema in
// declared order, string values as raw text that never holds
// </parameter>.
//
// Where the peers differ: SGLang's detector strips every newline around a
// value; the template never pads a value, so those newlines are the
// value's, and dropping them would lose a file's last newline. SGLang drops a call to a tool the request does not
// offer; the stream returns it with an unknown_tool diagnostic, as it
// does for every format.
//
// MiniMax-M3 writes another syntax, every call tag after the namespace
// token ]<]minimax[>[ and each argument an element named after its key:
// package minimaxm3 reads it (format minimax_m3), and models.Lookup sends
// MiniMax-M3 there.
package minimax
