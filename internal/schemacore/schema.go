// Package schemacore is the schema package's machinery: the process-wide
// cache of compiled tool schemas, coercion of arguments to them, the
// bounded validation of untrusted schemas and the streamed prefix. It is
// internal so that format packages and other internal packages (which
// may not import the public schema package, which sits above them) can
// read a request's schemas; the schema package re-exports it under its
// public names, and its package doc describes the rules.
package schemacore

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/kaptinlin/jsonschema"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemadoc"
	"github.com/toolparse/toolparse/toolcall"
)

// MaxCached is how many schemas the process-wide cache keeps; past it, or
// past MaxCachedBytes, the oldest are forgotten.
const MaxCached = 1024

// MaxCachedBytes bounds the schema text the cache keeps, summed over its
// entries. A compiled schema holds about 20 to 30 times its text in memory
// (measured: 19x for a 200 KB schema of 2,000 properties; 30x for 1 MB
// ones), so the cache stays under about 256 MiB at worst.
const MaxCachedBytes = 8 << 20

// The limits on a schema the library will use, from the client's request.
// A larger or deeper one, one with a $ref cycle no value can end, or one
// that checks a value against more subschemas than MaxSchemaFanout through
// allOf/anyOf/oneOf/$ref is refused: the arguments are left as they are,
// with a "schema" diagnostic, and are not validated.
const (
	MaxSchemaBytes  = schemadoc.MaxBytes
	MaxSchemaDepth  = schemadoc.MaxDepth
	MaxSchemaFanout = schemadoc.MaxFanout
)

// compiled is what the cache keeps of one schema.
type compiled struct {
	doc       *schemadoc.Doc     // the schema, decoded (nil when refused)
	broken    string             // why the schema cannot be used at all
	validator *jsonschema.Schema // nil when it cannot validate
	noCheck   string             // why it cannot validate
	prep      *prepared          // what the estimate reads of the validator's tree
	fast      *fastNode          // the fast validator (see fast.go); nil when the schema needs the reference one
	// validating serializes the validator's use: it writes caches inside
	// its compiled tree as it validates (patternProperties' compiled
	// expressions, a pattern's on first use), so two goroutines must not
	// run it on one tree at once.
	validating sync.Mutex

	once     sync.Once
	root     *jsonvalue.Value    // the root, its $refs followed
	props    *jsonvalue.Value    // the root's "properties", an object, or nil
	required []string            // the root's "required" names
	isReq    map[string]bool     // the same, as a set
	types    map[string][]string // each root property's PropertyTypes
}

// derive reads, once per schema, what every call's arguments ask of its
// root: its properties, their types, the names it requires.
func (c *compiled) derive() {
	c.once.Do(func() {
		if c.doc == nil {
			return
		}
		d := c.doc
		c.root = d.Resolve(&d.Root)
		if c.root == nil {
			return
		}
		if req := d.Get(c.root, "required"); req != nil && req.Kind == jsonvalue.Array {
			c.isReq = make(map[string]bool, len(req.Items))
			for _, it := range req.Items {
				if it.Kind == jsonvalue.String && !c.isReq[it.Str] {
					c.required = append(c.required, it.Str)
					c.isReq[it.Str] = true
				}
			}
		}
		props := d.Get(c.root, "properties")
		if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
			return
		}
		c.props = props
		c.types = make(map[string][]string, len(props.Members))
		for i := range props.Members {
			m := &props.Members[i]
			if _, ok := c.types[m.Key]; !ok {
				c.types[m.Key] = propertyTypes(d, d.Resolve(d.Get(props, m.Key)))
			}
		}
	})
}

// propertyTypes returns the types ps allows: its "type", and those of its
// anyOf and oneOf alternatives.
func propertyTypes(d *schemadoc.Doc, ps *jsonvalue.Value) []string {
	if ps == nil {
		return nil
	}
	types := slices.Clone(d.Types(ps))
	for _, key := range [...]string{"anyOf", "oneOf"} {
		alts := d.Get(ps, key)
		if alts == nil || alts.Kind != jsonvalue.Array {
			continue
		}
		for i := range alts.Items {
			for _, t := range d.Types(d.Resolve(&alts.Items[i])) {
				if !slices.Contains(types, t) {
					types = append(types, t)
				}
			}
		}
	}
	return types
}

var cache struct {
	sync.Mutex
	byText map[string]*compiled
	order  []string
	bytes  int
}

var compiles atomic.Int64

// Compiles returns how many schemas this process has compiled, for tests
// and metrics: it grows by one per distinct schema, not per request.
func Compiles() int64 { return compiles.Load() }

// CachedBytes returns the schema text the process-wide cache holds.
func CachedBytes() int {
	cache.Lock()
	defer cache.Unlock()
	return cache.bytes
}

var tooLarge = &compiled{broken: fmt.Sprintf("the tool's schema is larger than %d bytes: arguments are not coerced or validated", MaxSchemaBytes)}

func lookup(schema []byte) *compiled {
	if len(schema) > MaxSchemaBytes {
		return tooLarge
	}
	key := string(schema)
	cache.Lock()
	c, ok := cache.byText[key]
	cache.Unlock()
	if ok {
		return c
	}
	c = compile(schema)
	cache.Lock()
	defer cache.Unlock()
	if cache.byText == nil {
		cache.byText = make(map[string]*compiled)
	}
	if _, ok := cache.byText[key]; !ok {
		for len(cache.order) > 0 && (len(cache.order) >= MaxCached || cache.bytes+len(key) > MaxCachedBytes) {
			cache.bytes -= len(cache.order[0])
			delete(cache.byText, cache.order[0])
			cache.order[0] = ""
			cache.order = cache.order[1:]
		}
		cache.byText[key] = c
		cache.order = append(cache.order, key)
		cache.bytes += len(key)
	}
	return c
}

func compile(schema []byte) *compiled {
	compiles.Add(1)
	c := &compiled{}
	doc, err := schemadoc.Parse(schema)
	if err != nil {
		c.broken = "the tool's schema is refused: " + err.Error() + ": arguments are not coerced or validated"
		return c
	}
	c.doc = doc
	if doc.RemoteRef != "" {
		c.noCheck = "the tool's schema has a $ref to " + doc.RemoteRef + ", which is never fetched: arguments are not validated"
		return c
	}
	if c.noCheck = checkDoc(doc); c.noCheck != "" {
		return c
	}
	comp := jsonschema.NewCompiler()
	for scheme := range comp.Loaders { // never fetch anything
		delete(comp.Loaders, scheme)
	}
	v, err := comp.Compile(schema)
	if err != nil {
		c.noCheck = "the tool's schema does not compile: " + err.Error()
		return c
	}
	if c.prep, c.noCheck = prepare(v); c.noCheck != "" {
		return c
	}
	c.validator = v
	c.fast = compileFast(v)
	return c
}

// Schema is one tool's schema, decoded and compiled: Of hands it out once
// per request and tool, so that what a call asks of it costs what the
// call's arguments use, not the schema's size. A nil *Schema is a tool
// without a schema: every method then leaves arguments as they are.
type Schema struct {
	tool string // the tool's name, for diagnostics
	c    *compiled
}

// ofKey is the key Of keeps its schemas under in a request's index.
type ofKey struct{}

// Of returns the schema of the request's tool k, compiled once per
// indexed request (stream.New indexes its request; an unindexed one
// finds it in the process-wide cache on every call, which costs a hash of
// the schema's text). Nil for a tool without a schema, or k out of range.
func Of(req *toolcall.Request, k int) *Schema {
	if req == nil || k < 0 || k >= len(req.Tools) || len(req.Tools[k].Parameters) == 0 {
		return nil // nothing to look up (For's answer too)
	}
	s, _ := req.Attached(k, ofKey{}, func(t toolcall.Tool) any { return For(t) }).(*Schema)
	return s
}

// For returns tool's schema, from the process-wide cache; nil when the tool
// has none.
func For(tool toolcall.Tool) *Schema {
	if len(bytes.TrimSpace(tool.Parameters)) == 0 {
		return nil
	}
	c := lookup(tool.Parameters)
	c.derive()
	return &Schema{tool: tool.Name, c: c}
}

// diag is a diagnostic of kind "schema" about the tool's call.
func (s *Schema) diag(msg string) toolcall.Diagnostic {
	return toolcall.Diagnostic{Kind: toolcall.KindSchema, Offset: -1, Call: s.tool, Message: msg}
}

// Coerce repairs a call's arguments (a JSON object) to fit the tool's
// schema and validates them. It returns the arguments to use, compact, and
// what did not fit as diagnostics of kind "schema". A tool without a schema
// (a nil *Schema) leaves the arguments as they are.
func (s *Schema) Coerce(args string) (string, []toolcall.Diagnostic) {
	return s.CoerceWithin(args, nil)
}

// CoerceWithin is Coerce, validating within what is left of b, the
// response's validation pool (see ValidatePool).
func (s *Schema) CoerceWithin(args string, b *Budget) (string, []toolcall.Diagnostic) {
	if s == nil {
		return args, nil
	}
	c := s.c
	if c.broken != "" {
		return args, []toolcall.Diagnostic{s.diag(c.broken)}
	}
	v, err := jsonvalue.Decode(args)
	if err != nil {
		return args, []toolcall.Diagnostic{s.diag("the arguments are not JSON: " + err.Error())}
	}
	co := coercer{doc: c.doc}
	v, _ = co.coerce(v, &c.doc.Root, 0)
	if co.err != nil {
		return args, []toolcall.Diagnostic{s.diag(co.err.Error() + ": arguments are left as they were")}
	}
	// The output is about the arguments' size: one buffer, made a string
	// without a copy.
	buf := v.AppendJSON(make([]byte, 0, len(args)+len(args)/8+16))
	out := unsafe.String(unsafe.SliceData(buf), len(buf))
	return out, s.validate(&v, len(out), b)
}

// validate checks v, whose JSON text is size bytes long, within the
// validation budget.
func (s *Schema) validate(v *jsonvalue.Value, size int, b *Budget) []toolcall.Diagnostic {
	c := s.c
	if c.validator == nil {
		if c.noCheck != "" {
			return []toolcall.Diagnostic{s.diag(c.noCheck)}
		}
		return nil
	}
	if hugeNumber(v) {
		return []toolcall.Diagnostic{s.diag(beyondFloat)}
	}
	if !withinBudget(c, v, size, b) {
		return []toolcall.Diagnostic{s.diag(overBudget)}
	}
	if c.fast != nil && c.fast.check(v) == valid {
		return nil // the reference validator would say nothing either
	}
	c.validating.Lock()
	r := c.validator.Validate(v.Any())
	c.validating.Unlock()
	msgs := violations(r, v)
	var diags []toolcall.Diagnostic
	bytes := 0
	for i, msg := range msgs {
		if len(msg) > MaxViolationBytes {
			msg = clip(msg, MaxViolationBytes)
		}
		if bytes += len(msg); i == MaxViolations || bytes > MaxViolationsBytes {
			diags = append(diags, s.diag(fmt.Sprintf("and %d more violations", len(msgs)-i)))
			break
		}
		diags = append(diags, s.diag(msg))
	}
	return diags
}

// The bounds on what one call's validation reports: at most MaxViolations
// violations, each at most MaxViolationBytes long (longer ones are cut,
// with "..."), at most MaxViolationsBytes in all; past them one last
// diagnostic counts the rest.
const (
	MaxViolations      = 32
	MaxViolationBytes  = 512
	MaxViolationsBytes = 8 << 10
)

// clip cuts msg to at most n bytes, at a UTF-8 boundary, marking the cut.
func clip(msg string, n int) string {
	n -= len("...")
	for n > 0 && !utf8.RuneStart(msg[n]) {
		n--
	}
	return msg[:n] + "..."
}

// beyondFloat is the diagnostic for arguments holding a number beyond what
// a float64 holds, which are not validated.
const beyondFloat = "the arguments hold a number beyond what a float64 holds (the validator's exact arithmetic on it would cost without bound): they are not validated"

// hugeNumber reports whether v holds a number beyond what a float64 holds.
func hugeNumber(v *jsonvalue.Value) bool {
	switch v.Kind {
	case jsonvalue.Number:
		return beyondFloat64(v.Str)
	case jsonvalue.Array:
		for i := range v.Items {
			if hugeNumber(&v.Items[i]) {
				return true
			}
		}
	case jsonvalue.Object:
		for i := range v.Members {
			if hugeNumber(&v.Members[i].Val) {
				return true
			}
		}
	}
	return false
}

// summaries are the keywords whose errors only say that something deeper
// failed.
var summaries = map[string]bool{"properties": true, "items": true, "prefixItems": true, "additionalProperties": true, "allOf": true, "$ref": true}

// exists reports whether the JSON pointer p, as the validator writes an
// instance location ("/" for the root too), names a value in v.
func exists(v *jsonvalue.Value, p string) bool { return p == "/" || v.Pointer(p) != nil }

// Validate checks a call's arguments against the tool's schema as they
// are, without coercing them, and returns the violations as diagnostics of
// kind "schema".
func (s *Schema) Validate(args string) []toolcall.Diagnostic {
	if s == nil {
		return nil
	}
	if s.c.broken != "" {
		return []toolcall.Diagnostic{s.diag(s.c.broken)}
	}
	if s.c.validator == nil {
		return nil
	}
	v, err := jsonvalue.Decode(args)
	if err != nil {
		return []toolcall.Diagnostic{s.diag("the arguments are not JSON: " + err.Error())}
	}
	return s.validate(&v, len(args), nil)
}

// violations flattens a validation result into "pointer: message" lines,
// deepest first, sorted for a stable order. Errors about a member the
// instance does not have are left out: the validator checks a missing
// property as if it were null, and "required" already reports it.
func violations(r *jsonschema.EvaluationResult, instance *jsonvalue.Value) []string {
	if r == nil || r.IsValid() {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	// The validator writes a nested result's instance location relative to
	// its parent's ("/a" under "/n" for /n/a): join them, and fall back to
	// the location as written where the joined one names nothing.
	// Only invalid results are looked up in the instance (a lookup scans
	// members: one per valid result would make a wide object quadratic).
	var walk func(l jsonschema.List, parent string)
	walk = func(l jsonschema.List, parent string) {
		at := parent + l.InstanceLocation
		deeper := false
		for _, d := range l.Details {
			if !d.Valid {
				walk(d, at)
				deeper = true
			}
		}
		if l.Valid {
			return
		}
		switch {
		case exists(instance, at):
			l.InstanceLocation = at
		case !exists(instance, l.InstanceLocation):
			return
		}
		keys := make([]string, 0, len(l.Errors))
		for k := range l.Errors {
			if deeper && summaries[k] { // the deeper errors say it better
				continue
			}
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ptr := l.InstanceLocation
			if ptr == "" {
				ptr = "/"
			}
			msg := fmt.Sprintf("%s: %s", ptr, l.Errors[k])
			if !seen[msg] {
				seen[msg] = true
				out = append(out, msg)
			}
		}
	}
	walk(*r.ToList(true), "")
	return out
}

// Required returns the names the tool's schema requires of its arguments
// (its root's "required", each name once), none when it has no schema or
// one that does not compile. The slice is the schema's: do not change it.
func (s *Schema) Required() []string {
	if s == nil {
		return nil
	}
	return s.c.required
}

// IsRequired reports whether the schema requires the argument prop: a
// lookup, so that a format can count the required arguments a call has
// instead of looking each required name up in the call.
func (s *Schema) IsRequired(prop string) bool { return s != nil && s.c.isReq[prop] }

// Property reports whether the tool's schema lists prop among its
// arguments' properties; listed says whether it lists any (a tool with no
// schema, or one without "properties", lists none).
func (s *Schema) Property(prop string) (has, listed bool) {
	if s == nil || s.c.props == nil {
		return false, false
	}
	_, has = s.c.types[prop]
	return has, true
}

// PropertyTypes returns the JSON types the tool's schema allows its
// argument prop: its "type", and those of its anyOf and oneOf
// alternatives; none when the schema does not say. The slice is the
// schema's: do not change it.
func (s *Schema) PropertyTypes(prop string) []string {
	if s == nil {
		return nil
	}
	return s.c.types[prop]
}

// AllowsNull reports whether the tool's schema lets its argument prop be
// null: the property's type lists "null", or one of its anyOf or oneOf
// alternatives does. Formats that write every value as text (Qwen3-Coder's
// XML) read "null" as null only there.
func (s *Schema) AllowsNull(prop string) bool {
	return slices.Contains(s.PropertyTypes(prop), "null")
}

// TextValue returns, as JSON, the value of the argument prop that a format
// writing every value as text (Qwen3-Coder's XML, GLM's <arg_value>) wrote
// as text: "null" (or "None") is null where the schema allows null; where
// it allows a string and other types, a text that is JSON of one of them
// is that value (as vLLM, SGLang, Ollama and llama.cpp read it: {"a": 1}
// is an object, "x" in quotes the string x); any other text is a string,
// which coercion may then type (an integer's "42"). Typed reports whether
// the text was read as more than a string. A nil *Schema is a tool without
// a schema, whose values are all strings.
func (s *Schema) TextValue(prop, text string) (value []byte, typed bool) {
	if s == nil || !mayBeTyped(text) {
		return jsonvalue.AppendString(nil, text), false
	}
	return appendTextValue(nil, s.PropertyTypes(prop), text)
}

// MayType reports whether TextValue may read the text of prop as more
// than a string: false means its value is the JSON string of the text.
func (s *Schema) MayType(prop, text string) bool {
	return s != nil && mayBeTyped(text) && s.TextTyped(prop)
}

// mayBeTyped reports whether text could be read as more than a string: it
// starts (after spaces) as JSON of some value, or None, does. Other texts
// skip the schema.
func mayBeTyped(text string) bool {
	i := jsonvalue.SkipSpace(text, 0)
	if i == len(text) {
		return false
	}
	switch c := text[i]; {
	case c == '{', c == '[', c == '"', c == '-', c >= '0' && c <= '9', c == 't', c == 'f', c == 'n', c == 'N':
		return true
	}
	return false
}

// TextTyped reports whether TextValue may read the text of prop as more
// than a string, so that its value is known only once complete (argument
// streaming sends such a value whole).
func (s *Schema) TextTyped(prop string) bool {
	types := s.PropertyTypes(prop)
	return slices.Contains(types, "null") || len(types) > 1 && slices.Contains(types, "string")
}
