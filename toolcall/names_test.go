package toolcall

import "testing"

func TestMatchTool(t *testing.T) {
	tools := []Tool{{Name: "get_weather"}, {Name: "sub-task-ending"}, {Name: "math.factorial"}, {Name: "Bash"}, {Name: "a_b"}, {Name: "a-b"}}
	tests := []struct {
		name string
		call string
		want int
	}{
		{"an exact name matches", "get_weather", 0},
		{"case is ignored when one tool fits", "GET_WEATHER", 0},
		{"a hyphen stands for an underscore", "get-weather", 0},
		{"an underscore stands for a hyphen", "sub_task_ending", 1},
		{"a dot stands for an underscore", "math_factorial", 2},
		{"a functions. prefix is dropped", "functions.get_weather", 0},
		{"a functions. prefix is dropped before loose matching", "functions.bash", 3},
		{"an exact match wins over loose ones", "a-b", 5},
		{"an ambiguous loose match is no match", "A_B", -1},
		{"an unknown name is no match", "print", -1},
		{"a prefix of a name is no match", "get_weathe", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := matchTool(tools, tt.call); got != tt.want {
				t.Errorf("matchTool(%q) = %d, want %d", tt.call, got, tt.want)
			}
		})
	}
}

func TestIsKnownToolWithoutToolsAcceptsAnything(t *testing.T) {
	var r Request
	if !r.IsKnownTool("anything") {
		t.Error("a request without tools must accept every name")
	}
	r.Tools = []Tool{{Name: "read"}}
	if r.IsKnownTool("print") {
		t.Error("print is not a requested tool")
	}
}

func TestParallel(t *testing.T) {
	f, tr := false, true
	for _, tt := range []struct {
		p    *bool
		want bool
	}{{nil, true}, {&tr, true}, {&f, false}} {
		r := Request{ParallelToolCalls: tt.p}
		if got := r.Parallel(); got != tt.want {
			t.Errorf("Parallel() with %v = %v", tt.p, got)
		}
	}
}

type fakeFormat string

func (f fakeFormat) Name() string                { return string(f) }
func (f fakeFormat) NewDecoder(*Request) Decoder { return nil }

func TestRegisterAndLookupWithAliases(t *testing.T) {
	Register(fakeFormat("fake_test"), "fake_alias")
	for _, n := range []string{"fake_test", "fake_alias"} {
		f, ok := Lookup(n)
		if !ok || f.Name() != "fake_test" {
			t.Errorf("Lookup(%q) = %v, %v", n, f, ok)
		}
	}
	if _, ok := Lookup("no_such_format"); ok {
		t.Error("Lookup found an unregistered format")
	}
}

func TestDescribeListsAndReplaces(t *testing.T) {
	Describe(Descriptor{Format: fakeFormat("fake_described"), Aliases: []string{"fake_d"}, EndOfTurn: []string{"<a>"}})
	Describe(Descriptor{Format: fakeFormat("fake_described"), EndOfTurn: []string{"<b>"}})
	Describe(Descriptor{}) // no Format: ignored
	n := 0
	for _, d := range Descriptors() {
		if d.Format == nil {
			t.Fatal("a descriptor without a Format is listed")
		}
		if d.Format.Name() == "fake_described" {
			n++
			if d.EndOfTurn[0] != "<b>" {
				t.Errorf("the later description did not replace the earlier: %+v", d)
			}
		}
	}
	if n != 1 {
		t.Errorf("the described format is listed %d times, want once", n)
	}
	if f, ok := Lookup("fake_d"); !ok || f.Name() != "fake_described" {
		t.Errorf("Lookup(the alias) = %v, %v", f, ok)
	}
}

func TestLimitsWithDefaults(t *testing.T) {
	got := Limits{MaxDepth: 3}.WithDefaults()
	if got.MaxPending != DefaultMaxPending || got.MaxDepth != 3 {
		t.Errorf("WithDefaults() = %+v", got)
	}
}

// Two names are the same name exactly when their folded forms are equal.
func TestAppendFoldedName(t *testing.T) {
	names := []string{"get_weather", "GET-WEATHER", "get.weather", "get_weathe", "Get_Weather", "gét_weather", "GÉT_weather", "a-b", "A_B", "", "_", "-", "."}
	for _, a := range names {
		for _, b := range names {
			if got, want := string(AppendFoldedName(nil, a)) == string(AppendFoldedName(nil, b)), SameName(a, b); got != want {
				t.Errorf("folded %q and %q equal: %v, SameName says %v", a, b, got, want)
			}
		}
	}
	if got := string(AppendFoldedName([]byte("x:"), "Read-File.V2")); got != "x:read_file_v2" {
		t.Errorf("AppendFoldedName = %q", got)
	}
}
