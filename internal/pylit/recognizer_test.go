package pylit

import (
	"testing"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"pgregory.net/rapid"
)

func TestRecognizer(t *testing.T) {
	tests := []struct {
		name string
		src  string
		n    int
		st   Status
	}{
		{"a call list closes at its bracket", `[f(a=1)] tail`, 8, Closed},
		{"a bracket inside a string is data", `[f(a="]")]`, 10, Closed},
		{"an escaped quote stays inside", `[g(b='x\'y')]`, 13, Closed},
		{"a quote not followed by a closer stays inside", `[b(c='sed -n '1,9p' f.py')]`, 27, Closed},
		{"a triple-quoted string", `[f(a='''x ' ] '' y''')]`, 23, Closed},
		{"four quotes close a triple-quoted string at the last three", `[f(a='''x'''')]`, 15, Closed},
		{"an empty string", `[f(a='', b="")]`, 15, Closed},
		{"adjacent strings are one", `[f(a='x' "y')")]`, 16, Closed},
		{"a head before the bracket is passed over", `f(a=1)`, 6, Closed},
		{"a closing bracket that does not match", `[f(a=1]`, 7, Mismatch},
		{"a close with nothing open", `)`, 1, Mismatch},
		{"an open list", `[f(a='x`, 7, Open},
		{"a quote waiting for the next byte", `[f(a='x'`, 8, Open},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Recognizer
			r.Reset(0)
			n, st := r.Feed(tt.src)
			if n != tt.n || st != tt.st {
				t.Errorf("Feed(%q) = %d, %v; want %d, %v", tt.src, n, st, tt.n, tt.st)
			}
		})
	}
	var r Recognizer
	r.Reset(3)
	if n, st := r.Feed("[[[["); n != 4 || st != TooDeep {
		t.Errorf("past depth 3: %d, %v", n, st)
	}
}

// reference finds where src's first bracket closes with the parser's own
// string scanner, as a second opinion on the Recognizer.
func reference(src string, maxDepth int) (int, Status) {
	var stack []byte
	for i := 0; i < len(src); {
		switch c := src[i]; c {
		case '\'', '"':
			end, ok := StringEnd(src, i)
			if !ok {
				return len(src), Open
			}
			i = end
			continue
		case '(', '[', '{':
			if len(stack) >= maxDepth {
				return i + 1, TooDeep
			}
			stack = append(stack, c)
		case ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != openerOf(c) {
				return i + 1, Mismatch
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1, Closed
			}
		}
		i++
	}
	return len(src), Open
}

// TestRecognizerAgreesWithTheParser feeds random bracket-and-quote soup in
// random pieces and requires the Recognizer to decide exactly where the
// parser's string rules say the candidate closes.
func TestRecognizerAgreesWithTheParser(t *testing.T) {
	soup := rapid.StringOf(rapid.SampledFrom([]rune("[](){}'\"\\ ,:\nxé")))
	rapid.Check(t, func(t *rapid.T) {
		src := "[" + soup.Draw(t, "src")
		cuts := rapid.SliceOfN(rapid.IntRange(1, 5), 0, 40).Draw(t, "pieces")
		var r Recognizer
		r.Reset(6)
		total, st := 0, Open
		rest := src
		for _, k := range cuts {
			if st != Open || rest == "" {
				break
			}
			k = min(k, len(rest))
			var n int
			n, st = r.Feed(rest[:k])
			total += n
			rest = rest[k:]
		}
		if st == Open && rest != "" {
			var n int
			n, st = r.Feed(rest)
			total += n
		}
		wantN, wantSt := reference(src, 6)
		if st != Open || wantSt != Open {
			if total != wantN || st != wantSt {
				t.Fatalf("Recognizer on %q: %d %v; parser rules: %d %v", src, total, st, wantN, wantSt)
			}
		}
	})
}

// TestSkipFunctionsFindTheFirstMatch checks the word-at-a-time skips against
// byte-at-a-time loops.
func TestSkipFunctionsFindTheFirstMatch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.SampledFrom([]rune("ab \x01\x1f\x20'\"\\\x7fé!~"))).Draw(t, "s")
		i := rapid.IntRange(0, len(s)).Draw(t, "from")
		q := rapid.SampledFrom([]byte("'\"")).Draw(t, "quote")
		slow := func(stop func(c byte) bool) int {
			j := i
			for j < len(s) && !stop(s[j]) {
				j++
			}
			return j
		}
		if got, want := skipPlain(s, i, q), slow(func(c byte) bool { return c == q || c == '\\' }); got != want {
			t.Fatalf("skipPlain(%q, %d, %q) = %d, want %d", s, i, q, got, want)
		}
		if got, want := jsonvalue.SkipPlain(s, i), slow(func(c byte) bool { return !jsonvalue.Plain[c] }); got != want {
			t.Fatalf("jsonvalue.SkipPlain(%q, %d) = %d, want %d", s, i, got, want)
		}
		if got, want := skipStringPlain(s, i, q), slow(func(c byte) bool { return !jsonvalue.Plain[c] || c == q }); got != want {
			t.Fatalf("skipStringPlain(%q, %d, %q) = %d, want %d", s, i, q, got, want)
		}
	})
}
