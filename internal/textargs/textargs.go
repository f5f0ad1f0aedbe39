// Package textargs builds a call's arguments from values a format writes
// as bare text (Qwen3-Coder's <parameter=KEY>, GLM's <arg_value>): each
// value becomes a JSON string, which the stream's schema coercion then
// types by the tool's schema, except "null" where the schema allows null.
package textargs

import (
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/utf8carry"
	"github.com/toolparse/toolparse/toolcall"
)

// Builder gathers one call's arguments, in the order their keys first
// came; a repeated key keeps its first place and its last value.
type Builder struct {
	tool *schemacore.Schema // nil: no schema (or a tool the request does not offer)
	nreq int                // how many of the keys the schema requires
	// offered says the request offers the tool (Fresh guards its keys).
	offered bool
	keys    []string
	vals    []span // each key's value, as JSON, in buf
	buf     []byte
	// index finds a key's place once there are many: a call with
	// thousands of arguments costs a lookup each, not a scan.
	index map[string]int
}

// builders keeps Builders between calls: their buffers serve the next.
var builders = sync.Pool{New: func() any { return new(Builder) }}

// Get returns a Builder for the arguments of a call to the tool of req
// named name (Reset), from a pool; Put gives it back once its JSON was
// taken (JSON's string is the caller's, not the Builder's).
func Get(req *toolcall.Request, name string) *Builder {
	b := builders.Get().(*Builder)
	b.Reset(req, name)
	return b
}

// Put gives b back to the pool.
func Put(b *Builder) {
	if cap(b.buf) > 64<<10 { // a huge call's buffers are not kept
		return
	}
	b.tool = nil
	builders.Put(b)
}

// span is where a value's JSON stands in a Builder's buffer.
type span struct{ from, to int }

// indexFrom is how many keys a Builder scans before it indexes them.
const indexFrom = 16

// Reset begins the arguments of a call to the tool of req named name (a
// tool the request does not offer has no schema).
func (b *Builder) Reset(req *toolcall.Request, name string) {
	b.tool, b.keys, b.vals, b.buf = nil, b.keys[:0], b.vals[:0], b.buf[:0]
	b.index, b.nreq, b.offered = nil, 0, false
	if k := req.Match(name); k >= 0 {
		b.tool, b.offered = schemacore.Of(req, k), true
	}
}

// Set adds the argument key with the text val. A key set before keeps its
// place and takes val; Set then returns a note saying so, for the call's
// diagnostics (as pythonic notes a repeated keyword), else nil.
func (b *Builder) Set(key, val string, off int) *pylit.SyntaxError {
	from := len(b.buf)
	b.buf = AppendValue(b.buf, b.tool, key, val)
	return b.set(key, span{from, len(b.buf)}, off)
}

// SetJSON adds the argument key with the value val, JSON a format typed
// itself (DSML says a value's type in its tag): the schema does not read
// it. A key set before is noted as Set notes it.
func (b *Builder) SetJSON(key string, val []byte, off int) *pylit.SyntaxError {
	from := len(b.buf)
	b.buf = append(b.buf, val...)
	return b.set(key, span{from, len(b.buf)}, off)
}

// set adds the argument key with the value at v in b.buf.
func (b *Builder) set(key string, v span, off int) *pylit.SyntaxError {
	if k := b.find(key); k >= 0 {
		b.vals[k] = v // the earlier value's bytes stay unused
		return &pylit.SyntaxError{Offset: off, Msg: "argument " + key + " given twice: the last value is used"}
	}
	b.keys, b.vals = append(b.keys, key), append(b.vals, v)
	if b.tool.IsRequired(key) {
		b.nreq++
	}
	if b.index != nil {
		b.index[key] = len(b.keys) - 1
	} else if len(b.keys) > indexFrom {
		b.index = make(map[string]int, 2*len(b.keys))
		for k, key := range b.keys {
			b.index[key] = k
		}
	}
	return nil
}

// find returns key's place, or -1.
func (b *Builder) find(key string) int {
	if b.index != nil {
		if k, ok := b.index[key]; ok {
			return k
		}
		return -1
	}
	return slices.Index(b.keys, key)
}

// Schema returns the schema of the call's tool, or nil (no schema, or a
// tool the request does not offer).
func (b *Builder) Schema() *schemacore.Schema { return b.tool }

// Has reports whether key is set.
func (b *Builder) Has(key string) bool { return b.find(key) >= 0 }

// Fresh reports whether a tag naming key, after a value's close tag, may
// begin the next argument: key is not set yet. Formats read such a tag as
// text in the value otherwise (a file's content that holds the format's
// own tags never sets an argument again). In a call to a tool the request
// does not offer, which no agent runs as it is, any key is fresh: a key
// given again is a new value, the last one winning, as the peers read it.
func (b *Builder) Fresh(key string) bool { return key != "" && (!b.offered || !b.Has(key)) }

// Known reports whether the tool's schema lists key among its properties,
// or lists none: what a tag inside a value whose close tag is missing
// must name, besides being Fresh, to begin the next argument.
func (b *Builder) Known(key string) bool { return known(b.tool, key) }

func known(tool *schemacore.Schema, key string) bool {
	has, listed := tool.Property(key)
	return has || !listed
}

// Len is the number of arguments set.
func (b *Builder) Len() int { return len(b.keys) }

// Complete reports whether the arguments set can be the whole call's, as
// far as the tool's schema tells: every argument it requires is set. A
// format whose calls the end of the response may cut between two values
// asks it (a call with a required argument missing was cut off).
func (b *Builder) Complete() bool {
	return b.nreq == len(b.tool.Required())
}

// JSON returns the arguments as a compact JSON object.
func (b *Builder) JSON() string {
	n := 2
	for k, key := range b.keys {
		n += len(key) + 4 + b.vals[k].to - b.vals[k].from
	}
	out := make([]byte, 0, n)
	out = append(out, '{')
	for k, key := range b.keys {
		if k > 0 {
			out = append(out, ',')
		}
		out = jsonvalue.AppendString(out, key)
		out = append(out, ':')
		out = append(out, b.buf[b.vals[k].from:b.vals[k].to]...)
	}
	out = append(out, '}')
	return unsafe.String(unsafe.SliceData(out), len(out)) // out is not written again
}

// ValidName reports whether name can be a function's name in a tagged
// format: not empty, no whitespace and none of {}<>"'.
func ValidName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if notInName[name[i]] {
			return false
		}
	}
	return true
}

var notInName = [256]bool{'{': true, '}': true, '<': true, '>': true, '"': true, '\'': true, ' ': true, '\t': true, '\r': true, '\n': true}

// ValidKey reports whether a tag's key (what <parameter= or a similar tag
// holds before its '>') is one: no newline and no '<'.
func ValidKey(key string) bool {
	return strings.IndexByte(key, '\n') < 0 && strings.IndexByte(key, '<') < 0
}

// AppendValue appends the JSON of the text val of the argument key, for
// a call to tool (nil: none), as schema.TextValue reads it: a string, but
// null for "null" where the schema allows null, and a typed value where it
// allows a string and other types and the text is JSON of one. A string
// needs no schema, and no allocation of its own.
func AppendValue(dst []byte, tool *schemacore.Schema, key, val string) []byte {
	if tool == nil || !tool.MayType(key, val) {
		return jsonvalue.AppendString(dst, val)
	}
	v, _ := tool.TextValue(key, val)
	return append(dst, v...)
}

// Render writes calls as a format that writes values as text writes them,
// as frame describes: per call frame.Begin(name), each argument framed by
// frame.Tagged (a string's text raw, any other value as JSON with the
// spaces Jinja's tojson writes, or with frame.Repr as Python's str writes
// it), frame.End; calls joined by frame.Sep. No calls is "". format names
// the format in errors.
func Render(format string, calls []toolcall.Call, frame grammar.Frame) (string, error) {
	var b []byte
	for i, c := range calls {
		args, err := prompt.Arguments(format, c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b = append(b, frame.Sep...)
		}
		b = append(b, frame.Begin(c.Name)...)
		for _, m := range args.Members {
			before, after := frame.Tagged(m.Key)
			b = append(b, before...)
			switch {
			case m.Val.Kind == jsonvalue.String:
				b = append(b, m.Val.Str...)
			case frame.Repr:
				b = prompt.AppendPythonStr(b, m.Val)
			default:
				b = m.Val.AppendSpaced(b)
			}
			b = append(b, after...)
		}
		b = append(b, frame.End...)
	}
	return string(b), nil
}

// Chars writes a value's text as the inside of a JSON string while it
// arrives in pieces: a character split between pieces waits for its last
// byte, and one newline at the end waits for what follows (formats drop a
// value's last newline).
type Chars struct {
	carry utf8carry.Carry
	nl    bool
}

// Append appends the JSON of text, which continues the value, to dst.
func (c *Chars) Append(dst []byte, text string) []byte {
	if text == "" {
		return dst
	}
	if c.nl {
		dst = append(dst, '\\', 'n')
		c.nl = false
	}
	if c.carry.Len() > 0 {
		char, rest, done := c.carry.Complete(text)
		if !done {
			return dst
		}
		dst = jsonvalue.AppendChars(dst, string(char))
		if text = rest; text == "" {
			return dst
		}
	}
	if text[len(text)-1] == '\n' {
		c.nl = true
		text = text[:len(text)-1]
	}
	return jsonvalue.AppendChars(dst, c.carry.Hold(text))
}

// End ends the value: what waited goes out, but for a last newline when
// dropNL says the format drops it.
func (c *Chars) End(dst []byte, dropNL bool) []byte {
	dst = jsonvalue.AppendChars(dst, string(c.carry.Flush()))
	if c.nl && !dropNL {
		dst = append(dst, '\\', 'n')
	}
	c.nl = false
	return dst
}

// Writer writes a call's arguments as JSON while a format that writes
// values as text (Qwen3-Coder, GLM) has them arrive, for argument
// streaming: what it wrote is the start of what Builder.JSON gives for the
// same call, as long as Key accepts every key.
type Writer struct {
	JSON    []byte
	tool    *schemacore.Schema
	offered bool // the request offers the tool (Fresh guards its keys)
	keys    []string
	index   map[string]bool // keys, once there are many
	chars   Chars
}

// Begin starts the arguments of a call to the tool of req named name.
func (w *Writer) Begin(req *toolcall.Request, name string) {
	w.tool, w.offered = nil, false
	if k := req.Match(name); k >= 0 {
		w.tool, w.offered = schemacore.Of(req, k), true
	}
	w.JSON = append(w.JSON[:0], '{')
	w.keys, w.index = w.keys[:0], nil
}

// has reports whether key was set.
func (w *Writer) has(key string) bool {
	if w.index != nil {
		return w.index[key]
	}
	return slices.Contains(w.keys, key)
}

// Fresh and Known are Builder's, for the keys written so far (the value's
// own among them).
func (w *Writer) Fresh(key string) bool { return key != "" && (!w.offered || !w.has(key)) }

// Known is Builder.Known.
func (w *Writer) Known(key string) bool { return known(w.tool, key) }

// Key starts the value of key. It reports false when the value cannot
// stream: a repeated key (its last value goes at its first place), or one
// the schema lets be null ("null" would be null: only the whole value
// tells).
func (w *Writer) Key(key string) bool {
	if w.has(key) || w.tool.TextTyped(key) {
		return false
	}
	w.key(key)
	w.JSON = append(w.JSON, '"')
	return true
}

// key writes key and its colon, after a comma when a key came before.
func (w *Writer) key(key string) {
	if len(w.keys) > 0 {
		w.JSON = append(w.JSON, ',')
	}
	w.keys = append(w.keys, key)
	if w.index != nil {
		w.index[key] = true
	} else if len(w.keys) > indexFrom {
		w.index = make(map[string]bool, 2*len(w.keys))
		for _, k := range w.keys {
			w.index[k] = true
		}
	}
	w.JSON = jsonvalue.AppendString(w.JSON, key)
	w.JSON = append(w.JSON, ':')
}

// StringKey starts the value of key as Key does, for a value that is a
// string whatever the schema says (a format that says a value's type in
// its tag): only a repeated key makes it report false.
func (w *Writer) StringKey(key string) bool {
	if w.has(key) {
		return false
	}
	w.key(key)
	w.JSON = append(w.JSON, '"')
	return true
}

// JSONValue writes the whole value of key, val, JSON a format typed
// itself (Builder.SetJSON); it reports false for a repeated key, and then
// writes nothing.
func (w *Writer) JSONValue(key string, val []byte) bool {
	if w.has(key) {
		return false
	}
	w.key(key)
	w.JSON = append(w.JSON, val...)
	return true
}

// Text continues the value with text.
func (w *Writer) Text(text string) { w.JSON = w.chars.Append(w.JSON, text) }

// EndValue ends the value, dropping a last newline when dropNL says the
// format drops it.
func (w *Writer) EndValue(dropNL bool) {
	w.JSON = w.chars.End(w.JSON, dropNL)
	w.JSON = append(w.JSON, '"')
}

// End ends the arguments.
func (w *Writer) End() { w.JSON = append(w.JSON, '}') }
