package grammar

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Nested is how a format whose arguments nest as elements writes them
// (MiniMax-M3: an object's members and an array's items are elements, a
// value that is no container is the element's text): Tag frames one
// element, what comes before its value (with its key) and after it; Item
// is the key of an array's items; Without is the token no text of a value
// holds (the text ends at it).
type Nested struct {
	Tag     Tagged
	Item    string
	Without string
}

// NestedArguments returns the body of a rule for the arguments of a call
// to tool as a format that nests them as elements writes them, framed as
// nest says, keys in declared order: a value whose schema allows a string
// (or names no type) as raw text that never holds nest.Without, and only
// so (the reader types text that is null or JSON of another allowed type);
// a value of another type as JSON (an object or array too, as JSON text); an object
// whose schema lists its properties also as their elements, in declared
// order (one that lists none also as elements of any names), and an array
// also as its items' elements; a value whose schema names no type as raw
// text or as elements of any names, nested so.
func (b *Builder) NestedArguments(tool toolcall.Tool, nest Nested) (string, error) {
	b.frame, b.typed, b.nest, b.kinds = nest.Tag, nil, &nest, nil
	b.nestRefs = map[*jsonvalue.Value]string{}
	return b.textArguments(tool, func() string { return b.textWithoutToken("nest-text", nest.Without) })
}

// nestMember returns a rule expression for the element k, whose schema is
// ps.
func (b *Builder) nestMember(k string, ps *jsonvalue.Value) string {
	before, after := b.nest.Tag(k)
	return Lit(before) + " " + b.nestValue(ps) + " " + Lit(after)
}

// nestValue returns a rule expression for the content of an element whose
// schema is ps: its raw text or JSON (xmlParts), and, for an object whose
// schema lists properties or an array, its elements.
func (b *Builder) nestValue(ps *jsonvalue.Value) string {
	if b.steps++; b.steps > maxSteps {
		return b.R("xml-text")
	}
	sm := b.doc.Resolve(ps)
	if sm == nil || sm.Kind != jsonvalue.Object {
		return b.nestAny() // nothing known: any text, which the reader types, or elements
	}
	if ref := b.doc.Get(ps, "$ref"); ref != nil && ps != sm {
		return b.once(b.nestRefs, "nest", sm, b.nestValue)
	}
	text, js := b.xmlParts(ps)
	if text != "" && b.doc.Get(sm, "enum") == nil && b.doc.Get(sm, "const") == nil {
		// Where a string may stand, the raw text covers every value the
		// reader types from text (null, numbers, JSON of another allowed
		// type); a JSON string alternative could hold the token.
		js = ""
	}
	parts := []string{}
	if text != "" {
		parts = append(parts, text)
	}
	if js != "" {
		parts = append(parts, js)
	}
	if b.doc.Get(sm, "enum") != nil || b.doc.Get(sm, "const") != nil {
		return alts(parts)
	}
	types := b.textTypes(sm)
	props := b.doc.Get(sm, "properties")
	hasProps := props != nil && props.Kind == jsonvalue.Object && len(props.Members) > 0
	hasItems := b.doc.Get(sm, "items") != nil || b.doc.Get(sm, "prefixItems") != nil
	if len(types) == 0 && !hasProps && !hasItems {
		return b.nestAny() // no type named: any text, or any elements
	}
	if slices.Contains(types, "object") || len(types) == 0 && hasProps {
		if hasProps {
			parts = append(parts, b.members(sm, styleXML))
		} else { // its members, whatever their names
			parts = append(parts, b.anyElements())
		}
	}
	if slices.Contains(types, "array") || len(types) == 0 && hasItems {
		parts = append(parts, b.nestItems(sm))
	}
	if len(parts) == 0 {
		return b.R("xml-text")
	}
	return alts(parts)
}

// nestAny returns the rule of an element's content whose schema says
// nothing: raw text, or elements of any names holding such content (an
// object's members or an array's items, as the renderer writes them).
func (b *Builder) nestAny() string {
	if !b.names[b.R("nest-any")] {
		open, close := b.nest.Tag("\x01") // the tags around the name
		opre, opost, _ := strings.Cut(open, "\x01")
		cpre, cpost, _ := strings.Cut(close, "\x01")
		name := `[^<>/\x00-\x20] [^<>\x00-\x20]*`
		b.Rule("nest-any", b.R("nest-any-element")+"+ | "+b.R("xml-text"))
		b.Rule("nest-any-element", Lit(opre)+" "+name+" "+Lit(opost)+" "+b.R("nest-any")+" "+Lit(cpre)+" "+name+" "+Lit(cpost))
	}
	return b.R("nest-any")
}

// anyElements returns a rule expression for elements of any names, each
// holding any content (nestAny).
func (b *Builder) anyElements() string {
	b.nestAny()
	return b.R("nest-any-element") + "+"
}

// nestItems returns a rule expression for an array's items as elements.
func (b *Builder) nestItems(sm *jsonvalue.Value) string {
	before, after := b.nest.Tag(b.nest.Item)
	item := func(ps *jsonvalue.Value) string { return Lit(before) + " " + b.nestValue(ps) + " " + Lit(after) }
	prefix, items := b.tuple(sm)
	rest := Lit(before) + " " + b.nestAny() + " " + Lit(after)
	if items != nil && items.Kind == jsonvalue.Object {
		rest = item(items)
	}
	name := b.fresh("items")
	body := "(" + rest + ")*"
	if len(prefix) > 0 {
		// The first items in order, each optional only with those after it.
		var seq strings.Builder
		for i := range prefix {
			seq.WriteString("(" + item(&prefix[i]) + " ")
		}
		seq.WriteString(body)
		seq.WriteString(strings.Repeat(")?", len(prefix)))
		body = seq.String()
	}
	b.Rule(name, body)
	return b.R(name)
}

// textWithoutToken adds the rules of any text that does not hold tok and
// returns the name of the first (text of tok's first byte wherever it
// stands): one rule per state of the matcher that looks for tok, each
// text byte leading to the next state, so that no text reaches the state
// that has matched tok whole. Bytes of tok are ASCII.
func (b *Builder) textWithoutToken(name, tok string) string {
	n := len(tok)
	if n == 0 {
		return `[^\x00]*`
	}
	fail := make([]int, n+1) // the longest proper border of tok[:k]
	for k := 1; k < n; k++ {
		f := fail[k]
		for f > 0 && tok[k] != tok[f] {
			f = fail[f]
		}
		if tok[k] == tok[f] {
			f++
		}
		fail[k+1] = f
	}
	step := func(k int, c byte) int {
		for k > 0 && tok[k] != c {
			k = fail[k]
		}
		if tok[k] == c {
			k++
		}
		return k
	}
	var chars []byte
	for i := 0; i < n; i++ {
		if !slices.Contains(chars, tok[i]) {
			chars = append(chars, tok[i])
		}
	}
	state := func(k int) string {
		if k == 0 {
			return b.R(name)
		}
		return b.R(name + "-" + strconv.Itoa(k))
	}
	for k := n - 1; k >= 0; k-- {
		// The bytes of tok that lead anywhere but back to the start (or to
		// tok whole, which no text reaches) have alternatives of their
		// own; every other character starts over.
		alts := []string{`""`}
		var class strings.Builder
		class.WriteString("[^")
		for _, c := range chars {
			t := step(k, c)
			if t == 0 {
				continue
			}
			class.WriteString(classByte(c))
			if t < n {
				alts = append(alts, Lit(string(c))+" "+state(t))
			}
		}
		class.WriteString("]")
		alts = append(alts, class.String()+" "+state(0))
		rule := name
		if k > 0 {
			rule = name + "-" + strconv.Itoa(k)
		}
		b.Rule(rule, strings.Join(alts, " | "))
	}
	return state(0)
}
