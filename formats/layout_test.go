package formats_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// notYetConverted are the files, relative to the module's root, that
// still list the formats by hand and import three or more format
// packages: each is to walk toolcall.Descriptors or to move its
// one-format cases into the format's own package. Keep it short; remove
// a file from it when it is converted (the test fails on a listed file
// that no longer needs it).
var notYetConverted = map[string]bool{
	// FuzzArgumentStreaming picks its formats by an index into a list of
	// twelve, so the fuzz corpus's meaning depends on that list's order;
	// the readers table and several one-format regressions besides.
	"stream/args_test.go": true,
	// Tables of long values and of markers, each text in its own
	// format's syntax, run through the stream's quiet path.
	"stream/quiet_test.go": true,
	// Allocation costs of hermes', qwen3_coder's and glm45's calls,
	// measured with the stream package's own allocation helper.
	"stream/schemacost_test.go": true,
	// Benchmarks of the block machine that compare chosen formats side
	// by side (splitting them would lose the comparison), and a rapid
	// property that draws one of three formats per run.
	"internal/block/bench_test.go":           true,
	"internal/block/jsonforms_bench_test.go": true,
	"internal/block/body_test.go":            true,
}

// TestOnlyFormatsListsTheFormats: no Go file outside a format's own
// package, tests included, imports three or more format packages, except
// package formats, which registers them all (the format packages are
// the ones formats.go imports).
func TestOnlyFormatsListsTheFormats(t *testing.T) {
	const module = "github.com/toolparse/toolparse/"
	own, err := parser.ParseFile(token.NewFileSet(), "formats.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	formatDirs := map[string]bool{}
	for _, imp := range own.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if dir, ok := strings.CutPrefix(path, module); ok {
			formatDirs[dir] = true
		}
	}
	if len(formatDirs) < 12 {
		t.Fatalf("formats.go imports %d format packages, want the 12 shipped at least", len(formatDirs))
	}
	root := ".."
	seen := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			name := e.Name()
			if rel != "." && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(rel))
		if !strings.HasSuffix(rel, ".go") || formatDirs[dir] || dir == "formats" {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		var imported []string
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if d, ok := strings.CutPrefix(p, module); ok && formatDirs[d] {
				imported = append(imported, d)
			}
		}
		seen[rel] = true
		switch {
		case notYetConverted[rel] && len(imported) < 3:
			t.Errorf("%s imports %d format packages: take it off notYetConverted", rel, len(imported))
		case notYetConverted[rel]:
		case len(imported) >= 3:
			t.Errorf("%s imports the format packages %v: walk toolcall.Descriptors (import package formats) or move its one-format cases to their packages (formats/formatstest has the shared checks)", rel, imported)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range notYetConverted {
		if !seen[rel] {
			t.Errorf("%s is on notYetConverted but is no file of the module", rel)
		}
	}
}
