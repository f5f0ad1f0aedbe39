package schema

import (
	"encoding/json"

	"github.com/invopop/jsonschema"
	"github.com/toolparse/toolparse/toolcall"
)

// ToolFor returns a tool whose parameters are the JSON Schema of T, a
// struct: an inline object schema (no $schema, no $ref), its properties
// named by their json tags, required when their tag has no omitempty, and
// described by jsonschema tags (github.com/invopop/jsonschema).
func ToolFor[T any](name, description string) (toolcall.Tool, error) {
	r := jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, Anonymous: true}
	var zero T
	s := r.Reflect(&zero)
	s.Version = ""
	s.ID = ""
	params, err := json.Marshal(s)
	if err != nil {
		return toolcall.Tool{}, err
	}
	return toolcall.Tool{Name: name, Description: description, Parameters: params}, nil
}
