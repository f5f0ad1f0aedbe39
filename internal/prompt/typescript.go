package prompt

import (
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
)

// TSMember writes a schema's property p as the TypeScript tool
// declarations of gpt-oss's template write it (Apertus's template writes
// them too): its description as a comment line, its name, "?" unless
// required lists it, ": " and its type (TSType), then its default as a
// comment.
func TSMember(b *strings.Builder, p jsonvalue.Member, required *jsonvalue.Value) {
	if d := p.Val.Get("description"); Truthy(d) {
		b.WriteString("// " + Text(*d) + "\n")
	}
	b.WriteString(p.Key)
	if !ListHolds(required, p.Key) {
		b.WriteString("?")
	}
	b.WriteString(": " + TSType(p.Val))
	if d := p.Val.Get("default"); d != nil {
		switch {
		case Truthy(p.Val.Get("enum")):
			b.WriteString(", // default: " + Text(*d))
		case Truthy(p.Val.Get("oneOf")):
			b.WriteString("// default: " + Text(*d))
		default:
			b.WriteString(", // default: " + string(d.AppendSpaced(nil)))
		}
	}
}

// maxTSDepth bounds how deep TSType follows nested schemas: deeper is any
// (a client's schema is untrusted).
const maxTSDepth = 64

// TSType writes a JSON Schema as those templates' render_typescript_type
// macro does, oddities included: string, number (for integer too),
// boolean; T[] for an array of T, where an array of a type not listed,
// or of an inner type over 50 bytes, is any[]; the union of a list of
// types; a oneOf's variants joined by " | " and a newline, with their
// descriptions and defaults as comments (the template's test for object
// variants never takes effect); an enum of strings as the union of the
// quoted strings; an object with properties as {\n, its members each
// after a newline and 16 spaces, separated by ", ", and }, object
// without them; " | null" after a nullable string or array; any for the
// rest, and for what lies deeper than maxTSDepth.
func TSType(s jsonvalue.Value) string { return tsType(s, 0) }

// tsType writes a schema as TSType does, depth levels down.
func tsType(s jsonvalue.Value, depth int) string {
	if depth > maxTSDepth || s.Kind != jsonvalue.Object {
		return "any"
	}
	typ := s.Get("type")
	name := ""
	if typ != nil && typ.Kind == jsonvalue.String {
		name = typ.Str
	}
	nullable := ""
	if Truthy(s.Get("nullable")) {
		nullable = " | null"
	}
	switch {
	case name == "array":
		items := s.Get("items")
		if !Truthy(items) {
			return "any[]" + nullable
		}
		if it := items.Get("type"); it != nil && it.Kind == jsonvalue.String {
			switch it.Str {
			case "string", "boolean":
				return it.Str + "[]" + nullable
			case "number", "integer":
				return "number[]" + nullable
			}
		}
		inner := tsType(*items, depth+1)
		if inner == "object | object" || len(inner) > 50 {
			return "any[]" + nullable
		}
		return inner + "[]" + nullable
	case typ != nil && typ.Kind == jsonvalue.Array && len(typ.Items) > 0:
		names := make([]string, len(typ.Items))
		for i, x := range typ.Items {
			names[i] = Text(x)
		}
		return strings.Join(names, " | ")
	case Truthy(s.Get("oneOf")) && s.Get("oneOf").Kind == jsonvalue.Array:
		var b strings.Builder
		variants := s.Get("oneOf").Items
		for i, v := range variants {
			b.WriteString(tsType(v, depth+1))
			if d := v.Get("description"); Truthy(d) {
				b.WriteString("// " + Text(*d))
			}
			if d := v.Get("default"); d != nil {
				b.WriteString("                    // default: " + string(d.AppendSpaced(nil)))
			}
			if i < len(variants)-1 {
				b.WriteString(" | \n")
			}
		}
		return b.String()
	case name == "string":
		if e := s.Get("enum"); Truthy(e) && e.Kind == jsonvalue.Array {
			alts := make([]string, len(e.Items))
			for i, x := range e.Items {
				alts[i] = Text(x)
			}
			return `"` + strings.Join(alts, `" | "`) + `"`
		}
		return "string" + nullable
	case name == "number" || name == "integer":
		return "number"
	case name == "boolean":
		return "boolean"
	case name == "object":
		props := s.Get("properties")
		if !Truthy(props) || props.Kind != jsonvalue.Object {
			return "object"
		}
		required := s.Get("required")
		var b strings.Builder
		b.WriteString("{\n")
		for i, p := range props.Members {
			b.WriteString(p.Key)
			if !ListHolds(required, p.Key) {
				b.WriteString("?")
			}
			b.WriteString(": \n                " + tsType(p.Val, depth+1))
			if i < len(props.Members)-1 {
				b.WriteString(", ")
			}
		}
		b.WriteString("}")
		return b.String()
	}
	return "any"
}
