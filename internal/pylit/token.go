package pylit

// Token is the kind of a lexical token of a Python call literal.
type Token int

// The tokens of the call-literal language. Literals (NAME, INT, FLOAT,
// STRING) carry their source text; the rest are single characters.
const (
	ILLEGAL Token = iota
	EOF

	NAME   // get_weather, sub-task-ending, math.factorial, True
	INT    // 12, 0x1f, 1_000, 07
	FLOAT  // 1.5, .5, 5., 1e-3
	STRING // 'a', "b", '''c''', r"\d", b'x'

	LPAREN    // (
	RPAREN    // )
	LBRACK    // [
	RBRACK    // ]
	LBRACE    // {
	RBRACE    // }
	COMMA     // ,
	COLON     // :
	SEMICOLON // ;
	ASSIGN    // =
	PLUS      // +
	MINUS     // -
)

var tokenNames = [...]string{
	ILLEGAL:   "ILLEGAL",
	EOF:       "EOF",
	NAME:      "NAME",
	INT:       "INT",
	FLOAT:     "FLOAT",
	STRING:    "STRING",
	LPAREN:    "(",
	RPAREN:    ")",
	LBRACK:    "[",
	RBRACK:    "]",
	LBRACE:    "{",
	RBRACE:    "}",
	COMMA:     ",",
	COLON:     ":",
	SEMICOLON: ";",
	ASSIGN:    "=",
	PLUS:      "+",
	MINUS:     "-",
}

// String returns the token's name, or its character for punctuation.
func (t Token) String() string {
	if t >= 0 && int(t) < len(tokenNames) {
		return tokenNames[t]
	}
	return "Token(?)"
}

// IsLiteral reports whether the token carries source text of its own.
func (t Token) IsLiteral() bool { return t >= NAME && t <= STRING }
