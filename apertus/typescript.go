package apertus

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// writeTools writes the tools as the template's developer turn lists
// them, one TypeScript declaration each, separated by newlines:
//
//	// DESCRIPTION
//	type NAME = (_: {
//	// PARAMETER DESCRIPTION
//	PARAM?: TYPE,
//	...
//	}) => any;
//
// (or "() => any;" for a tool without parameters), "?" marking the
// parameters the schema does not require; see tsType for the types.
func writeTools(b *strings.Builder, tools []toolcall.Tool) error {
	for i, t := range tools {
		if i > 0 {
			b.WriteString("\n")
		}
		if t.Description != "" {
			b.WriteString("// " + t.Description + "\n")
		}
		b.WriteString("type " + t.Name + " = ")
		var schema jsonvalue.Value
		if len(t.Parameters) > 0 {
			v, err := jsonvalue.Decode(string(t.Parameters))
			if err != nil {
				return fmt.Errorf("apertus: tool %s: the parameters are not JSON: %w", t.Name, err)
			}
			schema = v
		}
		props := field(schema, "properties")
		if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
			b.WriteString("() => any;")
			continue
		}
		required := field(schema, "required")
		b.WriteString("(_: {\n")
		for j, p := range props.Members {
			if d := field(p.Val, "description"); prompt.Truthy(d) {
				b.WriteString("// " + prompt.Text(*d) + "\n")
			}
			b.WriteString(p.Key)
			if !prompt.ListHolds(required, p.Key) {
				b.WriteString("?")
			}
			b.WriteString(": " + tsType(p.Val))
			if d := field(p.Val, "default"); d != nil {
				switch {
				case prompt.Truthy(field(p.Val, "enum")):
					b.WriteString(", // default: " + prompt.Text(*d))
				case prompt.Truthy(field(p.Val, "oneOf")):
					b.WriteString("// default: " + prompt.Text(*d))
				default:
					b.WriteString(", // default: " + string(d.AppendSpaced(nil)))
				}
			}
			if j < len(props.Members)-1 {
				b.WriteString(",\n")
			} else {
				b.WriteString("\n")
			}
		}
		b.WriteString("}) => any;")
	}
	return nil
}

// tsType writes a JSON Schema as the template's TypeScript type: string,
// number (also for integer), boolean, "a" | "b" for a string enum, T[]
// for an array of T ("any[]" for items it cannot name briefly), an object
// with properties as {\n k?: \n                T, ...} (the template's own
// line breaks and indentation), object without them, the union of a
// list of types or of oneOf's variants, " | null" after a nullable string
// or array, and any for the rest.
func tsType(s jsonvalue.Value) string {
	typ := field(s, "type")
	nullable := ""
	if prompt.Truthy(field(s, "nullable")) {
		nullable = " | null"
	}
	switch {
	case isString(typ, "array"):
		items := field(s, "items")
		if !prompt.Truthy(items) {
			return "any[]" + nullable
		}
		switch it := field(*items, "type"); {
		case isString(it, "string"):
			return "string[]" + nullable
		case isString(it, "number"), isString(it, "integer"):
			return "number[]" + nullable
		case isString(it, "boolean"):
			return "boolean[]" + nullable
		}
		inner := tsType(*items)
		if inner == "object | object" || len(inner) > 50 {
			return "any[]" + nullable
		}
		return inner + "[]" + nullable
	case typ != nil && typ.Kind == jsonvalue.Array && len(typ.Items) > 0:
		names := make([]string, len(typ.Items))
		for i, t := range typ.Items {
			names[i] = prompt.Text(t)
		}
		return strings.Join(names, " | ")
	case prompt.Truthy(field(s, "oneOf")):
		variants := field(s, "oneOf")
		if variants.Kind != jsonvalue.Array {
			return "any"
		}
		var b strings.Builder
		for i, v := range variants.Items {
			b.WriteString(tsType(v))
			if d := field(v, "description"); prompt.Truthy(d) {
				b.WriteString("// " + prompt.Text(*d))
			}
			if d := field(v, "default"); d != nil {
				b.WriteString(strings.Repeat(" ", 20) + "// default: " + string(d.AppendSpaced(nil)))
			}
			if i < len(variants.Items)-1 {
				b.WriteString(" | \n")
			}
		}
		return b.String()
	case isString(typ, "string"):
		if enum := field(s, "enum"); prompt.Truthy(enum) && enum.Kind == jsonvalue.Array {
			names := make([]string, len(enum.Items))
			for i, e := range enum.Items {
				names[i] = prompt.Text(e)
			}
			return `"` + strings.Join(names, `" | "`) + `"`
		}
		return "string" + nullable
	case isString(typ, "number"), isString(typ, "integer"):
		return "number"
	case isString(typ, "boolean"):
		return "boolean"
	case isString(typ, "object"):
		props := field(s, "properties")
		if !prompt.Truthy(props) || props.Kind != jsonvalue.Object {
			return "object"
		}
		required := field(s, "required")
		var b strings.Builder
		b.WriteString("{\n")
		for i, p := range props.Members {
			b.WriteString(p.Key)
			if !prompt.ListHolds(required, p.Key) {
				b.WriteString("?")
			}
			b.WriteString(": \n                " + tsType(p.Val))
			if i < len(props.Members)-1 {
				b.WriteString(", ")
			}
		}
		b.WriteString("}")
		return b.String()
	}
	return "any"
}

// field returns the member key of v when v is an object holding it.
func field(v jsonvalue.Value, key string) *jsonvalue.Value {
	if v.Kind != jsonvalue.Object {
		return nil
	}
	return v.Get(key)
}

func isString(v *jsonvalue.Value, s string) bool {
	return v != nil && v.Kind == jsonvalue.String && v.Str == s
}
