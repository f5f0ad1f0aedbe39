package pylit

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolparse/toolparse/internal/jsonvalue"
)

// Scanner splits a call literal into tokens. It works on byte offsets into
// the source, returns literals as substrings of it and never copies.
type Scanner struct {
	src string
	off int // offset of the next byte to read
}

// Init prepares s to scan src from its start.
func (s *Scanner) Init(src string) {
	s.src = src
	s.off = 0
}

// Offset is the offset of the next byte the scanner will read.
func (s *Scanner) Offset() int { return s.off }

// Scan returns the next token, its offset and, for literals, its source text.
// For ILLEGAL, lit says what is wrong. At the end of the source it returns EOF.
func (s *Scanner) Scan() (pos int, tok Token, lit string) {
	pos, tok, lit = s.scan()
	if tok == STRING {
		return s.scanString(pos)
	}
	return pos, tok, lit
}

// scan is Scan without reading string literals: for a STRING it returns
// the literal's start and leaves the scanner there, so the parser can decode
// the string in the same pass that finds its end (appendStringAt).
func (s *Scanner) scan() (pos int, tok Token, lit string) {
	s.skipSpace()
	pos = s.off
	if s.off >= len(s.src) {
		return pos, EOF, ""
	}
	c := s.src[s.off]
	switch {
	case isDigit(c) || (c == '.' && s.off+1 < len(s.src) && isDigit(s.src[s.off+1])):
		return s.scanNumber()
	case c == '\'' || c == '"':
		return pos, STRING, ""
	case isNameStart(s.src, s.off):
		s.off = NameEnd(s.src, s.off)
		if s.off < len(s.src) && (s.src[s.off] == '\'' || s.src[s.off] == '"') && isStringPrefix(s.src[pos:s.off]) {
			s.off = pos
			return pos, STRING, ""
		}
		name := s.src[pos:s.off]
		if strings.IndexByte(name, '\\') >= 0 { // markdown's \_ reads as _
			name = strings.ReplaceAll(name, `\_`, "_")
		}
		return pos, NAME, name
	}
	s.off++
	switch c {
	case '(':
		return pos, LPAREN, ""
	case ')':
		return pos, RPAREN, ""
	case '[':
		return pos, LBRACK, ""
	case ']':
		return pos, RBRACK, ""
	case '{':
		return pos, LBRACE, ""
	case '}':
		return pos, RBRACE, ""
	case ',':
		return pos, COMMA, ""
	case ':':
		return pos, COLON, ""
	case ';':
		return pos, SEMICOLON, ""
	case '=':
		return pos, ASSIGN, ""
	case '+':
		return pos, PLUS, ""
	case '-':
		return pos, MINUS, ""
	}
	return pos, ILLEGAL, "unexpected character " + quoteChar(s.src[pos:])
}

func (s *Scanner) skipSpace() {
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			s.off++
		case '\\': // an explicit line join
			n := newlineLen(s.src, s.off+1)
			if n == 0 {
				return
			}
			s.off += 1 + n
		default:
			return
		}
	}
}

func (s *Scanner) scanNumber() (int, Token, string) {
	start := s.off
	src := s.src
	tok := INT
	if src[s.off] == '0' && s.off+1 < len(src) && isBasePrefix(src[s.off+1]) {
		base := src[s.off+1] | 0x20
		s.off += 2
		digits := 0
		for s.off < len(src) && (src[s.off] == '_' || isBaseDigit(base, src[s.off])) {
			if src[s.off] != '_' {
				digits++
			}
			s.off++
		}
		if digits == 0 {
			return start, ILLEGAL, "integer literal without digits"
		}
	} else {
		s.digits()
		if s.off < len(src) && src[s.off] == '.' {
			tok = FLOAT
			s.off++
			s.digits()
		}
		if s.off < len(src) && (src[s.off] == 'e' || src[s.off] == 'E') {
			j := s.off + 1
			if j < len(src) && (src[j] == '+' || src[j] == '-') {
				j++
			}
			if j < len(src) && isDigit(src[j]) {
				tok = FLOAT
				s.off = j
				s.digits()
			}
		}
	}
	if s.off < len(src) && (isNameStart(src, s.off) || isDigit(src[s.off])) {
		return start, ILLEGAL, "invalid number " + quoteChar(src[start:])
	}
	return start, tok, src[start:s.off]
}

func (s *Scanner) digits() {
	for s.off < len(s.src) && (isDigit(s.src[s.off]) || s.src[s.off] == '_') {
		s.off++
	}
}

// scanString scans a string literal whose prefix (possibly empty) starts at
// start.
func (s *Scanner) scanString(start int) (int, Token, string) {
	open := start
	for s.src[open] != '\'' && s.src[open] != '"' {
		open++
	}
	end, ok := StringEnd(s.src, open)
	if !ok {
		s.off = len(s.src)
		return start, ILLEGAL, "unterminated string"
	}
	s.off = end
	return start, STRING, s.src[start:end]
}

// StringEnd returns the offset just past the string literal whose opening
// quote is at src[open], following the closing-quote rule: a quote of
// the string's own kind closes it only when the next non-blank byte is one of
// , ) ] } : or the end of src. A one-line string's quote followed (after
// blanks) by another string literal closes it too, and the two are one
// string (Python's adjacent literals, 'a' 'b'), but where that literal's
// quote is of the same kind and would close it at once ("say "hi"" is one
// string). ok is false when the string does not close, and when src[open]
// is not a quote (then end is open, or len(src) when open is outside src).
func StringEnd(src string, open int) (end int, ok bool) {
	if open < 0 || open >= len(src) {
		return len(src), false
	}
	q := src[open]
	if q != '"' && q != '\'' {
		return open, false
	}
	i, width := literalBody(src, open)
	for {
		i = skipPlain(src, i, q)
		if i >= len(src) {
			return len(src), false
		}
		if src[i] == '\\' {
			i += 2
			continue
		}
		if (width == 1 || i+2 < len(src) && src[i+1] == q && src[i+2] == q) && quoteCloses(src, i+width) {
			return i + width, true
		}
		if width == 1 {
			if k, ok := adjacentAt(src, i+1, q); ok {
				q = src[k]
				i, width = literalBody(src, k)
				continue
			}
		}
		i++
	}
}

// literalBody returns where the text of the string literal whose opening
// quote is at src[open] begins, and how many quotes close it: three for a
// triple-quoted one.
func literalBody(src string, open int) (i, width int) {
	q := src[open]
	if open+2 < len(src) && src[open+1] == q && src[open+2] == q {
		return open + 3, 3
	}
	return open + 1, 1
}

// adjacentAt reports whether a quote of kind q that ends just before src[i]
// and does not close its one-line string by itself is followed by another
// string literal, which joins it (Python's 'a' 'b'), and where that
// literal's quote is: the next byte that is not blank, a quote, unless it
// is of kind q and closes the string at once by the closing-quote rule
// ("say "hi"": the quote before it is text).
func adjacentAt(src string, i int, q byte) (int, bool) {
	for i < len(src) && jsonvalue.IsSpace(src[i]) {
		i++
	}
	if i == len(src) || src[i] != '\'' && src[i] != '"' {
		return i, false
	}
	return i, src[i] != q || !quoteCloses(src, i+1)
}

// quoteCloses reports whether a quote that ends just before src[i] closes
// its string: the next non-blank byte is a closer or the source ends.
func quoteCloses(src string, i int) bool {
	for i < len(src) && jsonvalue.IsSpace(src[i]) {
		i++
	}
	return i == len(src) || isCloser(src[i])
}

func isCloser(c byte) bool {
	return c == ',' || c == ')' || c == ']' || c == '}' || c == ':'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isBasePrefix(c byte) bool {
	switch c {
	case 'x', 'X', 'o', 'O', 'b', 'B':
		return true
	}
	return false
}

func isBaseDigit(base, c byte) bool {
	switch base {
	case 'x':
		return isDigit(c) || ('a' <= c|0x20 && c|0x20 <= 'f')
	case 'o':
		return '0' <= c && c <= '7'
	}
	return c == '0' || c == '1'
}

// isNameStart reports whether a name starts at src[i]: a letter, '_' or
// markdown's \_ (never a digit, '-' or '.').
func isNameStart(src string, i int) bool {
	c := src[i]
	if c == '\\' { // markdown's \_
		return i+1 < len(src) && src[i+1] == '_'
	}
	if c < utf8.RuneSelf {
		return c == '_' || ('a' <= c|0x20 && c|0x20 <= 'z')
	}
	r, _ := utf8.DecodeRuneInString(src[i:])
	return unicode.IsLetter(r)
}

// IsNameByte reports whether the ASCII byte c may continue a name. Bytes
// from 0x80 up continue a name when they belong to a letter or digit.
func IsNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || isDigit(c) || ('a' <= c|0x20 && c|0x20 <= 'z')
}

// NameEnd returns the offset just past the name that starts at src[start].
// Names may contain '-' and '.' (sub-task-ending, math.factorial), and the
// markdown escape \_ , which the scanner reads as '_' (lawsuit\_search is
// lawsuit_search).
func NameEnd(src string, start int) int {
	i := start
	for i < len(src) {
		c := src[i]
		if c == '\\' && i+1 < len(src) && src[i+1] == '_' {
			i += 2
			continue
		}
		if c < utf8.RuneSelf {
			if !IsNameByte(c) {
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(src[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		i += n
	}
	return i
}

// IsNameStartByte reports whether the ASCII byte c may start a name.
func IsNameStartByte(c byte) bool { return c == '_' || ('a' <= c|0x20 && c|0x20 <= 'z') }

func isStringPrefix(p string) bool {
	if len(p) > 2 {
		return false
	}
	seen := 0
	for i := 0; i < len(p); i++ {
		var bit int
		switch p[i] | 0x20 {
		case 'r':
			bit = 1
		case 'b':
			bit = 2
		case 'u':
			bit = 4
		case 'f':
			bit = 8
		default:
			return false
		}
		if seen&bit != 0 {
			return false
		}
		seen |= bit
	}
	// u combines with nothing; b and f exclude each other.
	return (len(p) < 2 || seen&4 == 0) && seen&10 != 10
}

// newlineLen returns 1 or 2 for a newline at src[i], 0 otherwise.
func newlineLen(src string, i int) int {
	if i < len(src) && src[i] == '\n' {
		return 1
	}
	if i < len(src) && src[i] == '\r' {
		if i+1 < len(src) && src[i+1] == '\n' {
			return 2
		}
		return 1
	}
	return 0
}

func quoteChar(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	return "'" + string(r) + "'"
}

// IsName reports whether s is one whole name the scanner reads as written:
// a name start, then name bytes, with no markdown escape.
func IsName(s string) bool {
	return s != "" && isNameStart(s, 0) && NameEnd(s, 0) == len(s) && strings.IndexByte(s, '\\') < 0
}
