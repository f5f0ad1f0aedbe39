package pythonic

import (
	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/toolcall"
)

// endOfTurn are the end-of-turn tokens that servers often leave in the text;
// the format consumes them wherever they stand.
var endOfTurn = marker.NewSet("<end_of_turn>", "<|eot_id|>", "<|eot|>", "<|im_end|>", "<|endoftext|>", "</s>")

// startsSomething marks the bytes that may start a marker or a call list.
var startsSomething = [256]bool{'[': true, '<': true}

type mode uint8

const (
	inProse     mode = iota
	inMarker         // a possible end-of-turn token
	inHead           // a possible call list: '[' name '('
	inCandidate      // a call list, until its brackets close
)

// decoder is the incremental state of one response in the pythonic format.
type decoder struct {
	engine.Base
	parser  Parser
	mode    mode
	head    listHead
	list    List // reads the pending list as it arrives
	opening bool // the pending list opens the response
}

func newDecoder(req *toolcall.Request) *decoder {
	d := &decoder{}
	d.Init(req)
	d.parser = ForRequest(d.Req, d.Limits.MaxDepth)
	return d
}

// Configure implements toolcall.Reporter.
func (d *decoder) Configure(c toolcall.Config) {
	d.Base.Configure(c)
	d.parser.MaxDepth = d.Limits.MaxDepth
}

// ForRequest returns a Parser for a response to req: positional arguments
// take the parameters the matched tool's schema declares, read once per
// tool.
func ForRequest(req *toolcall.Request, maxDepth int) Parser {
	if req == nil {
		req = &toolcall.Request{}
	}
	var cache map[string][]string
	return Parser{MaxDepth: maxDepth, Params: func(name string) []string {
		i := toolcall.MatchTool(req.Tools, name)
		if i < 0 {
			return nil
		}
		tool := req.Tools[i].Name
		if p, ok := cache[tool]; ok {
			return p
		}
		if cache == nil {
			cache = make(map[string][]string)
		}
		p := jsonkeys.Properties(req.Tools[i].Parameters)
		cache[tool] = p
		return p
	}}
}

// Feed implements toolcall.Decoder.
func (d *decoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	return engine.Feed(d, dst, s)
}

// Close implements toolcall.Decoder.
func (d *decoder) Close(dst []toolcall.Event) []toolcall.Event { return engine.Close(d, dst) }

// FeedDelta implements engine.Machine.
func (d *decoder) FeedDelta(dst []toolcall.Event, s string) []toolcall.Event {
	if d.mode == inCandidate && d.Room(s, len(s)) >= 0 {
		// The hot path of a long call: the delta only extends the list.
		n := d.list.Feed(s)
		if st := d.list.Status(); st != Open {
			var i int
			dst, i = d.verdict(dst, s, n, st)
			dst = d.Run2(dst, s, i)
		} else {
			dst = d.EndDelta(dst, s)
		}
	} else {
		dst = d.Run(dst, s, d)
	}
	if d.Streaming {
		dst = d.progress(dst)
	}
	return dst
}

// progress reports, with argument streaming, the calls the pending list
// holds (List.Progress).
func (d *decoder) progress(dst []toolcall.Event) []toolcall.Event {
	if d.mode != inCandidate {
		return dst
	}
	return d.list.Progress(&d.Base, dst, d.accept())
}

// accept says which names the pending list may call: any when it opens
// the response, else only the request's tools (in prose, a list naming
// another is prose).
func (d *decoder) accept() func(string) bool {
	if d.opening {
		return nil
	}
	return d.Req.IsKnownTool
}

// Run2 is Run starting at s[i].
func (d *decoder) Run2(dst []toolcall.Event, s string, i int) []toolcall.Event {
	for i < len(s) {
		dst, i = d.Step(dst, s, i)
	}
	return d.EndDelta(dst, s)
}

// CloseResponse implements engine.Machine: a pending item that never completed is
// content, verbatim.
func (d *decoder) CloseResponse(dst []toolcall.Event) []toolcall.Event {
	if d.Holding() {
		if d.mode == inCandidate {
			d.Diag(toolcall.KindSyntax, d.Start(), "", "the call list is not closed at the end of the response")
		}
		dst = d.list.Abandon(&d.Base, dst)
		dst = d.Emit(dst, "", 0)
		d.mode = inProse
	}
	return dst
}

// InCandidate implements toolcall.Reporter.
func (d *decoder) InCandidate() bool { return d.mode == inCandidate }

// Step implements engine.Stepper.
func (d *decoder) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	return steps[d.mode](d, dst, s, i)
}

// steps are the decoder's modes, as the method that reads each.
var steps = [...]func(*decoder, []toolcall.Event, string, int) ([]toolcall.Event, int){
	inProse:     (*decoder).prose,
	inMarker:    (*decoder).marker,
	inHead:      (*decoder).listHead,
	inCandidate: (*decoder).candidate,
}

// prose emits text up to the next byte that may start a marker or a list.
func (d *decoder) prose(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	for j < len(s) && !startsSomething[s[j]] {
		j++
	}
	dst = d.Content(dst, s[i:j])
	if j == len(s) {
		return dst, j
	}
	d.Begin(j)
	if s[j] == '<' {
		d.mode = inMarker
	} else {
		d.mode = inHead
		d.head = listHead{}
		d.list.Reset(d.parser)
		d.opening = !d.Said.Spoke()
	}
	return dst, j
}

func (d *decoder) marker(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, _, n, held := d.MatchAt(endOfTurn, s, i, 0)
	switch res {
	case marker.Full:
		d.Drop()
		d.mode = inProse
		return dst, i + n - held
	case marker.Partial:
		return dst, len(s)
	}
	d.mode = inProse
	return d.Emit(dst, s, i+n-held), i + n - held
}

func (d *decoder) listHead(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	end := min(len(s), i+d.Room(s, i))
	res, n := d.head.feed(s[i:end])
	switch res {
	case marker.Partial:
		if end == len(s) {
			d.list.Feed(s[i:])
			return dst, len(s)
		}
		d.Diag(toolcall.KindLimit, d.Start(), "", "a pending call list passed the size limit")
		n = end - i
		fallthrough
	case marker.None:
		d.mode = inProse
		return d.Emit(dst, s, i+n), i + n
	}
	d.mode = inCandidate
	d.list.Feed(s[i : i+n]) // the reader reads the head's bytes too
	return dst, i + n
}

func (d *decoder) candidate(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	// The candidate may take at most MaxPending bytes. Cutting the scan there,
	// rather than checking after a delta, makes the outcome the same for
	// every split of the input.
	end := min(len(s), i+d.Room(s, i))
	n := d.list.Feed(s[i:end])
	return d.verdict(dst, s, i+n, d.list.Status())
}

// verdict acts on the reader's verdict on the candidate that ends at
// s[:i]: nothing yet, a closed list to decide, or content.
func (d *decoder) verdict(dst []toolcall.Event, s string, i int, st Status) ([]toolcall.Event, int) {
	switch st {
	case Open:
		if i == len(s) {
			return dst, i
		}
		d.Diag(toolcall.KindLimit, d.Start(), "", "a pending call list passed the size limit")
		dst = d.list.Abandon(&d.Base, dst)
		dst = d.Emit(dst, s, i)
	case Closed:
		start := d.Start()
		dst = d.decide(dst, d.Text(s, i), start)
		d.list.Free(d.parser) // the calls are handed on: free what they held
	case Mismatch:
		d.Diag(toolcall.KindSyntax, d.Offset(i-1), "", "a closing bracket does not match")
		dst = d.list.Abandon(&d.Base, dst)
		dst = d.Emit(dst, s, i)
	case TooDeep:
		d.Diag(toolcall.KindLimit, d.Offset(i-1), "", "a call list nested too deep")
		dst = d.list.Abandon(&d.Base, dst)
		dst = d.Emit(dst, s, i)
	}
	d.mode = inProse
	return dst, i
}

// decide hands on a closed call list, read as it arrived, that starts at
// offset start (List.Decide).
func (d *decoder) decide(dst []toolcall.Event, text string, start int) []toolcall.Event {
	dst, _ = d.list.Decide(&d.Base, dst, text, start, d.accept())
	return dst
}
