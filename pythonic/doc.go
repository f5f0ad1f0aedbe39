// Package pythonic reads Python call literals, the syntax Llama 4, LFM2 and
// OLMo 3 write tool calls in, and offers the generic pythonic format.
//
// The pieces:
//   - Reader is the push parser: it takes a call list, a run of calls, one
//     call or one value in any number of pieces and writes each call's JSON
//     as the bytes arrive, one pass per byte; streamed (a call list, a
//     value, a run's first call) it also says where that ends, or that a
//     bracket did not match or nesting passed the limit, as a Recognizer
//     would, so one pass both finds a candidate's end and reads it
//     (NewReader, NewValue and NewCall take streamed Readers from a pool);
//   - Parser holds the settings (depth limit, a tool's declared parameters
//     for positional arguments, JSON's \/ escape) and reads whole texts with
//     a Reader: ParseList, ParseRun, ParseCall, ParseValue, ParseCallReread;
//     a failure is a *SyntaxError with the byte offset of the problem;
//   - Scanner splits a literal into tokens, and Recognizer finds where a
//     candidate closes with the same string rules without reading it (for
//     spans whose grammar is known only at their end, and for what a Reader
//     skips of an element that failed);
//   - Format is the generic format, compatible with vLLM's "pythonic" parser;
//     it is a table for the block machine every format of this module runs
//     on: its end-of-turn tokens, and call lists that start at '[';
//   - RenderCalls and AppendCall write calls back as literals the parser
//     reads; Grammar and StructuralTag constrain decoding to call lists.
//
// The grammar's types (Parser, Reader, Recognizer, Scanner and the
// rest) are defined in an internal package, which the block machine reads
// block bodies with, and are the same types under these names; their
// methods are documented there (go doc shows them under the internal
// package's path).
//
// # The literal language
//
// Python call syntax plus JSON's literals, as careless models write it:
//   - call := name "(" [args] ")"; list := "[" call {"," call} [","] "]";
//     whitespace and newlines anywhere between tokens; trailing commas;
//     "[]" is not a call.
//   - Keyword arguments name=value, where the name may be a Python keyword
//     (from=1) or hold '-'. Positional arguments come before keyword ones
//     and take the matched tool's declared parameters in order (Parser's
//     Params); without enough declared parameters the call fails. One dict
//     as the only argument, whose every key is one of the tool's declared
//     parameters, is the arguments themselves (Gemma and Llama 3 8B write
//     f({'city': 'Paris', 'unit': 'c'}) for f(city='Paris', unit='c'));
//     a dict with any other key is the first parameter's value.
//   - A keyword given twice (f(a=1, b=2, a=3)), as Python's own parser
//     accepts and peers built on it read: the last value wins, at the place
//     of the first ({"a":3,"b":2}); Element.Repaired says so, and decoders
//     turn it into a "syntax" diagnostic naming the key. A positional and a
//     keyword argument for one parameter count the same way.
//   - Names: letters (Unicode ones too), digits, '_', '-' and '.', never a
//     digit first. Markdown's escape \_ in a name or keyword reads as '_'
//     (lawsuit\_search(company\_name='x') is lawsuit_search with
//     company_name); nothing else is unescaped, and inside strings \_ stays.
//   - Strings in single or double quotes, or three of either, with
//     prefixes r, u, b, f (f-strings are not evaluated). Python's escapes (\n \r \t \b \f \v \a \\ \' \" \xhh \uXXXX
//     \UXXXXXXXX \ooo, and backslash-newline joins lines); \N{...} is kept as
//     written; an unknown escape keeps its backslash; r turns escapes off.
//     Raw newlines and tabs inside a one-line string are accepted.
//   - The closing-quote rule: an unescaped quote of the string's own kind
//     closes it only when the next non-blank byte is , ) ] } : or the end of
//     the text; otherwise it is part of the string (command='sed -n '1,9p'
//     f.py' is one string). Adjacent string literals are one string, as in
//     Python ("id = ""E123""" is id = E123, 'a' "b" is ab): a one-line
//     string's quote followed, after blanks, by another literal's opening
//     quote closes it, and that literal goes on with its text.
//     ParseCallReread reads one call once more with its last string running
//     to the last quote of its kind before the final ')', for blocks whose
//     end a marker gives.
//   - Integers (with _ separators, 0x 0o 0b) become JSON numbers with every
//     digit kept; one with leading zeros (07) becomes the string "07"; a
//     unary - or + may precede any number; floats (1.5 .5 5. 1e-3) become
//     numbers; inf, nan and out-of-range literals (1e999) become strings.
//   - True False None and true false null become JSON literals.
//   - Lists, tuples (one-element ones too) and sets become arrays; dicts
//     become objects, non-string keys becoming their JSON text.
//   - A bare or dotted name (unit=celsius) becomes that string; a call of a
//     dotted name with literal arguments (when=datetime.now()) becomes its
//     source text; any other expression fails the call.
//
// Where Python is looser or stricter, this package chooses:
//   - the closing-quote rule applies to triple-quoted strings too; the blanks it
//     skips are space, tab, CR and LF; a literal adjacent to a one-line
//     string joins it, but where its quote is of the same kind and the
//     closing-quote rule closes the string there ("say "hi"" is say "hi",
//     where Python fails): then the quote before it is text; a literal
//     after a triple-quoted one does not join it, and neither does one with
//     a prefix (r, b, u, f);
//   - byte strings (b"x") read as text, \xhh as the code point U+00hh; \/ keeps its
//     backslash (it is not a Python escape); \u escapes of surrogates are
//     written as JSON \u escapes, so a pair written as two escapes stays one
//     character;
//   - '#' comments are not part of the language.
//
// # The pythonic format
//
// A call list, '[' name '(' ... ']', that opens the response (after
// whitespace and consumed tokens) may name any tool; a later list is a call
// list only when every name in it matches a requested tool (or the request
// has none). Text after a list is content. A list with prose before it on
// its line whose ']' a Markdown link's tail follows at once, as in "See
// [reset_database()](https://example.com/reset)", is the link's text, and
// content: the tail is '(', a destination (no spaces, its parentheses
// balanced, or <...>), an optional title in quotes or parentheses, and
// ')'; a list followed by "(a, b)" is still a list. A list at a line's
// start is decided when its ']' closes: waiting for the byte after it
// would hold the call a model writes there until the next delta. The end-of-turn tokens
// <end_of_turn>, <|eot_id|>, <|eot|>, <|im_end|>, <|endoftext|> and </s> are
// consumed wherever they stand outside a list. One element of a list that is
// shaped like a call but does not parse becomes content, with a diagnostic,
// and the other calls stand; a list with an element that is not a call is
// content. A list that fails comes back as content, and scanning resumes
// after it, never inside it; a list past the pending-size limit goes out as
// content up to the limit and scanning resumes there, so the outcome is the
// same for every split of the text.
//
// Cut-off and end of turn: a call list is decided when its ']' closes; one
// the response's end leaves open is content, so a cut-off call is never a
// call. The end-of-turn tokens servers leave in the text (<|eot_id|>,
// <|eom_id|>, <|eot|>, <|eom|>, <|im_end|>, <|endoftext|>, </s>,
// <end_of_turn>, Ling's <|role_end|>) end the response: what follows one is
// not part of it (a runaway next turn, the calls again) and is dropped, with
// one end_of_turn diagnostic.
package pythonic
