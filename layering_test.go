package toolparse_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is this module's path; the test reads it from go.mod.
const module = "github.com/toolparse/toolparse"

// formatPackages are the format packages: one table per model family on
// the block machine, each imported by package formats (the one place that
// lists them), read from its import lines.
var formatPackages = func() []string {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("formats", "formats.go"), nil, parser.ImportsOnly)
	if err != nil {
		panic(err)
	}
	var dirs []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if dir, ok := strings.CutPrefix(path, module+"/"); ok {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}()

// publicPackages are the module's other public packages, above the format
// packages (formats registers them all; stream, schema and policy meet in
// stream) or beside them (openai, models).
var publicPackages = []string{
	"formats", "models", "openai", "policy", "schema", "stream",
}

// goFile is one non-test Go file of the module: its path from the module
// root, its package's directory and the module's packages it imports.
type goFile struct {
	path    string // slash-separated, from the module root
	dir     string // its package's directory, "." for the root
	imports []string
}

// moduleFiles reads the import lines of every non-test .go file of the
// module (not of nested modules, testdata or node_modules).
func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(mod), "module "+module+"\n") {
		t.Fatalf("go.mod does not declare module %s", module)
	}
	var files []goFile
	fset := token.NewFileSet()
	err = filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != "." && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); p != "." && err == nil {
				return filepath.SkipDir // a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		g := goFile{path: filepath.ToSlash(p), dir: filepath.ToSlash(filepath.Dir(p))}
		for _, imp := range f.Imports {
			ip, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if ip == module || strings.HasPrefix(ip, module+"/") {
				g.imports = append(g.imports, strings.TrimPrefix(strings.TrimPrefix(ip, module), "/"))
			}
		}
		files = append(files, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("read only %d files: is the test running at the module root?", len(files))
	}
	return files
}

// top returns the first element of a package directory: "stream" for
// stream/streamtest.
func top(dir string) string {
	first, _, _ := strings.Cut(dir, "/")
	return first
}

func isInternal(dir string) bool {
	return dir == "internal" || strings.HasPrefix(dir, "internal/") || strings.Contains(dir, "/internal/") || strings.HasSuffix(dir, "/internal")
}

func isFormat(dir string) bool { return slices.Contains(formatPackages, dir) }

// The module's dependencies point one way (DESIGN.md's layering rule):
// toolcall <- internal machinery <- format packages <- formats and
// stream/schema/policy. Internal packages import no public package but
// toolcall; toolcall imports nothing of the module; format packages never
// import stream, schema, policy or formats; schema and policy import no
// format package (so importing stream registers no format). That no file
// outside a format's own package imports three or more format packages,
// tests included, is formats' TestOnlyFormatsListsTheFormats.
func TestLayering(t *testing.T) {
	for _, dir := range append(slices.Clone(formatPackages), publicPackages...) {
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("package %s is classified but missing: update the lists in this test", dir)
		}
	}
	for _, f := range moduleFiles(t) {
		var formats []string
		for _, imp := range f.imports {
			if isFormat(imp) {
				formats = append(formats, imp)
			}
		}
		example := top(f.dir) == "examples"
		switch {
		case example || f.dir == ".":
			// commands and the module's doc: they may import anything
		case f.dir == "toolcall" || strings.HasPrefix(f.dir, "toolcall/"):
			for _, imp := range f.imports {
				if !strings.HasPrefix(imp, "toolcall/") {
					t.Errorf("%s imports %s: toolcall imports nothing of the module", f.path, imp)
				}
			}
		case isInternal(f.dir):
			for _, imp := range f.imports {
				if imp != "toolcall" && !isInternal(imp) {
					t.Errorf("%s imports %s: internal packages import no public package but toolcall", f.path, imp)
				}
			}
		case isFormat(f.dir):
			for _, imp := range f.imports {
				if imp != "toolcall" && !isInternal(imp) && !isFormat(imp) {
					t.Errorf("%s imports %s: a format package imports only toolcall, internal packages and other formats", f.path, imp)
				}
			}
		case slices.Contains(publicPackages, top(f.dir)):
			switch top(f.dir) {
			case "schema", "policy":
				for _, imp := range formats {
					t.Errorf("%s imports the format package %s: %s sits beside the formats, and importing it must register none", f.path, imp, top(f.dir))
				}
			case "stream":
				if f.dir == "stream" {
					for _, imp := range formats {
						t.Errorf("%s imports the format package %s: the stream is format-blind", f.path, imp)
					}
				}
			}
		default:
			t.Errorf("%s is in %s, which this test does not classify: import it in formats/formats.go (a format) or add it to publicPackages", f.path, f.dir)
		}
	}
}
