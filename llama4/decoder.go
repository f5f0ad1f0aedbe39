package llama4

import (
	"errors"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

const (
	pythonStart = "<|python_start|>"
	pythonEnd   = "<|python_end|>"
	functionTag = "<function="
	functionEnd = "</function>"
	header      = "<|header_start|>assistant<|header_end|>"
)

// proseMarkers are the markers recognised in prose; their index says what
// each does.
var proseMarkers = marker.NewSet("<|eot|>", "<|eom|>", "<|end_of_text|>", header, pythonEnd, functionEnd, pythonStart, functionTag)

const (
	markPythonStart = 6
	markFunctionTag = 7
)

var (
	// blockEnds end a <|python_start|> block; a missing <|python_end|>
	// before an end-of-turn token is tolerated.
	blockEnds = marker.NewSet(pythonEnd, "<|eot|>", "<|eom|>", "<|end_of_text|>")
	funcEnds  = marker.NewSet(functionEnd)
)

// triggers are the bytes at which prose may stop being prose.
var triggers = [256]bool{'<': true, '[': true, '{': true, '(': true}

type mode uint8

const (
	mProse     mode = iota
	mMarker         // '<' in prose: a marker?
	mHead           // '[' or '{' in prose: a call list or call object?
	mWord           // a name that a '(' may turn into a bare call
	mCand           // a candidate, until its brackets close
	mRun            // after a bare call or call object: separators of a run
	mFuncName       // <function=NAME
	mFuncBody       // <function=NAME> before its JSON
	mFuncEmpty      // <function=NAME> then '<': </function>?
	mFuncEnd        // after the JSON: </function>?
	mFuncSkip       // a broken function body: until </function>
	mBlock          // inside <|python_start|>
)

type candKind uint8

const (
	kList     candKind = iota // [f(...), ...]
	kArray                    // [{"name": ...}, ...]
	kObject                   // {"name": ...}
	kBare                     // f(...)
	kFuncBody                 // the JSON of <function=NAME>
)

// decoder is the incremental state of one Llama 4 response. The pending
// item (engine.Base) is whatever is undecided: a marker, a head, a word, a
// candidate with the separators of a run before it, a function tag or a
// python block.
type decoder struct {
	engine.Base
	explicit bool // inside <|python_start|>: every well-formed call counts
	parser   pythonic.Parser

	mode    mode
	kind    candKind
	head    head
	rec     pythonic.Recognizer
	opening bool // the pending candidate opens the response
	candAt  int  // where the candidate starts in the pending item (after a run's separators)
	mark    int  // where a possible marker starts in the pending item
	fname   string
	body    block.Body
	// prevName says the last delta ended in a name that went out as prose;
	// proseFrom is where the last prose step of this delta began.
	prevName  bool
	proseFrom int
	// folded are the tools' names (and with "functions.") folded as
	// tool-name matching folds them, and firsts their first bytes.
	folded []string
	firsts [256]bool
}

func newDecoder(req *toolcall.Request, explicit bool) *decoder {
	d := &decoder{explicit: explicit}
	d.Init(req)
	d.parser = pythonic.ForRequest(d.Req, d.Limits.MaxDepth)
	return d
}

// SetLimits implements toolcall.Limiter.
func (d *decoder) SetLimits(l toolcall.Limits) {
	d.Base.SetLimits(l)
	d.parser.MaxDepth = d.Limits.MaxDepth
}

// Feed implements toolcall.Decoder.
func (d *decoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	return engine.Feed(d, dst, s)
}

// Close implements toolcall.Decoder.
func (d *decoder) Close(dst []toolcall.Event) []toolcall.Event { return engine.Close(d, dst) }

// ToProse implements engine.ProseStepper.
func (d *decoder) ToProse() { d.mode = mProse }

// FeedDelta implements engine.Machine.
func (d *decoder) FeedDelta(dst []toolcall.Event, s string) []toolcall.Event {
	d.proseFrom = len(s)
	dst = d.RunBounded(dst, s, d)
	if s == "" {
		return dst
	}
	// A name cut by the end of this delta went out as prose: its rest in the
	// next delta is no name of its own. Like the lookback in prose, the run
	// starts no earlier than the last prose step of this delta.
	r, k := nameRun(s, d.proseFrom, len(s))
	switch {
	case d.mode != mProse || r == len(s):
		d.prevName = false
	case r == 0: // the whole delta continues the prose run of the last one
		d.prevName = d.prevName || k < len(s)
	default:
		d.prevName = k < len(s)
	}
	return dst
}

// CloseResponse implements engine.Machine.
func (d *decoder) CloseResponse(dst []toolcall.Event) []toolcall.Event {
	if !d.Holding() {
		return dst
	}
	switch d.mode {
	case mBlock:
		start := d.Start()
		dst = d.decideBlock(dst, d.Text("", 0), start)
	case mCand:
		d.Diag(toolcall.KindSyntax, d.Start(), "", "a call is not closed at the end of the response")
		dst = d.Emit(dst, "", 0)
	default:
		dst = d.Emit(dst, "", 0)
	}
	d.mode = mProse
	return dst
}

// InCandidate implements toolcall.CandidateHolder: inside a candidate, a
// function tag or a python block, text is data.
func (d *decoder) InCandidate() bool {
	switch d.mode {
	case mCand, mFuncName, mFuncBody, mFuncSkip, mBlock:
		return true
	}
	return false
}

// Step implements engine.Stepper.
func (d *decoder) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch d.mode {
	case mMarker:
		return d.marker(dst, s, i)
	case mHead:
		return d.stepHead(dst, s, i)
	case mWord:
		return d.word(dst, s, i)
	case mCand:
		return d.candidate(dst, s, i)
	case mRun:
		return d.run(dst, s, i)
	case mFuncName:
		return d.funcName(dst, s, i)
	case mFuncBody:
		return d.funcBody(dst, s, i)
	case mFuncEmpty, mFuncEnd, mFuncSkip:
		return d.funcClose(dst, s, i)
	case mBlock:
		return d.block(dst, s, i)
	}
	return d.prose(dst, s, i)
}

// prose hands text on up to the next byte that may start something. A name
// right before '(' may be a bare call; a name at the end of the delta is held
// until the next byte says.
func (d *decoder) prose(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	d.proseFrom = i
	j := i
	for j < len(s) && !triggers[s[j]] {
		j++
	}
	continued := i == 0 && d.prevName // s starts in the middle of a name
	if j == len(s) {
		r, k := nameRun(s, i, j)
		if k < j && !(continued && r == 0) && d.mayName(s[k:j]) {
			dst = d.Content(dst, s[i:k])
			d.Begin(k)
			d.mode, d.candAt = mWord, 0
			return dst, j
		}
		return d.Content(dst, s[i:j]), j
	}
	switch s[j] {
	case '(':
		r, k := nameRun(s, i, j)
		if k == j || (continued && r == 0) || !d.allowed(s[k:j]) {
			return d.Content(dst, s[i:j+1]), j + 1
		}
		dst = d.Content(dst, s[i:k])
		d.Begin(k)
		d.startCand(kBare, 0)
		return dst, j
	case '<':
		dst = d.Content(dst, s[i:j])
		d.Begin(j)
		d.mode = mMarker
	default: // '[' or '{'
		dst = d.Content(dst, s[i:j])
		d.Begin(j)
		d.mode, d.head, d.candAt = mHead, head{}, 0
	}
	return dst, j
}

// nameRun returns where the run of name bytes that ends at s[j] starts, no
// earlier than i, and where the name in it starts: names start with a
// letter or '_' (k is j when the run holds none).
func nameRun(s string, i, j int) (r, k int) {
	r = j
	for r > i && (pythonic.IsNameByte(s[r-1]) || s[r-1] >= 0x80) {
		r--
	}
	k = r
	for k < j && !(pythonic.IsNameStartByte(s[k]) || s[k] >= 0x80) {
		k++
	}
	return r, k
}

// allowed reports whether a bare call may name name: only requested tools
// (any name when the request offers none).
func (d *decoder) allowed(name string) bool {
	return d.explicit || d.Req.IsKnownTool(name)
}

// mayName reports whether a word cut by the end of a delta may grow into
// the name of a call this response may make.
func (d *decoder) mayName(word string) bool {
	if d.explicit || len(d.Req.Tools) == 0 {
		return true
	}
	if d.folded == nil {
		for _, t := range d.Req.Tools {
			for _, n := range []string{t.Name, "functions." + t.Name} {
				if n == "" {
					continue // a tool with no name matches no word
				}
				f := []byte(n)
				for i := range f {
					f[i] = fold(f[i])
				}
				d.folded = append(d.folded, string(f))
				d.firsts[f[0]] = true
			}
		}
	}
	if word == "" || !d.firsts[fold(word[0])] {
		return false
	}
	for _, name := range d.folded {
		if foldedPrefix(word, name) {
			return true
		}
	}
	return false
}

// foldedPrefix reports whether word, folded, is a prefix of name, which is
// folded already.
func foldedPrefix(word, name string) bool {
	if len(word) > len(name) {
		return false
	}
	for i := 0; i < len(word); i++ {
		if fold(word[i]) != name[i] {
			return false
		}
	}
	return true
}

func fold(c byte) byte {
	switch {
	case 'A' <= c && c <= 'Z':
		return c + 'a' - 'A'
	case c == '-' || c == '.':
		return '_'
	}
	return c
}

// startCand starts tracking a candidate of the given kind whose text begins
// at offset at of the pending item.
func (d *decoder) startCand(kind candKind, at int) {
	d.mode, d.kind, d.candAt = mCand, kind, at
	d.opening = !d.Said.Spoke()
	d.rec.Reset(d.Limits.MaxDepth)
}

func (d *decoder) marker(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, idx, n, held := d.MatchAt(proseMarkers, s, i, 0)
	end := i + n - held
	switch {
	case res == marker.Partial:
		return dst, len(s)
	case res == marker.None:
		d.mode = mProse
		return d.Emit(dst, s, end), end
	case idx == markPythonStart:
		d.Drop()
		if d.explicit { // blocks do not nest
			d.mode = mProse
			return dst, end
		}
		d.Begin(end)
		d.mode = mBlock
		d.body.Reset(blockEnds, d.Limits.MaxDepth, block.ScanCode)
	case idx == markFunctionTag:
		d.mode = mFuncName
		d.mark = n
	default:
		d.Drop()
		d.mode = mProse
	}
	return dst, end
}

func (d *decoder) stepHead(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	end := min(len(s), i+d.Room(s, i))
	res, n := d.head.feed(s[i:end])
	switch res {
	case marker.Partial:
		if end == len(s) {
			return dst, len(s)
		}
		d.Diag(toolcall.KindLimit, d.Start(), "", "a pending call passed the size limit")
		n = end - i
		fallthrough
	case marker.None:
		d.mode = mProse
		return d.Emit(dst, s, i+n), i + n
	}
	// Replay the head's brackets: the name and key are not structural.
	kind := kObject
	switch {
	case d.head.array:
		kind = kArray
	case d.head.phase == hName || d.head.phase == hAfterName:
		kind = kList
	}
	at := d.candAt
	d.startCand(kind, at)
	q := string(d.head.quote)
	switch kind {
	case kList:
		d.rec.Feed("[(")
	case kArray:
		d.rec.Feed("[{" + q + "k" + q)
	case kObject:
		d.rec.Feed("{" + q + "k" + q)
	}
	return dst, i + n
}

// word continues a name held from an earlier delta.
func (d *decoder) word(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	for j < len(s) && (pythonic.IsNameByte(s[j]) || s[j] >= 0x80) {
		j++
	}
	if j == len(s) {
		if d.Len(s, j)-d.candAt > 256 {
			d.mode = mProse
			return d.Emit(dst, s, j), j
		}
		return dst, j
	}
	if s[j] == '(' && d.allowed(d.Peek(s, j, d.candAt)) {
		d.startCand(kBare, d.candAt)
		return dst, j
	}
	d.mode = mProse
	return d.Emit(dst, s, j), j
}

func (d *decoder) candidate(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	end := min(len(s), i+d.Room(s, i))
	n, st := d.rec.Feed(s[i:end])
	i += n
	switch st {
	case pythonic.Open:
		if i == len(s) {
			return dst, i
		}
		d.Diag(toolcall.KindLimit, d.Start(), "", "a pending call passed the size limit")
	case pythonic.Closed:
		if d.kind == kFuncBody {
			return d.decideFunc(dst, s, i), i
		}
		start := d.Start()
		text := d.Text(s, i)
		d.mode = mProse
		return d.decide(dst, text, start), i
	case pythonic.Mismatch:
		d.Diag(toolcall.KindSyntax, d.Offset(i-1), "", "a closing bracket does not match")
		if d.kind == kFuncBody {
			d.mode, d.mark = mFuncSkip, d.Len(s, i)
			return dst, i
		}
	case pythonic.TooDeep:
		d.Diag(toolcall.KindLimit, d.Offset(i-1), "", "a call nested too deep")
	}
	d.mode = mProse
	return d.Emit(dst, s, i), i
}

// decide parses a closed candidate whose pending text (with a run's
// separators before candAt) starts at offset start.
func (d *decoder) decide(dst []toolcall.Event, text string, start int) []toolcall.Event {
	cand := text[d.candAt:]
	cstart := start + d.candAt
	switch d.kind {
	case kList:
		elems, err := d.parser.ParseList(cand)
		if err != nil {
			d.syntax(err, cstart, "")
			return d.Content(dst, text)
		}
		for _, el := range elems {
			if !d.accepts(el.Call.Name) {
				d.Diag(toolcall.KindUnknownTool, cstart+el.Start, el.Call.Name, "a call list in prose names a tool the request does not offer")
				return d.Content(dst, text)
			}
		}
		dst = d.Content(dst, text[:d.candAt])
		return d.elements(dst, cand, cstart, elems)
	case kBare:
		elems, err := d.parser.ParseRun(cand)
		if err == nil && (len(elems) != 1 || elems[0].Err != nil) {
			err = &pythonic.SyntaxError{Msg: "not one call"}
			if len(elems) > 0 && elems[0].Err != nil {
				err = elems[0].Err
			}
		}
		if err != nil {
			d.syntax(err, cstart, nameOf(cand))
			return d.Content(dst, text)
		}
		dst = d.elements(dst, cand, cstart, elems)
		return d.afterCall(dst)
	}
	calls, err := jsoncall.Parse(cand, &d.parser, d.requested)
	if err != nil {
		d.Diag(toolcall.KindSyntax, cstart, "", "not a call object: "+err.Error())
		return d.Content(dst, text)
	}
	for _, c := range calls {
		if !d.accepts(c.Name) {
			d.Diag(toolcall.KindUnknownTool, cstart, c.Name, "a call object in prose names a tool the request does not offer")
			return d.Content(dst, text)
		}
	}
	for _, c := range calls {
		dst = d.Call(dst, c, cstart)
	}
	if d.kind == kObject {
		return d.afterCall(dst)
	}
	return dst
}

// requested reports whether name matches one of the request's tools.
func (d *decoder) requested(name string) bool { return toolcall.MatchTool(d.Req.Tools, name) >= 0 }

// accepts reports whether a call in an unmarked list or object may name
// name: inside markers and in a candidate that opens the response, any
// name; elsewhere only requested tools.
func (d *decoder) accepts(name string) bool {
	return d.explicit || d.opening || d.Req.IsKnownTool(name)
}

// afterCall starts holding what follows a bare call or call object: more
// calls of the same run may follow its separators.
func (d *decoder) afterCall(dst []toolcall.Event) []toolcall.Event {
	d.mode = mRun
	return dst
}

func (d *decoder) elements(dst []toolcall.Event, text string, start int, elems []pythonic.Element) []toolcall.Event {
	for _, el := range elems {
		if el.Err != nil {
			d.syntax(el.Err, start, el.Call.Name)
			dst = d.Content(dst, text[el.Start:el.End])
			continue
		}
		for _, r := range el.Repaired {
			d.Diag(toolcall.KindSyntax, start+r.Offset, el.Call.Name, r.Msg)
		}
		dst = d.Call(dst, el.Call, start+el.Start)
	}
	return dst
}

func (d *decoder) syntax(err error, start int, call string) {
	kind := toolcall.KindSyntax
	off := start
	if se, ok := err.(*pythonic.SyntaxError); ok {
		off += se.Offset
		if errors.Is(se, pythonic.ErrTooDeep) {
			kind = toolcall.KindLimit
		}
	}
	d.Diag(kind, off, call, err.Error())
}

func nameOf(call string) string {
	call = strings.TrimSpace(call)
	return call[:pythonic.NameEnd(call, 0)]
}

// run holds the separators after a call; a name or '{' after them may
// continue the run, anything else ends it and the separators are prose.
func (d *decoder) run(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !d.Holding() {
		d.Begin(i)
	}
	j := i
	for j < len(s) && (jsonvalue.IsSpace(s[j]) || s[j] == ',' || s[j] == ';') {
		j++
	}
	if j == len(s) {
		return dst, j
	}
	at := d.Len(s, j)
	switch c := s[j]; {
	case pythonic.IsNameStartByte(c):
		d.mode, d.candAt = mWord, at
	case c == '{':
		d.mode, d.head, d.candAt = mHead, head{}, at
	default:
		d.mode = mProse
		return d.Emit(dst, s, j), j
	}
	return dst, j
}

// funcName reads NAME in <function=NAME>.
func (d *decoder) funcName(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	for j < len(s) && (pythonic.IsNameByte(s[j]) || s[j] >= 0x80) {
		j++
	}
	if j == len(s) {
		if d.Len(s, j) > 256 {
			d.mode = mProse
			return d.Emit(dst, s, j), j
		}
		return dst, j
	}
	if s[j] != '>' || d.Len(s, j) == d.mark {
		d.mode = mProse
		return d.Emit(dst, s, j), j
	}
	d.fname = d.Peek(s, j, d.mark)
	d.mode = mFuncBody
	return dst, j + 1
}

// funcBody waits for the JSON of a function tag, or its end.
func (d *decoder) funcBody(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	for j < len(s) && jsonvalue.IsSpace(s[j]) {
		j++
	}
	if j == len(s) {
		return dst, j
	}
	switch s[j] {
	case '{':
		d.mode, d.kind, d.candAt = mCand, kFuncBody, d.Len(s, j)
		d.rec.Reset(d.Limits.MaxDepth)
		return dst, j
	case '<':
		d.mode, d.mark = mFuncEmpty, d.Len(s, j)
		return dst, j
	}
	d.mode = mProse
	return d.Emit(dst, s, j), j
}

// decideFunc decides a function tag whose JSON closed at s[:i].
func (d *decoder) decideFunc(dst []toolcall.Event, s string, i int) []toolcall.Event {
	start := d.Start()
	body := d.Peek(s, i, d.candAt)
	args, err := funcArgs(body, &d.parser)
	if err != nil {
		d.Diag(toolcall.KindSyntax, start+d.candAt, d.fname, "the arguments of a function tag do not parse: "+err.Error())
		d.mode = mProse
		return d.Emit(dst, s, i)
	}
	d.Drop()
	dst = d.Call(dst, toolcall.Call{Name: d.fname, Arguments: args}, start)
	d.Begin(i)
	d.mode, d.mark = mFuncEnd, 0
	return dst
}

func funcArgs(body string, p *pythonic.Parser) (string, error) {
	raw, err := jsoncall.Value(body, p)
	if err != nil {
		return "", err
	}
	return jsoncall.Arguments(raw, p)
}

// funcClose looks for </function>: as the whole body (mFuncEmpty), after
// the JSON (mFuncEnd), or anywhere after a broken body (mFuncSkip).
func (d *decoder) funcClose(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if d.Len(s, i) == d.mark { // find the '<'
		j := i
		for j < len(s) && s[j] != '<' && (d.mode == mFuncSkip || jsonvalue.IsSpace(s[j])) {
			j++
		}
		if j == len(s) {
			d.mark = d.Len(s, j)
			return dst, j
		}
		if s[j] != '<' { // something else after the JSON: the tag is closed
			d.mode = mProse
			return d.Emit(dst, s, j), j
		}
		d.mark = d.Len(s, j)
		i = j
	}
	res, _, n, held := d.MatchAt(funcEnds, s, i, d.mark)
	end := i + n - held
	switch res {
	case marker.Partial:
		return dst, len(s)
	case marker.Full:
		switch d.mode {
		case mFuncEmpty:
			start := d.Start()
			d.Drop()
			dst = d.Call(dst, toolcall.Call{Name: d.fname, Arguments: "{}"}, start)
		case mFuncEnd:
			d.Drop()
		default: // a broken tag is prose, markers and all
			dst = d.Emit(dst, s, end)
		}
		d.mode = mProse
		return dst, end
	}
	if d.mode == mFuncSkip {
		d.mark = d.Len(s, end)
		return dst, end
	}
	d.mode = mProse
	return d.Emit(dst, s, end), end
}

// block scans a <|python_start|> block for its end (block.Body: outside
// strings while its brackets are consistent).
func (d *decoder) block(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	out, next, _, n := d.body.Scan(&d.Base, s, i)
	switch out {
	case block.Ended:
		start := d.Start()
		body := d.Text(s, next)[:n]
		d.mode = mProse
		return d.decideBlock(dst, body, start), next
	case block.Limit:
		d.Diag(toolcall.KindLimit, d.Start(), "", "a python block passed the size limit")
		d.mode = mProse
		return d.Emit(dst, s, next), next
	}
	return dst, next
}

// decideBlock decides the inside of a python block: calls in any of the
// forms; else, when the request offers code_interpreter, a call to it with
// the inside as code; else the inside as content, without the markers.
func (d *decoder) decideBlock(dst []toolcall.Event, body string, start int) []toolcall.Event {
	sub := newDecoder(d.Req, true)
	sub.SetLimits(d.Limits)
	sub.SetOffset(start)
	evs := sub.Close(sub.Feed(nil, body))
	calls, prose := 0, false
	for _, e := range evs {
		if e.Call != nil {
			calls++
		} else if strings.TrimSpace(e.Content) != "" {
			prose = true
		}
	}
	trimmed := strings.TrimSpace(body)
	if (calls == 0 || prose) && block.LooksLikeOneCall(trimmed) {
		// One call that did not parse cleanly: its last string may hold
		// quotes of its own kind.
		if c, err := d.parser.ParseCallReread(trimmed); err == nil {
			return d.Call(dst, c, start)
		}
	}
	if calls > 0 {
		d.Adopt(sub.Diagnostics())
		n := 0
		for _, e := range evs {
			if e.Call != nil {
				dst = d.Call(dst, *e.Call, sub.CallOffset(n))
				n++
			} else {
				dst = d.Content(dst, e.Content)
			}
		}
		return dst
	}
	if toolcall.MatchTool(d.Req.Tools, "code_interpreter") >= 0 && trimmed != "" {
		args := `{"code":` + jsonString(trimmed) + `}`
		return d.Call(dst, toolcall.Call{Name: "code_interpreter", Arguments: args}, start)
	}
	if trimmed != "" {
		d.Diag(toolcall.KindSyntax, start, "", "a python block holds no call")
	}
	return d.Content(dst, body)
}
