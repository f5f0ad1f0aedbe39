package formatstest

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/models"
	"github.com/toolparse/toolparse/toolcall"
)

// CheckGoldenModels checks that models.Lookup gives the model whose
// template wrote each golden directory of goldens (named in byModel by
// the directory's name before its '@') the format f and the profile the
// directory is checked with: its Opts.Profile, or the format's default.
func CheckGoldenModels(t *testing.T, f toolcall.Format, goldens []Golden, byModel map[string]string) {
	t.Helper()
	p, ok := f.(toolcall.Prompter)
	if !ok {
		t.Fatalf("%s is not a toolcall.Prompter", f.Name())
	}
	for _, g := range goldens {
		dir, _, _ := strings.Cut(g.Dir, "@")
		name, ok := byModel[dir]
		if !ok {
			t.Errorf("%s: no model named for it", g.Dir)
			continue
		}
		want := g.Opts.Profile
		if want == "" {
			want = p.PromptProfiles()[0]
		}
		if m, ok := models.Lookup(name); !ok || m.Format != f.Name() || m.Profile != want {
			t.Errorf("%s: Lookup(%q) = %+v, %v; want %s/%s", g.Dir, name, m, ok, f.Name(), want)
		}
	}
}
