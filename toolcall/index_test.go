package toolcall

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// names are short, over an alphabet where folding matters, sometimes with
// the "functions." prefix, so that exact, loose, prefixed and ambiguous
// matches all come up.
func names() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		s := rapid.StringOfN(rapid.SampledFrom([]rune("aAbB-_.")), 1, 3, -1).Draw(t, "name")
		if rapid.Bool().Draw(t, "prefixed") {
			s = "functions." + s
		}
		return s
	})
}

func TestIndexedMatchIsMatchTool(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var req Request
		for _, n := range rapid.SliceOfN(names(), 0, 6).Draw(t, "tools") {
			req.Tools = append(req.Tools, Tool{Name: n})
		}
		req.Index()
		for _, name := range rapid.SliceOfN(names(), 1, 8).Draw(t, "calls") {
			if got, want := req.Match(name), matchTool(req.Tools, name); got != want {
				t.Fatalf("Match(%q) = %d, matchTool = %d (tools %v)", name, got, want, req.Tools)
			}
		}
	})
}

func TestIndexFollowsTheTools(t *testing.T) {
	req := Request{Tools: []Tool{{Name: "a"}}}
	req.Index()
	if !req.Indexed() || req.Match("a") != 0 {
		t.Fatal("an indexed request does not find its tool")
	}
	req.Tools = []Tool{{Name: "b"}, {Name: "a"}}
	if req.Indexed() {
		t.Error("a request whose Tools were replaced still counts as indexed")
	}
	if got := req.Match("a"); got != 1 {
		t.Errorf("after Tools changed, Match(a) = %d, want 1 (the index must not be used)", got)
	}
	var nilReq *Request
	if nilReq.Match("a") != -1 || nilReq.Indexed() || nilReq.Attached(0, "k", func(Tool) any { return 1 }) != nil {
		t.Error("a nil request matches or attaches something")
	}
	nilReq.Index()
}

func TestAttachedIsMadeOncePerIndexedRequest(t *testing.T) {
	req := Request{Tools: []Tool{{Name: "a"}, {Name: "b"}}}
	made := 0
	mk := func(tool Tool) any { made++; return tool.Name + fmt.Sprint(made) }
	req.Index()
	for range 3 {
		if got := req.Attached(1, "k", mk); got != "b1" {
			t.Fatalf("Attached = %v, want b1", got)
		}
	}
	if req.Attached(2, "k", mk) != nil || req.Attached(-1, "k", mk) != nil {
		t.Error("Attached out of range returns something")
	}
	if made != 1 {
		t.Errorf("made %d times, want once", made)
	}
	copied := req // a copy shares the index and what it holds
	if got := copied.Attached(1, "k", mk); got != "b1" || made != 1 {
		t.Errorf("a copy of the request made it again: %v", got)
	}
}

func BenchmarkMatchManyTools(b *testing.B) {
	var req Request
	for i := range 10000 {
		req.Tools = append(req.Tools, Tool{Name: fmt.Sprintf("tool_%d", i)})
	}
	req.Index()
	b.ReportAllocs()
	for b.Loop() {
		req.Match("unknown-name")
		req.Match("TOOL-9999")
	}
}
