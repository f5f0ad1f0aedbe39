// Package protocol is what the stream and the library's own decoders tell
// each other beyond toolcall.Decoder: the limits and argument streaming a
// stream asks for (Config), what a decoder reports (Reporter: diagnostics,
// call offsets, whether it is inside a candidate), and the decoders' speed
// hints (Quiet: which of the bytes that come next they would read without
// a trace, so the stream may keep small deltas and hand them on in one
// Feed). A user's own format implements only toolcall.Decoder; the stream
// then asks it nothing more.
package protocol

import "github.com/toolparse/toolparse/toolcall"

// Reporter is implemented by decoders that tell the stream what they know
// beyond their events: the one optional interface of a Decoder. The
// stream calls Configure once, before the first Feed.
type Reporter interface {
	// Configure sets what the stream asks of the decoder.
	Configure(Config)
	// Diagnostics returns every diagnostic recorded so far, oldest first;
	// the stream reads it before each call it hands on and at the end.
	Diagnostics() []toolcall.Diagnostic
	// CallOffset returns the byte offset where the n-th call (from 0) the
	// decoder returned starts in the response, or -1. The stream gives the
	// diagnostics it records about a call (policy, schema, unknown_tool)
	// that offset.
	CallOffset(n int) int
	// InCandidate reports whether the decoder is inside a call candidate
	// (a list, block or tag not yet closed), where text is data: the
	// stream then reads a think tag as text.
	InCandidate() bool
}

// Config is what the stream asks of a decoder that is a Reporter.
type Config struct {
	Limits toolcall.Limits
	// StreamArguments asks the decoder to tell each call's progress while
	// it arrives (argument streaming); without it a decoder emits only
	// Content, Call and Reasoning events.
	//
	// With it on, a decoder may also emit Delta events for a call it is
	// reading: CallStarted with the name as written (and the model's ID
	// when the text gives one), then ArgumentsFragment pieces whose
	// concatenation is a prefix of that call's Arguments as its Call event
	// will carry them (before any schema coercion: the stream does that);
	// a fragment's event and text may be the decoder's own, valid until its
	// next Feed or Close (the stream copies what it keeps). A call that was
	// started ends with its Call event or with CallRetracted. The stream
	// pairs them in order: a fragment belongs to the latest started call,
	// and each Call or CallRetracted ends the oldest started call not yet
	// ended (a Call with none started is a call that was not streamed).
	// Index is not used. A decoder that never starts a call is correct
	// too: the stream then announces each call when it is complete.
	StreamArguments bool
	// Quiet, when set, is where the decoder says, at the end of each Feed,
	// which of the bytes that come next it would read without a trace
	// (see Quiet). The stream sets Room to 0 before each Feed; a decoder
	// that leaves it so is correct.
	Quiet *Quiet
}

// Quiet is what a decoder tells the stream of the bytes that come next
// (Config.Quiet): up to Room of them that hold no byte of Stop change
// nothing the decoder tells (no event, no diagnostic, no answer of
// InCandidate) until a byte that may arrives. Escape, when Stop holds it,
// is a byte that only makes the byte after it not count: inside a string
// literal only the quote matters, and a quote after a backslash does not
// close it. The stream may then keep such deltas and hand them to the
// decoder with the first delta that is not one, in one Feed, which split
// invariance makes the same as a Feed each: a long string argument
// streamed in small deltas costs the decoder a few Feeds, not one a delta.
// Ends, when set, narrows Stop to where one of Ends may end: a byte of Stop
// matters only when the bytes kept up to it end with one of them, or with
// the start of one that began before them. In a block that only its end
// markers end, Stop holds the markers' last bytes and Ends the markers.
// Escape is then not used. Prefix, with Ends, says instead that the decoder
// holds the start of a marker and Ends are the ways it may go on: the next
// bytes matter once they complete one of Ends, or go on with none of them
// (Stop and Escape are then not used). Then, with Prefix, says what the
// bytes after an end are when they complete one of Ends and no other goes
// on: quiet as Then says, up to Then.Room of them and within Room in all
// (Then's own Prefix and Then are not used); without it, the end matters.
// Apart, with Ends, says that the bytes after an end, once it completes,
// are best read apart from it: the stream hands the bytes on through the
// end, and those after it in the same delta as a delta of their own, which
// the decoder's next rule may keep (so that a header's body, or the marker
// after a call, reaches the decoder whole, not cut where a delta ended).
type Quiet struct {
	Room   int        // how many bytes at most; 0: none
	Stop   *[256]bool // the bytes that may matter
	Ends   []string   // when set, a byte of Stop matters only where one of these may end
	Escape byte       // a byte of Stop that only escapes the next one, or 0
	Prefix bool       // the next bytes matter once they complete one of Ends, or go on with none
	Apart  bool       // with Ends: the bytes after an end that completes go on as a delta of their own
	Then   *Quiet     // with Prefix: the rule for the bytes after the end they complete
}
