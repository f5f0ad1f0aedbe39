package jsonvalue

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// unquoteSeeds are string literals with every kind of escape, and ones
// that are not literals.
var unquoteSeeds = []string{`"a"`, `"a\nb"`, `"\"q\" \\ \/ \b\f\r\t"`, `"\u00e9\ud83d\ude00"`, `"\ud83d x"`, `"\ude00"`,
	`"\u0041\u004a"`, `"x\ud83dy"`, `"\ud83d\u0041"`, "\"\xff\\n\"", `"\`, `"\x"`, `"\u12"`, `"\u12g4"`, `"a`, "\"\x01\"", `"\'"`, `""`}

// Unquote reads what encoding/json reads, and refuses what it refuses.
func TestUnquoteIsEncodingJSONs(t *testing.T) {
	for _, lit := range unquoteSeeds {
		checkUnquote(t, lit)
	}
}

func FuzzUnquote(f *testing.F) {
	for _, lit := range unquoteSeeds {
		f.Add(lit)
	}
	f.Fuzz(checkUnquote)
}

func checkUnquote(t *testing.T, lit string) {
	if strings.Trim(lit, " \t\r\n") != lit {
		return // encoding/json reads the spaces around a value; a literal has none
	}
	got, ok := Unquote(lit)
	if b, aok := AppendUnquote([]byte("prefix"), lit); aok != ok || string(b) != "prefix"+got {
		t.Fatalf("AppendUnquote(prefix, %q) = %q, %v; Unquote gives %q, %v", lit, b, aok, got, ok)
	}
	var want string
	err := json.Unmarshal([]byte(lit), &want)
	switch {
	case ok != (err == nil):
		t.Fatalf("Unquote(%q) ok %v; encoding/json: %v", lit, ok, err)
	case !ok:
	case got == want:
	case !utf8.ValidString(lit) && got == lit[1:len(lit)-1]: // without escapes the bytes stay, as Decode keeps them
	default:
		t.Fatalf("Unquote(%q) = %q; encoding/json reads %q", lit, got, want)
	}
}
