package formatstest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

// WritesDir is the directory, in a format package's directory, of rows
// of what its renderers write, kept as data: WritesDir/NAME.txt holds
// rows of Renderer.Writes for the renderer named NAME (a space in the
// name is '_' in the file's). Writers.Check adds
// a file's rows to its renderer's own.
//
// A row is three lines: its name; its calls, a JSON array of objects
// with a "name" and optionally an "id" and "arguments", the arguments
// kept as written ([] for none); and the text written, a Go string
// literal. Rows are apart by blank lines; a line starting with # is a
// comment.
const WritesDir = "testdata/writes"

// addWrites adds to each renderer of rs the rows of its file in
// WritesDir, run from a format package's directory (as its tests are),
// and fails t on a file there that names no renderer of rs.
func addWrites(t *testing.T, rs []Renderer) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(WritesDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		i := 0
		for i < len(rs) && fileName(rs[i].Name) != name {
			i++
		}
		if i == len(rs) {
			t.Errorf("%s names no renderer", file)
			continue
		}
		rs[i].Writes = append(readWrites(t, file), rs[i].Writes...)
	}
}

// fileName is the name of the file in WritesDir of the renderer named
// name: its spaces as '_', so that no file name holds one.
func fileName(name string) string { return strings.ReplaceAll(name, " ", "_") }

// readWrites reads the rows of file (see WritesDir).
func readWrites(t *testing.T, file string) []Write {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		rows  []Write
		lines []string
		at    int
	)
	row := func() {
		if len(lines) == 0 {
			return
		}
		if len(lines) != 3 {
			t.Fatalf("%s:%d: a row of %d lines, want 3 (name, calls, text)", file, at, len(lines))
		}
		w := Write{Name: lines[0]}
		var calls []struct {
			ID        string          `json:"id"`
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal([]byte(lines[1]), &calls); err != nil {
			t.Fatalf("%s:%d: the calls: %v", file, at+1, err)
		}
		for _, c := range calls {
			w.Calls = append(w.Calls, toolcall.Call{ID: c.ID, Name: c.Name, Arguments: string(c.Arguments)})
		}
		if w.Want, err = strconv.Unquote(lines[2]); err != nil {
			t.Fatalf("%s:%d: the text: %v", file, at+2, err)
		}
		rows, lines = append(rows, w), nil
	}
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for n := 1; s.Scan(); n++ {
		switch line := s.Text(); {
		case strings.HasPrefix(line, "#"):
		case line == "":
			row()
		default:
			if len(lines) == 0 {
				at = n
			}
			lines = append(lines, line)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	row()
	return rows
}
