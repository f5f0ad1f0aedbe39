// Package dsml reads the tool calls of DeepSeek's DSML, the markup
// DeepSeek-V3.2 (and V3.2-Speciale), V4 (V4-Flash, V4-Pro) and V4.1
// write. One block holds every call of a turn:
//
//	<｜DSML｜function_calls>
//	<｜DSML｜invoke name="NAME">
//	<｜DSML｜parameter name="KEY" string="true">VALUE</｜DSML｜parameter>
//	<｜DSML｜parameter name="KEY" string="false">JSON</｜DSML｜parameter>
//	</｜DSML｜invoke>
//	</｜DSML｜function_calls>
//
// Three spellings, read alike whatever the profile: V3.2's block is
// function_calls, V4's tool_calls, and V4.1 writes a space after
// ｜DSML｜ in every tag (<｜DSML｜ calls>, <｜DSML｜ invoke name="...">,
// </｜DSML｜ parameter>). The bars are U+FF5C, matched as bytes; the tags
// are text, not special tokens. A block's invokes and parameters must be
// of its own spelling.
//
// A block holds invokes, whitespace between them. An invoke is its open
// tag, exactly <｜DSML｜invoke name="NAME">, whitespace, then its
// parameters, whitespace between them, or one JSON object (V4 lets an
// invoke hold its arguments so), then </｜DSML｜invoke>. A parameter's
// tag is name="KEY", then, after a space, string="true" or
// string="false", then ">"; its value runs to its close tag, verbatim
// (nothing is trimmed). The tag says the value's type: string="true" is
// a string whatever the text looks like; string="false" is the JSON the
// text holds (Python's True, False and None read too), but a null where
// the tool's schema names the property's types and null is not among
// them is read as the text "null"; a text that is no JSON, and a value
// whose tag has no string attribute, are typed by the tool's schema as
// Qwen3-Coder's values are (the stream's coercion then types them
// further, "42" where an integer is wanted). Names hold no whitespace and
// none of {}<>"'.
//
// Tags inside values: a value may hold the format's own tags. A close tag
// ends a value only when whitespace and then a parameter's tag for a key
// not yet set or the value's own, whatever its string attribute (written
// again: the last value wins, at its first place, with a diagnostic), the
// invoke's end tag, the block's end tag, <｜end▁of▁sentence｜> or the
// end of the block follow it. Any other tag is text in the value (a
// parameter's tag with no close tag before it too), so a file that holds
// <｜DSML｜parameter name="path" string="true"> never redirects a write,
// and a key set before a value is text in it when given again there. A value's close
// tag may not be missing: a value that runs on to the invoke's end tag
// (with no close tag after it) or to the block's end breaks its invoke,
// which is then no call. (Reading on after such an end tag, to see
// whether a close tag still comes, would read the rest of the block
// again for each one.)
//
// A call is complete only at its </｜DSML｜invoke>. A missing block end
// after a complete invoke is tolerated (the end of the response, or
// <｜end▁of▁sentence｜>, or the next block's open tag ends the block). An
// invoke the block's end leaves open, or one a value without its close
// tag breaks, is no call: its text is content, with a diagnostic, and the
// invokes before it are calls. A block that does not read (a tag out of
// place, a parameter's tag that is none, a block that holds no invoke) is
// content, verbatim, markers included, with a diagnostic. Text before
// and after blocks is content, verbatim, the blank line the models write
// before a block included (the stream drops the whitespace at the very
// start and end of a response's content, as for every format). Stray
// block end tags are dropped.
//
// Reasoning: <think> ... </think>. With thinking on, a prompt ends with
// <think> open (V4.1's and V3.2-Speciale's by default), so the output
// may begin inside reasoning: the profiles say which (OpensReasoning),
// and a stream told nothing of the prompt holds the output's start until
// a </think> makes it reasoning, or a <think>, a block or the end makes
// it content. A block opened before </think> ends the reasoning.
//
// End of turn: <｜end▁of▁sentence｜> ends the response and an open block:
// what follows it is dropped, with one end_of_turn diagnostic.
//
// Argument streaming (stream.WithArgumentStreaming): a block's first
// invoke streams while it arrives: a string value as JSON string text as
// it comes (a '<' in it waits until what follows shows whether it ends
// the value), any other value whole at its close tag. An invoke's end tag
// inside a value (only the rest of the block shows whether a close tag
// follows it), JSON arguments, a value not a string over 64 KiB, and a
// tag that is none make the call come whole instead; the block's later
// invokes come whole.
//
// RenderCalls writes V4.1's spelling, RenderCallsFor a profile's;
// RenderPrompt writes each profile's template (see it for each).
//
// Where the peers differ. llama.cpp (a hand-written handler for V3.2)
// reads a string value to the first close tag, and types each value by
// the tool's schema, not by its tag; SGLang (deepseekv32, deepseekv4,
// deepseekv41) strips blanks around string values, also reads tags
// without ｜DSML｜ (<invoke name=...>), and, in V4, refuses a call whose
// arguments break the tool's schema; vLLM (deepseek_v32, deepseek_v4)
// unwraps a lone "arguments" or "input" parameter holding the real
// arguments. Here a value is what its tags hold, verbatim, by the
// literal-tag rule above (a file's text may hold the close tag); its
// type is the one the model wrote in the tag, with the schema's coercion
// after it, as every format's; a tag without ｜DSML｜ is text (an answer
// about HTML is not a call); a call whose arguments break the schema is
// still a call, with a schema diagnostic; and a parameter named
// "arguments" is an argument named so.
package dsml
