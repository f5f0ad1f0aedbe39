package engine

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/toolparse/toolparse/internal/marker"
)

// TestTurnWatchWhitespacePathReadsAsMarkers checks note's whitespace
// path against reading marker by marker: after every piece of any text
// cut anywhere, both watches stand alike.
func TestTurnWatchWhitespacePathReadsAsMarkers(t *testing.T) {
	words := []string{"\n", "\n\n", " ", "\t", "\r\n", "\r", "User:", "User: ", "### Instruction", ":", "a", "<|im_start|>", "assistant", "<"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var fast, slow turnWatch
		for i, p := range pieces {
			var text string
			for _, w := range p {
				text += w
			}
			fast.note(text)
			if text != "" {
				slow.read(text)
			}
			if fast.held == 0 { // which marker is begun matters only when one is
				fast.of, slow.of = 0, 0
			}
			if fast != slow {
				t.Fatalf("after piece %d %q: whitespace path %+v, markers %+v", i, text, fast, slow)
			}
		}
	})
}

// TestTurnWatchSplitInvariance: the watch stands alike after a text read
// whole and after it read in any pieces (the held start of a marker, and
// the bytes read ahead to rule one out, decide as a whole read does).
func TestTurnWatchSplitInvariance(t *testing.T) {
	words := []string{"\n", "\n\n", " ", "\r\n", "User:", "User: ", "### Instruction", ":", "a", "<|im_start|>", "assistant", "<", "<|", "<|start_header_id|>", "<|end_header_id|>", "|"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var whole, split turnWatch
		var all string
		for _, p := range pieces {
			var text string
			for _, w := range p {
				text += w
			}
			all += text
			split.note(text)
		}
		whole.note(all)
		if whole.held == 0 {
			whole.of, split.of = 0, 0
		}
		if whole != split {
			t.Fatalf("%q: whole %+v, in pieces %+v", all, whole, split)
		}
	})
}

// TestFencesSplitInvariance: the fence tracker stands alike after content
// read whole and read in any pieces, each noted with the line state the
// pieces before it left (as Content notes them), carriage returns
// included.
func TestFencesSplitInvariance(t *testing.T) {
	words := []string{"\n", "\r", "\r\n", " ", "\t", "`", "```", "a", "go"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var whole, split fences
		var all string
		mid := false
		for _, p := range pieces {
			text := strings.Join(p, "")
			all += text
			split.note(text, mid)
			mid = midLine(mid, text)
		}
		whole.note(all, false)
		if whole != split {
			t.Fatalf("%q: whole %+v, in pieces %+v", all, whole, split)
		}
	})
}

// TestFencesReadLongLinesAsBytes: the tracker, which skips the rest of a
// long line once the line is decided, stands as it does after reading
// the same content a byte at a time (which skips nothing); plainText,
// which searches a long text, agrees with reading it byte by byte.
func TestFencesReadLongLinesAsBytes(t *testing.T) {
	words := []string{"\n", "\r", " ", "`", "```", "a", "<", strings.Repeat("x", minSkip+3), strings.Repeat(" ", minSkip)}
	rapid.Check(t, func(t *rapid.T) {
		text := strings.Join(rapid.SliceOf(rapid.SampledFrom(words)).Draw(t, "words"), "")
		mid := rapid.Bool().Draw(t, "midLine")
		var whole, bytes fences
		whole.note(text, mid)
		m := mid
		for i := 0; i < len(text); i++ {
			bytes.note(text[i:i+1], m)
			m = midLine(m, text[i:i+1])
		}
		if whole != bytes {
			t.Fatalf("%q: whole %+v, a byte at a time %+v", text, whole, bytes)
		}
		want := !strings.ContainsAny(text, "\n\r<")
		if plainText(text) != want || plainLong(text) != want {
			t.Fatalf("%q: plainText %v, plainLong %v, want %v", text, plainText(text), plainLong(text), want)
		}
	})
}

// TestQuietLeavesTheWatchesAlone: where fences.quiet or turnWatch.quiet
// rules a text out, reading it in full leaves the watch as it stood, so
// Content may skip it.
func TestQuietLeavesTheWatchesAlone(t *testing.T) {
	words := []string{"\n", "\r", " ", "`", "```", "a", "<", "<|im_start|>assistant", "\nUser: "}
	rapid.Check(t, func(t *rapid.T) {
		var f fences
		var w turnWatch
		mid := false
		for _, p := range rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces") {
			text := strings.Join(p, "")
			if f.quiet(text, mid) {
				was := f
				if f.note(text, mid); f != was {
					t.Fatalf("fences: %q ruled out, but read it moves %+v to %+v", text, was, f)
				}
			} else {
				f.note(text, mid)
			}
			if w.quiet(text) {
				was := w
				if w.noteAll(text); w.held == 0 {
					w.of = was.of // which marker it held means nothing while it holds none
				}
				if w != was {
					t.Fatalf("turns: %q ruled out, but read it moves %+v to %+v", text, was, w)
				}
			} else {
				w.noteAll(text)
			}
			mid = midLine(mid, text)
		}
	})
}

// TestUnnotedContentReadsAsNoted: content kept unnoted (pieces of the
// delta that join), and a lead AfterNextTurn read ahead, leave the
// watches, by each question asked of them and after Flush, as noting every
// piece at once would.
func TestUnnotedContentReadsAsNoted(t *testing.T) {
	words := []string{"\n", "\r", " ", "`", "```", "a", "<", "<|im_start|>", "<|im_start|", "assistant", "\nUser: ", "### Instruction", strings.Repeat("x", minSkip+1)}
	rapid.Check(t, func(t *rapid.T) {
		var b Base
		b.TrackFences, b.TrackTurns = rapid.Bool().Draw(t, "fences"), rapid.Bool().Draw(t, "turns")
		var f fences
		var w turnWatch
		mid := false
		for _, d := range rapid.SliceOfN(rapid.SliceOf(rapid.SampledFrom(words)), 1, 4).Draw(t, "deltas") {
			delta := strings.Join(d, "")
			b.BeginDelta(delta)
			for i := 0; i < len(delta); {
				j := i + rapid.IntRange(1, len(delta)-i).Draw(t, "piece")
				text := delta[i:j]
				if rapid.Bool().Draw(t, "copied") { // content from elsewhere than the delta
					text = strings.Clone(text)
				}
				if ask := rapid.IntRange(0, 3).Draw(t, "ask"); ask > 0 {
					switch ask {
					case 1: // the answer only: the watch may read the content later
						if got := b.AfterNextTurn(""); b.TrackTurns && got != w.ended {
							t.Fatalf("AfterNextTurn before %q = %v, noted at once %v", text, got, w.ended)
						}
					case 2:
						b.InFenceAfterProse("")
						if b.TrackTurns && !sameTurns(b.turn, w) || b.TrackFences && b.fence != f {
							t.Fatalf("before %q: turns %+v, fences %+v; noted at once %+v, %+v", text, b.turn, b.fence, w, f)
						}
					default: // a lead, of which text is all or the start
						lead := delta[i:rapid.IntRange(j, len(delta)).Draw(t, "lead")]
						ahead := w
						ahead.note(lead)
						if got := b.AfterNextTurn(lead); b.TrackTurns && got != ahead.ended {
							t.Fatalf("AfterNextTurn(%q) = %v, noted at once %v", lead, got, ahead.ended)
						}
					}
				}
				b.Content(nil, text)
				f.note(text, mid)
				w.note(text)
				mid = midLine(mid, text)
				i = j
			}
			b.Flush(nil)
			if b.TrackTurns && !sameTurns(b.turn, w) || b.TrackFences && b.fence != f || b.midLine != mid {
				t.Fatalf("after %q: turns %+v, fences %+v, midLine %v; noted at once %+v, %+v, %v", delta, b.turn, b.fence, b.midLine, w, f, mid)
			}
		}
	})
}

// sameTurns reports whether two watches stand alike (which marker a watch
// holds the start of matters only when it holds one).
func sameTurns(a, b turnWatch) bool {
	if a.held == 0 {
		a.of, b.of = 0, 0
	}
	return a == b
}

// TestNextTurnsNestNoMarker: readHeld takes the first rest that the text
// completes as the marker, which holds while no marker of nextTurns is a
// prefix of another.
func TestNextTurnsNestNoMarker(t *testing.T) {
	if nextTurns.Nested() {
		t.Fatal("a marker of nextTurns is a prefix of another: readHeld would take the shorter")
	}
}

// matchWatch is the watch as Match reads a whole content: from each byte
// that begins a marker, a marker whole, the start of one the content ends
// with, or the bytes that shared a start and how far they went. It is the
// oracle for read's walk a byte at a time.
func matchWatch(text string) turnWatch {
	var w turnWatch
	for !w.ended && text != "" {
		k := strings.IndexFunc(text, func(r rune) bool { return r < 0x80 && nextTurns.Starts(byte(r)) })
		if k < 0 {
			w.prose = w.prose || hasProse(text)
			break
		}
		w.prose = w.prose || hasProse(text[:k])
		res, _, n := marker.Match(nextTurns, text[k:])
		switch res {
		case marker.Partial:
			w.held, w.of = uint8(len(text)-k), uint8(marker.FirstWith(nextTurns, text[k:]))
			return w
		case marker.Full:
			w.ended = w.prose
		default:
			w.prose = w.prose || hasProse(text[k:k+n])
		}
		text = text[k+n:]
	}
	return w
}

// TestTurnWatchReadsAsMatch: after every piece of any content cut
// anywhere, the watch stands as Match reading the content so far whole
// leaves it, through starts that branch (<|im_start|>, <|start_header_id|>)
// and starts that go on with none.
func TestTurnWatchReadsAsMatch(t *testing.T) {
	words := []string{"\n", " ", "\r\n", "\nUs", "er:", "User: ", "### Instr", "uction", ":", "a",
		"<", "<|", "<|st", "art", "|", "_header_id|>", "<|start|", "<|im_", "start|>", "assistant",
		"<|end_header_id|>", "<|start_header_id|>assistant"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var w turnWatch
		var all string
		for i, p := range pieces {
			text := strings.Join(p, "")
			all += text
			w.note(text)
			if want := matchWatch(all); !sameTurns(w, want) {
				t.Fatalf("after piece %d, %q: watch %+v, Match reads %+v", i, all, w, want)
			}
		}
	})
}
