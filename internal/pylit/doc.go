// Package pylit is the Python call-literal grammar that package pythonic
// exports: the push parser (Reader) that writes each call's JSON as the
// bytes arrive, the Parser that reads whole texts with it, the Recognizer
// and Scanner, and List, which streams a call list's calls for a decoder on
// the engine. It is internal so that the block machine, which reads block
// bodies with it, can also run the pythonic format; users reach it as
// pythonic.Parser, pythonic.Reader and so on, and package pythonic's doc
// states the language in full.
//
// The files: token.go and scanner.go (tokens, names and the closing-quote
// rule), literal.go (strings and numbers to JSON), reader.go and
// reader_grammar.go (the push parser: bytes, then the grammar of calls,
// lists and values), flat.go (a JSON object, or a call of a list, of the
// common flat shape and whole in one delta, read in one pass with the
// byte machine's outcome), parser.go (whole texts), recognizer.go (where a
// candidate closes, without reading it), list.go (a streamed list's calls,
// and the pools of readers), head.go (the '[' name '(' head of a call list
// in prose), errors.go (SyntaxError and ErrTooDeep).
package pylit
