package minimaxm3

import (
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemacore"
)

// arguments returns the invoke's arguments, the elements under node 0, as
// a compact JSON object, each value typed by the place the tool's schema
// gives it.
func (d *decoder) arguments() string {
	b := &d.blk
	var root schemacore.Node
	if k := d.Req.Match(b.name); k >= 0 {
		root = schemacore.Of(d.Req, k).Root()
	}
	b.out = d.appendObject(b.out[:0], 0, root)
	return string(b.out)
}

// str returns a stretch of the arena as a string, valid while the arena
// is not written (the arguments are written once the invoke is read).
func (d *decoder) str(s span) string {
	if s.from == s.to {
		return ""
	}
	return unsafe.String(&d.blk.arena[s.from], s.to-s.from)
}

// appendValue appends the JSON of element e, whose place in the schema is
// n: a leaf's text typed by its place; an element whose children are all
// items, an array, unless its place allows an object and no array;
// another, an object.
func (d *decoder) appendValue(dst []byte, e int32, n schemacore.Node) []byte {
	el := &d.blk.nodes[e]
	t := n.Types()
	switch {
	case el.kids == 0:
		return appendLeaf(dst, d.str(el.text), t)
	case !el.notItems && (t.Has(schemacore.TypeArray) || !t.Has(schemacore.TypeObject)):
		dst = append(dst, '[')
		i := 0
		for c := el.first; c >= 0; c = d.blk.nodes[c].next {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = d.appendValue(dst, c, n.Item(i))
			i++
		}
		return append(dst, ']')
	}
	return d.appendObject(dst, e, n)
}

// manyKids is how many children an element has before its keys are
// grouped with a map rather than compared in pairs.
const manyKids = 16

// appendObject appends the JSON object of element e's children, in the
// order their keys first come; a key given more than once is an array of
// its values, in order (as SGLang and vLLM read a repeated element).
func (d *decoder) appendObject(dst []byte, e int32, n schemacore.Node) []byte {
	nodes := d.blk.nodes
	el := &nodes[e]
	dst = append(dst, '{')
	if el.kids > manyKids {
		return append(d.appendGrouped(dst, e, n), '}')
	}
	first := true
	for c := el.first; c >= 0; c = nodes[c].next {
		key := d.str(nodes[c].key)
		seen, more := false, false
		for o := el.first; o != c; o = nodes[o].next {
			if d.str(nodes[o].key) == key {
				seen = true
				break
			}
		}
		if seen {
			continue
		}
		for o := nodes[c].next; o >= 0 && !more; o = nodes[o].next {
			more = d.str(nodes[o].key) == key
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(jsonvalue.AppendString(dst, key), ':')
		place := n.Member(key)
		if !more {
			dst = d.appendValue(dst, c, place)
			continue
		}
		dst = append(dst, '[')
		for o, k := c, 0; o >= 0; o = nodes[o].next {
			if d.str(nodes[o].key) != key {
				continue
			}
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = d.appendValue(dst, o, place)
			k++
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// appendGrouped is appendObject's members for an element with many
// children: keys grouped with a map, so that thousands of arguments cost
// a lookup each.
func (d *decoder) appendGrouped(dst []byte, e int32, n schemacore.Node) []byte {
	nodes := d.blk.nodes
	groups := make(map[string][]int32, nodes[e].kids)
	var order []string
	for c := nodes[e].first; c >= 0; c = nodes[c].next {
		key := d.str(nodes[c].key)
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], c)
	}
	for i, key := range order {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(jsonvalue.AppendString(dst, key), ':')
		place, kids := n.Member(key), groups[key]
		if len(kids) == 1 {
			dst = d.appendValue(dst, kids[0], place)
			continue
		}
		dst = append(dst, '[')
		for k, c := range kids {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = d.appendValue(dst, c, place)
		}
		dst = append(dst, ']')
	}
	return dst
}

// appendLeaf appends the JSON of an element's text, typed by the types its
// place allows (t):
//   - an empty element is "" where a string may stand or nothing is known,
//     else {} for an object, [] for an array, null;
//   - where a string may stand, the text is a string, as
//     schemacore.Types.AppendTextValue reads it ("null" is null where null
//     may stand too; JSON of another allowed type is that value);
//   - where only other types may, the text read as JSON, or a string
//     when it is none (the stream's coercion then types it: "018956" for
//     an integer);
//   - where nothing is known, the text is JSON when it is exactly a JSON
//     number, true, false or null (as the template writes those values),
//     and a string otherwise.
func appendLeaf(dst []byte, text string, t schemacore.Types) []byte {
	if text == "" {
		switch {
		case t == 0 || t.Has(schemacore.TypeString):
			return append(dst, `""`...)
		case t.Has(schemacore.TypeObject):
			return append(dst, "{}"...)
		case t.Has(schemacore.TypeArray):
			return append(dst, "[]"...)
		case t.Has(schemacore.TypeNull):
			return append(dst, "null"...)
		}
		return append(dst, `""`...)
	}
	switch {
	case t == 0:
		if isScalar(text) {
			return append(dst, text...)
		}
	case t.Has(schemacore.TypeString):
		dst, _ = t.AppendTextValue(dst, text)
		return dst
	default:
		trimmed := strings.TrimSpace(text)
		if isScalar(trimmed) {
			return append(dst, trimmed...)
		}
		if v, err := jsonvalue.Decode(trimmed); err == nil {
			return v.AppendJSON(dst)
		}
	}
	return jsonvalue.AppendString(dst, text)
}

// isScalar reports whether text is exactly a JSON number, true, false or
// null.
func isScalar(text string) bool {
	switch text {
	case "true", "false", "null":
		return true
	}
	return jsonvalue.IsNumber(text)
}
