package stream

import (
	"strings"
	"testing"
)

// Think tags' marker sets are built once per set of tags: the same tags
// share them, other tags get their own, and tags too long for the cache
// are built for the one stream.
func TestThinkSetsShared(t *testing.T) {
	a := thinkSetsFor("<think>", "</think>", []string{"<tool_call>"})
	if b := thinkSetsFor("<think>", "</think>", []string{"<tool_call>"}); b != a {
		t.Error("the same tags built their sets twice")
	}
	for _, other := range []*thinkSets{
		thinkSetsFor("<think>", "</think>", nil),
		thinkSetsFor("<think>", "</think>", []string{"<function="}),
		thinkSetsFor("<reasoning>", "</reasoning>", []string{"<tool_call>"}),
	} {
		if other == a {
			t.Errorf("tags %q %q %q share the sets of other tags", other.openText, other.closeText, other.endedBy)
		}
	}
	if got := a.maybe.Markers(); strings.Join(got, " ") != "</think> <think> <tool_call>" {
		t.Errorf("the set that decides where reasoning began holds %q", got)
	}
	long := strings.Repeat("x", thinkCacheBytes)
	first := thinkSetsFor("<"+long+">", "</think>", nil)
	if again := thinkSetsFor("<"+long+">", "</think>", nil); again == first {
		t.Error("tags longer than the cache's bound were cached")
	}
	if l := thinkCache.list.Load(); l == nil || len(*l) > thinkCacheEntries {
		t.Errorf("the cache holds %v entries", l)
	}
}
