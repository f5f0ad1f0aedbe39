package dsml_test

import (
	"os"
	"path/filepath"
)

// readGolden reads testdata/templates/golden/DIR/NAME.txt.
func readGolden(dir, name string) (string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", "templates", "golden", dir, name+".txt"))
	return string(b), err
}
