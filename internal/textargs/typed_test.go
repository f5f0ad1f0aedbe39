package textargs_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// Values a format typed itself (SetJSON, StringKey, JSONValue) go in as
// they are, whatever the schema says, and the Writer writes, as they
// arrive, what the Builder gives for the whole call; a repeated key is
// noted by the Builder and refused by the Writer.
func TestTypedValues(t *testing.T) {
	req := &toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(
		`{"type":"object","properties":{"n":{"type":["integer","string","null"]},"s":{"type":"string"},"o":{"type":"object"}}}`)}}}
	b := textargs.Get(req, "f")
	defer textargs.Put(b)
	if note := b.SetJSON("o", []byte(`{"a":[1,2]}`), 0); note != nil {
		t.Fatal(note)
	}
	b.SetJSON("n", []byte(`"null"`), 10) // a string, though the schema lets "null" be null
	b.Set("s", "x\"y", 20)
	if note := b.SetJSON("n", []byte(`7`), 30); note == nil || note.Offset != 30 {
		t.Errorf("a repeated key: note %v", note)
	}
	const want = `{"o":{"a":[1,2]},"n":7,"s":"x\"y"}`
	if got := b.JSON(); got != want {
		t.Errorf("Builder: %s, want %s", got, want)
	}

	var w textargs.Writer
	w.Begin(req, "f")
	if !w.JSONValue("o", []byte(`{"a":[1,2]}`)) || !w.StringKey("n") {
		t.Fatal("a fresh key refused")
	}
	w.Text("nu")
	w.Text("ll")
	w.EndValue(false)
	if w.StringKey("n") || w.JSONValue("o", []byte(`1`)) {
		t.Error("a repeated key accepted")
	}
	if w.Key("s") {
		w.Text("x\"y")
		w.EndValue(false)
	}
	w.End()
	if got := string(w.JSON); got != `{"o":{"a":[1,2]},"n":"null","s":"x\"y"}` {
		t.Errorf("Writer: %s", got)
	}
	w.Begin(req, "f")
	if w.Key("n") || !w.StringKey("n") {
		t.Error("Key streams a value the schema may make null, or StringKey does not stream a string")
	}
}
