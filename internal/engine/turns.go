package engine

import "github.com/toolparse/toolparse/internal/marker"

// nextTurns are what a model writes when it runs on into a next turn
// after its answer: a base model's next instruction ("### Instruction",
// or "### Instruction:", as a line of its own), a transcript's next user
// line ("User:" and a space or the line's end, at a line's start), a chat
// model's own next header (<|im_start|>assistant, or Llama 3's
// <|start_header_id|>assistant<|end_header_id|>, wherever they stand:
// they are special tokens, no text an answer quotes). A heading that only
// begins with one ("### Instructions for the trip") is prose.
var nextTurns = marker.NewSet(
	"\n### Instruction\n", "\n### Instruction\r\n", "\n### Instruction:\n", "\n### Instruction:\r\n",
	"\nUser: ", "\nUser:\n", "\nUser:\r\n",
	"<|im_start|>assistant", "<|start_header_id|>assistant<|end_header_id|>",
)

// turnWatch watches the content for a next turn (nextTurns) that follows
// prose. It holds the start of a marker the content ends with as the
// marker it begins and its length, so that it stays four bytes.
type turnWatch struct {
	prose bool  // content other than whitespace came
	ended bool  // a next turn began after prose
	held  uint8 // how many bytes of a marker the content ends with
	of    uint8 // the marker they begin
}

// note follows text, the next content.
func (w *turnWatch) note(text string) {
	if !w.quiet(text) {
		w.noteAll(text)
	}
}

// quiet reports whether text leaves the watch as it stands, as most
// content does: the watch is settled and text has no byte a watch reads
// (plainText). It is small enough to inline where content is noted, a
// byte or a few at a time.
func (w *turnWatch) quiet(text string) bool {
	return w.settled() && plainText(text)
}

// settled reports whether the watch stays as it stands over text with no
// byte a marker begins with: it has ended, or it follows prose and holds
// no marker's start.
func (w *turnWatch) settled() bool {
	return w.ended || w.prose && w.held == 0
}

// noteAll is note for text quiet does not rule out.
func (w *turnWatch) noteAll(text string) {
	if text == "" || w.ended { // an ended watch stays as it ended
		return
	}
	if (w.held == 0 || w.held == 1 && w.of == 0) && !hasProse(text) {
		// Whitespace completes no marker and is no prose: at most it ends
		// with the newline a marker of text begins with (markers of text
		// come first in nextTurns, and a newline begins each).
		w.held, w.of = 0, 0
		if text[len(text)-1] == '\n' {
			w.held = 1
		}
		return
	}
	w.read(text)
}

// read follows text marker by marker: note without its whitespace path.
// It reads as Match would read the content from where no marker was
// begun: a byte that begins a marker (and may, by the byte after it) is
// held as the first marker it begins, and the watch walks on along that
// marker a byte at a time; where a byte parts from it, it goes on with
// the first other marker the start begins and the byte continues (a
// branch, as <|im_start|> and <|start_header_id|> part after "<|"), or,
// with none, the start is text and reading resumes at that byte. A marker
// made whole ends the watch if prose came (no marker of the set is a
// prefix of another, so a whole one is the only one). A long text is
// searched for the bytes markers begin with; a short one (a token or
// two) is read a byte at a time in one loop.
func (w *turnWatch) read(text string) {
	if w.ended { // an ended watch stays as it ended
		return
	}
	markers := nextTurns.Markers()
	held, of, prose := int(w.held), int(w.of), w.prose
	for i := 0; i < len(text); {
		if held > 0 { // along the marker held, as far as text goes with it
			m := markers[of]
			d := sharedStart(m[held:], text[i:])
			i, held = i+d, held+d
			switch {
			case held == len(m): // whole
				held = 0
				w.ended = prose
			case i < len(text): // text[i] parts from the marker
				if j := nextTurns.Branch(of, held, text[i]); j >= 0 {
					of = j // the byte is read again, along that marker
				} else { // the start is none: text, and the byte is read again
					prose = prose || hasProse(m[:held])
					held = 0
				}
			}
			if w.ended {
				break
			}
			continue
		}
		if len(text)-i > shortRead {
			k := nextTurns.Index(text[i:])
			if k < 0 {
				prose = prose || hasProse(text[i:])
				break
			}
			prose = prose || hasProse(text[i:i+k])
			i += k
		}
		c := text[i]
		if !nextTurns.Starts(c) || i+1 < len(text) && !nextTurns.Second(text[i+1]) {
			// Most bytes begin no marker here: the byte is text ('<'
			// is prose, a newline is not).
			prose = prose || c > ' '
			i++
			continue
		}
		held, of = 1, marker.FirstWith(nextTurns, text[i:i+1])
		i++
	}
	w.held, w.of, w.prose = uint8(held), uint8(of), prose
}

// sharedStart returns how many first bytes a and b share.
func sharedStart(a, b string) int {
	n := min(len(a), len(b))
	a, b = a[:n], b[:n]
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i
}

// shortRead is the longest text read walks a byte at a time, from where
// no marker is begun, without searching it first.
const shortRead = 16

// hasProse reports whether text holds a byte other than whitespace.
func hasProse[S ~string | ~[]byte](text S) bool {
	for i := 0; i < len(text); i++ {
		if text[i] > ' ' {
			return true
		}
	}
	return false
}

// AfterNextTurn reports, for a decoder that set TrackTurns, whether the
// content so far followed by lead (prose that goes out just before a
// candidate, not yet noted) holds a next turn the model ran on into after
// its answer: a line "### Instruction" (or "### Instruction:"), a line
// that begins "User:", or a chat model's own next header
// (<|im_start|>assistant, <|start_header_id|>assistant<|end_header_id|>),
// after content other than whitespace. A call without the format's own
// markers that follows is the next turn's, not the response's: its text
// is content.
func (b *Base) AfterNextTurn(lead string) bool {
	if b.unnotedEnd == b.unnotedAt && (lead == "" || !b.TrackTurns) { // no lead, as before most bytes a decoder stops at
		return b.turn.ended
	}
	return b.afterNextTurn(lead)
}

// afterNextTurn is AfterNextTurn for content kept unnoted, or a lead to
// read.
func (b *Base) afterNextTurn(lead string) bool {
	if !b.TrackTurns || b.turn.ended { // the answer can no longer change
		return b.turn.ended
	}
	// A next turn begins only where a marker is made whole: where no
	// marker's last two bytes stand in the content not read yet and the
	// lead, the answer stands, and the content is read later, once.
	// Of the unnoted content, only what came since the last question is
	// scanned: the pairs it ends with lie there.
	prev := b.turn.last()
	if at, end := b.unnotedAt, b.unnotedEnd; end != at {
		from := max(at, b.pairsTo)
		if from > at {
			prev = int(b.delta[from-1])
		}
		if turnEnds.in(prev, b.delta[from:end]) {
			b.noteUnnoted()
			if lead == "" || b.turn.ended {
				return b.turn.ended
			}
		} else {
			b.pairsTo = end
		}
		prev = int(b.delta[end-1])
	}
	if !turnEnds.in(prev, lead) {
		return b.turn.ended
	}
	if b.unnotedEnd != b.unnotedAt {
		b.noteUnnoted()
	}
	if b.turn.ended || b.turn.quiet(lead) { // most leads: plain prose after prose
		return b.turn.ended
	}
	w := b.turn
	w.noteAll(lead)
	// The lead goes out as content next, as a whole or in part: kept, the
	// watch need not read it twice.
	if at, in := b.deltaOffset(lead); in {
		b.ahead, b.aheadAt, b.aheadEnd = w, int32(at), int32(at+len(lead))
	}
	return w.ended
}

// last returns the last byte of the content read when it may stand in a
// marker, the last of the marker's start the watch holds, or -1.
func (w *turnWatch) last() int {
	if w.held == 0 {
		return -1
	}
	return int(nextTurns.Markers()[w.of][w.held-1])
}

// turnEnds are the pairs of bytes the markers of nextTurns end with.
var turnEnds = newEndPairs(nextTurns.Markers())

// endPairs are the last two bytes of a set of markers, each at least two
// bytes long: text can make one of them whole only where it has such a
// pair.
type endPairs struct {
	last   [256]uint8  // 1 + the index in before of a byte a marker ends with; 0 for none
	before [][4]uint64 // for each, a bit per byte that stands before it in a marker
}

// newEndPairs returns the pairs markers end with.
func newEndPairs(markers []string) *endPairs {
	e := &endPairs{}
	for _, m := range markers {
		c := m[len(m)-1]
		if e.last[c] == 0 {
			e.before = append(e.before, [4]uint64{})
			e.last[c] = uint8(len(e.before))
		}
		p := m[len(m)-2]
		e.before[e.last[c]-1][p>>6] |= 1 << (p & 63)
	}
	return e
}

// in reports whether text, which follows the byte prev (-1 for none
// that can begin a pair), has a pair a marker ends with.
func (e *endPairs) in(prev int, text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if k := e.last[c]; k != 0 && prev >= 0 && e.before[k-1][prev>>6]&(1<<(prev&63)) != 0 {
			return true
		}
		prev = int(c)
	}
	return false
}
