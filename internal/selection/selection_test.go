package selection

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

func c(name, args string) toolcall.Call { return toolcall.Call{Name: name, Arguments: args} }

var scenarios = map[string][]toolcall.Call{
	"leading reads then an edit":   {c("read_file", `{"path":"a.py"}`), c("grep", `{"pattern":"x"}`), c("edit_file", `{"path":"a.py"}`), c("read_file", `{"path":"b.py"}`)},
	"reads only":                   {c("read_file", `{"path":"a.py"}`), c("list_dir", `{"path":"."}`), c("Grep", `{"pattern":"x"}`)},
	"edits to distinct files":      {c("edit_file", `{"path":"a.py"}`), c("write_file", `{"file_path":"b.py"}`), c("str_replace", `{"target_file":"c.py"}`)},
	"two edits of one file":        {c("edit_file", `{"path":"a.py"}`), c("edit_file", `{"path":"b.py"}`), c("edit_file", `{"path":"a.py"}`), c("edit_file", `{"path":"d.py"}`)},
	"a first call that is neither": {c("run_tests", `{}`), c("read_file", `{"path":"a.py"}`)},
	"reads named with a verb":      {c("get_weather", `{"city":"Paris"}`), c("get-weather", `{"city":"Oslo"}`), c("book_flight", `{}`)},
}

func TestModes(t *testing.T) {
	want := map[Mode]map[string]int{ // how many leading calls are kept
		Independent: {"leading reads then an edit": 2, "reads only": 3, "edits to distinct files": 3, "two edits of one file": 2, "a first call that is neither": 1, "reads named with a verb": 2},
		Reads:       {"leading reads then an edit": 2, "reads only": 3, "edits to distinct files": 1, "two edits of one file": 1, "a first call that is neither": 1, "reads named with a verb": 2},
		First:       {"leading reads then an edit": 1, "reads only": 1, "edits to distinct files": 1, "two edits of one file": 1, "a first call that is neither": 1, "reads named with a verb": 1},
		All:         {"leading reads then an edit": 4, "reads only": 3, "edits to distinct files": 3, "two edits of one file": 4, "a first call that is neither": 2, "reads named with a verb": 3},
	}
	for mode, counts := range want {
		for name, calls := range scenarios {
			t.Run(string(mode)+"/"+name, func(t *testing.T) {
				s := newSelector(Policy{Mode: mode})
				kept := 0
				for i, call := range calls {
					ok, why := s.Keep(call)
					if ok != (i < counts[name]) {
						t.Fatalf("call %d (%s): keep = %v, want %v", i, call.Name, ok, i < counts[name])
					}
					if ok {
						kept++
					} else if !strings.Contains(why, string(mode)) {
						t.Errorf("reason %q does not name the policy", why)
					}
				}
				if kept != counts[name] {
					t.Errorf("kept %d, want %d", kept, counts[name])
				}
			})
		}
	}
}

func TestCustomLists(t *testing.T) {
	s := newSelector(Policy{Mode: Independent, ReadOnly: []string{"inspect"}, Edit: []string{"patch"}})
	for i, call := range []toolcall.Call{c("inspect", `{}`), c("inspect", `{}`), c("get_weather", `{}`)} {
		if ok, _ := s.Keep(call); ok != (i < 2) {
			t.Errorf("call %d: keep = %v", i, ok)
		}
	}
	s = newSelector(Policy{Mode: Independent, ReadOnly: []string{"inspect"}, Edit: []string{"patch"}})
	for i, call := range []toolcall.Call{c("patch", `{"file":"a"}`), c("patch", `{"filename":"b"}`), c("edit_file", `{"path":"c"}`)} {
		if ok, _ := s.Keep(call); ok != (i < 2) {
			t.Errorf("custom edit call %d: keep = %v", i, ok)
		}
	}
}

func TestAnEditWithoutAFileIsNeither(t *testing.T) {
	s := newSelector(Policy{Mode: Independent})
	for i, call := range []toolcall.Call{c("edit_file", `{"old":"x"}`), c("edit_file", `{"path":"b"}`)} {
		if ok, _ := s.Keep(call); ok != (i == 0) {
			t.Errorf("call %d: keep = %v", i, ok)
		}
	}
}

func TestZeroPolicyKeepsEverything(t *testing.T) {
	s := newSelector(Policy{})
	for i := range 3 {
		if ok, _ := s.Keep(c("run", `{}`)); !ok {
			t.Errorf("call %d dropped", i)
		}
	}
}

// The built-in lists, looked up by folded name, answer as the same names
// given as a custom list, compared one by one with toolcall.SameName: for
// their names in other cases and with '-' or '.', for names of their
// lengths that are none of them, and without an allocation.
func TestBuiltinListsAnswerAsCustomOnes(t *testing.T) {
	builtin := newSelector(Policy{Mode: Independent})
	var names []string
	for _, n := range append(DefaultReadOnly(), DefaultEdit()...) {
		names = append(names, n, strings.ToUpper(n), strings.ReplaceAll(n, "_", "-"), strings.ReplaceAll(n, "_", "."), n+"x", "x"+n[1:], n[:len(n)-1]+"é")
	}
	names = append(names, "", "get_weather", "book_flight", strings.Repeat("a", 100))
	for _, n := range names {
		for range 2 { // asked again, the selector answers from the last name
			if got, want := builtin.isReadOnly(n), isOneOf(n, DefaultReadOnly()) || readVerb(n); got != want {
				t.Errorf("isReadOnly(%q) = %v, the list one by one says %v", n, got, want)
			}
			if got, want := builtin.isEdit(n), isOneOf(n, DefaultEdit()); got != want {
				t.Errorf("isEdit(%q) = %v, the list one by one says %v", n, got, want)
			}
		}
	}
	if !builtin.isReadOnly("Read-File") || !builtin.isEdit("Write.File") || builtin.isEdit("read_file") {
		t.Error("names in other cases and with '-' or '.' are the same names")
	}
	if a := testing.AllocsPerRun(100, func() { builtin.isReadOnly("Get-Weather"); builtin.isEdit("Edit_File") }); a != 0 {
		t.Errorf("a lookup allocates %v times", a)
	}
}

// Policy is policy.Policy, for the tests: a mode and two lists.
type Policy struct {
	Mode     Mode
	ReadOnly []string
	Edit     []string
}

func newSelector(p Policy) *Selector { return NewSelector(p.Mode, p.ReadOnly, p.Edit) }
