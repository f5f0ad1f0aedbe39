// Package minimaxm3 reads the tool calls of MiniMax-M3 (MiniMaxAI/MiniMax-M3
// and its quantized copies), registered as the format minimax_m3 (aliases
// minimax-m3, minimaxm3). MiniMax-M2's syntax is another format, package
// minimax.
//
// Every tag of a call begins with the namespace token ]<]minimax[>[ (NS
// below), one of the model's special tokens. One block holds the calls of
// a turn, one invoke each, and each argument is an element named after its
// key, its value the element's text:
//
//	NS<tool_call>
//	NS<invoke name="get_weather">NS<city>ParisNS</city>NS<days>3NS</days>NS</invoke>
//	NS</tool_call>
//
// The template writes elements back to back, and a newline after
// <tool_call> and after each </invoke>. An object's members are elements
// in its element, named after their keys; an array's items are elements
// named item. The reader takes whitespace between tags as it comes, and up
// to 16 bytes of whitespace between NS and a tag's '<' (a server that
// writes a space after each special token writes one there).
//
// The token: in a block, NS always begins a tag; a value cannot hold it
// (no template writes one that does). The end-of-turn tokens [e~[ and
// ]~b] end a block wherever they stand in it, a value included. Every other
// text is a value's: a value may hold <tool_call>, <invoke name="f">,
// </parameter>, <mm:think> or any tag without the token before it.
//
// Values. An element holding only text is a leaf, its value the text
// exactly (its blanks and newlines are its own); one holding elements
// (and whitespace between them) is an array when all of them are named
// item, unless its place in the tool's schema allows an object and no
// array, and an object otherwise; text beside elements is an error. A key
// given twice in one object is an array of its values, in order. Each
// leaf is typed by its place in the tool's JSON Schema (the property, the
// additionalProperties, items or prefixItems that describe it, through
// $refs and allOf, anyOf and oneOf alternatives):
//   - where a string may stand, the text is a string, but "null" (any
//     case) and "None" are null where null may stand too, and a text that
//     is JSON of another type the place allows is that value;
//   - where only other types may stand, the text read as JSON (an object
//     or an array may be written as JSON text in one element), or, when it
//     is none, a string that the stream's schema coercion then types
//     ("018956" for an integer is 18956);
//   - where the schema says nothing (no schema, or a member it does not
//     describe), a text that is exactly a JSON number, true, false or null
//     is that value, as the template writes those values, and any other
//     text is a string.
//
// An empty element is "" where a string may stand or nothing is known,
// else {} for an object, [] for an array, null for null. The stream then
// coerces and validates the arguments against the whole schema, as for
// every format.
//
// Repairs. Close tags are read as MiniMax's provider checks ask (and
// SGLang reads them): a close tag closes the element of its name and
// every element opened in it since; one that names no open element
// closes the innermost; one outside every element is dropped; </invoke>
// closes the elements left open. An invoke tag whose name= glue is
// dropped or doubled (<invoke name get_weather">, <invoke nameget_weather">,
// <invoke name name="get_weather">) gives the name it holds. Each repair
// comes with a diagnostic of kind syntax; the call stands.
//
// Calls that are not. A call is complete only at its </invoke>, its name
// a name (no whitespace, none of {}<>"'). An invoke that breaks (text
// between elements, text beside elements, NS followed by no tag, a tag
// over 1024 bytes, an invoke inside an invoke, a block's end inside an
// invoke, elements nested past the request's depth limit) is content,
// verbatim, markers included, with one diagnostic; so is what follows it
// in its block until reading resumes: at an </invoke> (after it), at the
// next <invoke> (which begins a call), at a <tool_call> (which begins a
// block) or at the block's end (after it). Text between invokes (other
// than whitespace), and a block that ends with no invoke, are content the
// same way. Calls the block read before stay calls.
//
// The limit of calls (toolcall.Limits.MaxCalls): an invoke that would
// pass it is content, and so is the rest of the response, with one
// diagnostic of kind limit.
//
// Cut-off. A response whose end, or whose end of turn, cuts a call before
// its </invoke> gives no call: the call's text is content, with a
// diagnostic. After a call, a block whose end is missing or cut (nothing
// but whitespace and a part of NS</tool_call> after the last </invoke>)
// ends there, nothing lost and nothing told; a second <tool_call> where
// an invoke may begin ends a block whose end is missing and opens the
// next.
//
// Prose. Text outside blocks is content; so is NS that no <tool_call>
// follows. A stray </mm:think> in it (a reply that did not think may
// begin with one, which closes reasoning the prompt did not open) is
// dropped. [e~[ ends the turn, and so does a role header ]~b] the model
// writes without it: what follows is dropped, with one end_of_turn
// diagnostic when it is more than whitespace.
//
// Reasoning is <mm:think> ... </mm:think> (toolcall.Reasoner). The
// template's default, thinking mode adaptive, leaves it closed, so the
// output streams from its first byte and the model opens it when it
// thinks; thinking mode enabled ends the prompt with <mm:think>, and the
// prompt says so (toolcall.Prompt.InReasoning: pass it to
// stream.ForPrompt). A block opened while reasoning is open ends it.
//
// Limits and cost. A block passing the pending-size limit is content from
// there, with a limit diagnostic; so is an invoke nested past the depth
// limit. The reader reads each byte once, with an automaton that finds
// the tokens whatever the deltas (a token cut by a delta's end is the
// automaton's state, not held text); it keeps a block's text from its
// start, or from its last call, for the content a broken call becomes.
// In a block it tells the stream which bytes it reads without a trace (in
// a value, any but a token's end; in a tag, those and its '>'; where a tag
// must come, those that go on with NS<), so a long value, or a tag, in
// small deltas costs about what it costs whole. Calls come whole,
// at their </invoke>: their arguments do not stream.
//
// RenderCalls writes calls as the template does (the block above, a
// string as it is, a number as its JSON, booleans true and false), but
// where that would not read back: null, which the template leaves out, as
// null; an object or array whose elements would not read back without a
// schema (an empty one inside it, a string that reads as a scalar, a key
// that is no tag name, an object whose one key is item) as its JSON. A
// name that is no name, or a string or key holding a special token where
// it is written as it is, is an error.
//
// RenderPrompt and the Prompter write the template (profile m3, the one
// profile) as far as its peers show it: the template itself was not at
// hand (only its opening lines, quoted by other projects), so its bytes
// are written from tinker-cookbook's MiniMax-M3 renderer and ms-swift's
// template, which agree, and checked against no golden. ]~!b[ begins the
// prompt; each turn is ]~b]ROLE\n ... [e~[\n; the system turn holds the
// model's identity and the thinking instructions, which name the thinking
// mode; the developer turn holds the first system message (or "You are a
// helpful assistant.") and, with tools, each tool's JSON in <tool> tags
// and an example of the call syntax (placeholder names: prompt text,
// never a call); an assistant turn (role ai) begins with its reasoning in
// <mm:think> tags, or a bare </mm:think> when it has none, then its text
// and its calls; a run of tool results is one tool turn, each result in
// <response> tags after a newline; later system messages are dropped. The
// prompt ends with ]~b]ai\n and, with thinking enabled, <mm:think>, with
// thinking disabled </mm:think>, adaptive (the default) nothing.
// toolcall.PromptOptions.Thinking true is enabled, false disabled; Date
// is not written.
//
// Grammar and StructuralTag constrain decoding to what RenderCalls writes
// (the structural tag triggers on NS<tool_call>): one block, the request's
// tools, members in declared order, required ones present, a value that
// may be a string as raw text that never holds NS, an object whose schema
// lists its properties as their elements and an array as its items'
// elements, either also as JSON, other values as JSON.
//
// Where the peers differ. SGLang's detector strips the blanks at a
// value's end; here a value is its text exactly, as the template writes
// it. SGLang drops the call cut
// by the end of the response, and vLLM hands on what follows the opener
// of a block that does not parse; here either is content, verbatim. SGLang
// types a value its schema does not describe as a string; here a JSON
// scalar is typed, so that nested numbers read back.
package minimaxm3
