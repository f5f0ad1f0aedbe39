// Package corpus loads the real tool definitions and calls of the shared
// BFCL corpus (../shared/corpus/bfcl/cases.jsonl beside the repository), for
// tests that check formats, schema coercion and rendering against data
// nobody here wrote.
package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	"github.com/toolparse/toolparse/toolcall"
)

// Case is one line of cases.jsonl: the tools offered and the ground-truth
// calls, whose Arguments are JSON objects.
type Case struct {
	ID    string          `json:"id"`
	Tools []toolcall.Tool `json:"tools"`
	Calls []struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"calls"`
}

// ErrNotFound is returned when the corpus is not beside the repository.
var ErrNotFound = errors.New("corpus: ../shared/corpus/bfcl/cases.jsonl not found beside the repository")

// Path finds cases.jsonl from the working directory: the repository root is
// the nearest directory with a go.mod, and shared/ stands beside it.
func Path() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, "..", "shared", "corpus", "bfcl", "cases.jsonl")
			if _, err := os.Stat(p); err != nil {
				return "", ErrNotFound
			}
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNotFound
		}
		dir = parent
	}
}

// Load reads every case.
func Load() ([]Case, error) {
	p, err := Path()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []Case
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var c Case
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, sc.Err()
}

// Decode reads JSON with numbers kept as json.Number.
func Decode(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	return v, dec.Decode(&v)
}

// Equal compares two values from Decode, numbers by value.
func Equal(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, err1 := a.Float64()
		y, err2 := bn.Float64()
		return err1 == nil && err2 == nil && x == y
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			if !Equal(v, bm[k]) {
				return false
			}
		}
		return true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !Equal(a[i], bs[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}
