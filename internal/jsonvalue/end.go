package jsonvalue

// End finds where one compact JSON value ends while its text arrives in
// pieces: it tracks strings, escapes and brackets, nothing else, so it
// relies on the text being JSON as this module writes it.
type End struct {
	started bool
	scalar  bool
	inStr   bool
	esc     bool
	depth   int
}

// Started reports whether the value's first byte was read.
func (v *End) Started() bool { return v.started }

// Feed reads text, which must not be empty, and returns how many of its
// bytes belong to the value and whether the value ended with them. A
// scalar (a number, true, false, null) ends before the byte that follows
// it: ',', '}' or ']'.
func (v *End) Feed(text string) (int, bool) {
	i := 0
	if !v.started {
		v.started = true
		switch text[0] {
		case '"':
			v.inStr = true
		case '{', '[':
			v.depth = 1
		default:
			v.scalar = true
		}
		i = 1
	}
	for i < len(text) {
		switch {
		case v.inStr:
			if v.esc {
				v.esc = false
				i++
				continue
			}
			i = SkipPlain(text, i)
			if i == len(text) {
				return i, false
			}
			c := text[i]
			i++
			switch c {
			case '\\':
				v.esc = true
			case '"':
				v.inStr = false
				if v.depth == 0 {
					return i, true
				}
			}
		case v.scalar:
			if c := text[i]; c == ',' || c == '}' || c == ']' {
				return i, true
			}
			i++
		default:
			c := text[i]
			i++
			switch c {
			case '"':
				v.inStr = true
			case '{', '[':
				v.depth++
			case '}', ']':
				v.depth--
				if v.depth == 0 {
					return i, true
				}
			}
		}
	}
	return i, false
}
