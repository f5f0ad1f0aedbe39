// Package pythonic reads Python call literals, the syntax Llama 4, LFM2 and
// OLMo 3 write tool calls in, and offers the generic pythonic format.
//
// The pieces, in the style of go/scanner and go/parser:
//   - Scanner splits a literal into tokens (token.go, scanner.go);
//   - Parser is a recursive-descent parser that turns a call, a call list or
//     a value into calls with compact JSON arguments, or a *SyntaxError with
//     the byte offset of the problem; it caps nesting (parser.go, errors.go);
//   - Recognizer takes bytes across any number of deltas, with O(1) work per
//     byte, and says where a candidate closes, with exactly the parser's
//     string rules, so the parser runs once on the closed span;
//   - Format is the generic format, compatible with vLLM's "pythonic" parser;
//   - RenderCalls and AppendCall write calls back as literals the parser
//     reads; Grammar and StructuralTag constrain decoding to call lists.
//
// The literal language is FORMATS.md section 2. Where it is silent this
// package chooses:
//   - the same keyword argument given twice, or a keyword argument after a
//     positional one for the same parameter, is a syntax error (as in Python);
//   - the closing-quote rule applies to triple-quoted strings too; the blanks it
//     skips are space, tab, CR and LF, so Python's implicit concatenation of
//     adjacent strings is not supported ('a' 'b' is one string, a' 'b);
//   - byte strings (b"x") read as text, \xhh as the code point U+00hh; \/ keeps its
//     backslash (it is not a Python escape); \u escapes of surrogates are
//     written as JSON \u escapes, so a pair written as two escapes stays one
//     character;
//   - '#' comments are not part of the language;
//   - names may hold Unicode letters and digits besides ASCII ones, '_', '-'
//     and '.', and never start with a digit.
//
// The format (FORMATS.md section 3): a call list, '[' name '(' ... ']', that
// opens the response (after whitespace and consumed tokens) may name any tool;
// a later list is a call list only when every name in it matches a requested
// tool (or the request has none). The end-of-turn tokens <end_of_turn>,
// <|eot_id|>, <|eot|>, <|im_end|>, <|endoftext|> and </s> are consumed wherever
// they stand outside a list. A list that fails comes back as content, and
// scanning resumes after it, never inside it; a list past the pending-size
// limit goes out as content up to the limit and scanning resumes there, so the
// outcome is the same for every split of the text.
package pythonic
