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
// parameters the schema does not require; see prompt.TSType for the types.
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
		props := schema.Get("properties")
		if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
			b.WriteString("() => any;")
			continue
		}
		required := schema.Get("required")
		b.WriteString("(_: {\n")
		for j, p := range props.Members {
			prompt.TSMember(b, p, required)
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
