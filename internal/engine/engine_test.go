package engine

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/toolcall"
)

// holder is a stepper that holds everything from its first byte on.
type holder struct{ b *Base }

func (h holder) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !h.b.Holding() {
		h.b.Begin(i)
	}
	return dst, len(s)
}

func TestPendingItemAcrossManyDeltas(t *testing.T) {
	for _, size := range []int{1, 7, 100, 5000} { // pieces, then a buffer
		var b Base
		b.Init(nil)
		want := strings.Repeat("abcdefghij", 300)
		for i := 0; i < len(want); i += size {
			b.Run(nil, want[i:min(i+size, len(want))], holder{&b})
		}
		if got := b.Len("", 0); got != len(want) {
			t.Fatalf("size %d: Len = %d, want %d", size, got, len(want))
		}
		if got := string(b.appendHeldFrom(nil, 2990)); got != want[2990:] {
			t.Errorf("size %d: appendHeldFrom = %q", size, got)
		}
		if got := b.Text("", 0); got != want {
			t.Errorf("size %d: Text is %d bytes, want %d", size, len(got), len(want))
		}
		if b.Holding() {
			t.Errorf("size %d: still holding after Text", size)
		}
	}
}

// endHolder is a stepper that begins a pending item at the end of the
// delta it first reads.
type endHolder struct{ b *Base }

func (h endHolder) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !h.b.Holding() {
		h.b.Begin(len(s))
	}
	return dst, len(s)
}

// An item begun where a delta ends holds nothing of it: its text, read in
// the next delta, is that delta's bytes, not a copy joined from pieces.
func TestItemBegunAtADeltasEndHoldsNoPiece(t *testing.T) {
	var b Base
	b.Init(nil)
	b.Run(nil, "ab", endHolder{&b})
	if !b.Holding() || len(b.pieces) != 0 || b.Len("", 0) != 0 {
		t.Fatalf("holding %v, %d pieces, Len %d: want an empty item and no piece", b.Holding(), len(b.pieces), b.Len("", 0))
	}
	s := "cdef"
	if got := b.Text(s, 3); got != "cde" || unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("Text = %q, want the delta's own first three bytes", got)
	}
}

func TestEmitOfShortItemIsOneEvent(t *testing.T) {
	var b Base
	b.Init(nil)
	b.Run(nil, "ab", holder{&b})
	b.Run(nil, "cd", holder{&b})
	evs := b.Flush(b.Emit(nil, "ef", 1))
	var got []string
	for _, e := range evs {
		got = append(got, e.Content)
	}
	if strings.Join(got, "|") != "abcde" {
		t.Errorf("Emit = %q, want one event", got)
	}
}

func TestContentAroundACallComesInTwoEvents(t *testing.T) {
	var b Base
	b.Init(nil)
	evs := b.Content(nil, "a")
	evs = b.Content(evs, "b")
	evs = b.Call(evs, toolcall.Call{Name: "f"}, 2)
	evs = b.Content(evs, "c")
	evs = b.Content(evs, "d")
	evs = b.Flush(evs)
	if len(evs) != 3 || evs[0].Content != "ab" || evs[1].Call == nil || evs[2].Content != "cd" {
		t.Errorf("events = %+v", evs)
	}
}

func TestMatchAtAcrossDeltas(t *testing.T) {
	set := marker.NewSet("<|end|>")
	var b Base
	b.Init(nil)
	b.Run(nil, "body <|e", holder{&b})
	res, _, n, held := b.MatchAt(set, "nd|> tail", 0, 5)
	if res != marker.Full || n-held != 4 {
		t.Errorf("MatchAt = %v %d %d", res, n, held)
	}
	res, _, _, _ = b.MatchAt(set, "n", 0, 5)
	if res != marker.Partial {
		t.Errorf("a prefix: %v", res)
	}
}

func TestOverflowedAndOffsets(t *testing.T) {
	var b Base
	b.Init(nil)
	b.Configure(protocol.Config{Limits: toolcall.Limits{MaxPending: 8}})
	b.Run(nil, "0123456789", holder{&b})
	if !b.Overflowed() {
		t.Error("10 held bytes under a limit of 8 is no overflow")
	}
	b.Drop()
	b.Call(nil, toolcall.Call{Name: "f"}, 42)
	if b.CallOffset(0) != 42 || b.CallOffset(1) != -1 {
		t.Errorf("CallOffset = %d %d", b.CallOffset(0), b.CallOffset(1))
	}
}

// The held bytes from any offset, and the first byte of a kind among them,
// are found alike whether the bytes are pieces or a buffer.
func TestHeldBytesFromAnyOffset(t *testing.T) {
	text := strings.Repeat("ab<cd<efg", 40)
	for _, size := range []int{1, 5, 13, 100, 360} { // a buffer, then pieces of several sizes
		var b Base
		b.Init(nil)
		for i := 0; i < len(text); i += size {
			b.Run(nil, text[i:min(i+size, len(text))], holder{&b})
		}
		for from := 0; from <= len(text); from++ {
			if got := string(b.appendHeldFrom(nil, from)); got != text[from:] {
				t.Fatalf("size %d: appendHeldFrom(%d) = %q", size, from, got)
			}
			want := strings.IndexByte(text[from:], '<')
			if want >= 0 {
				want += from
			}
			if got := b.IndexHeld(from, '<'); got != want {
				t.Fatalf("size %d: IndexHeld(%d) = %d, want %d", size, from, got, want)
			}
		}
	}
}

// Pieces of content that lie one after the other in the Feed's delta
// extend one event in place; pieces that touch in memory but lie partly
// outside the delta, or that are not next to each other, are copied.
func TestContentPiecesOfTheDeltaJoinInPlace(t *testing.T) {
	text := "abcdefghij"
	for _, tc := range []struct {
		name   string
		delta  string
		pieces []string
		copied bool
	}{
		{"adjacent in the delta", text, []string{text[0:2], text[2:5], text[5:10]}, false},
		{"a gap between them", text, []string{text[0:2], text[3:5]}, true},
		{"the second past the delta's end", text[:4], []string{text[0:2], text[2:6]}, true},
		{"the first before the delta's start", text[2:], []string{text[0:3], text[3:5]}, true},
		{"no delta (Close)", "", []string{text[0:2], text[2:5]}, true},
		{"a copy after a piece from elsewhere", text, []string{"xy", text[0:2], text[2:4]}, true},
	} {
		var b Base
		b.Init(nil)
		b.BeginDelta(tc.delta)
		var evs []toolcall.Event
		want := ""
		for _, p := range tc.pieces {
			evs = b.Content(evs, p)
			want += p
		}
		evs = b.Flush(evs)
		if len(evs) != 1 || evs[0].Content != want {
			t.Errorf("%s: events %+v, want one of %q", tc.name, evs, want)
			continue
		}
		inPlace := unsafe.StringData(evs[0].Content) == unsafe.StringData(tc.pieces[0])
		if inPlace == tc.copied {
			t.Errorf("%s: copied = %v, want %v", tc.name, !inPlace, tc.copied)
		}
	}
}
