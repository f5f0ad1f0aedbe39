package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/toolparse/toolparse/toolcall"
)

// ToolFor returns a tool whose parameters are the JSON Schema of T, a
// struct: an inline object schema (no $schema, no $ref), its properties
// named by their json tags, required when their tag has no omitempty, and
// described by jsonschema tags (github.com/invopop/jsonschema).
//
// T must be a struct (or a pointer to one) whose fields JSON can carry: a
// channel, a function, a complex number or an unsafe pointer, or a type
// that contains itself (which an inline schema cannot write), is an error.
func ToolFor[T any](name, description string) (tool toolcall.Tool, err error) {
	t := reflect.TypeFor[T]()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return toolcall.Tool{}, fmt.Errorf("schema: ToolFor needs a struct, not %s", t)
	}
	if err := describable(t, map[reflect.Type]bool{}, t.String()); err != nil {
		return toolcall.Tool{}, err
	}
	defer func() { // the reflector is not ours: whatever it does, no panic leaves here
		if v := recover(); v != nil {
			tool, err = toolcall.Tool{}, fmt.Errorf("schema: no JSON Schema for %s: %v", t, v)
		}
	}()
	r := jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, Anonymous: true}
	s := r.ReflectFromType(t)
	s.Version = ""
	s.ID = ""
	params, err := json.Marshal(s)
	if err != nil {
		return toolcall.Tool{}, err
	}
	return toolcall.Tool{Name: name, Description: description, Parameters: params}, nil
}

// describable reports why values of t cannot be written as an inline JSON
// Schema, or nil. open holds the types being walked, to find recursion.
func describable(t reflect.Type, open map[reflect.Type]bool, path string) error {
	switch t.Kind() {
	case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		return fmt.Errorf("schema: %s is a %s, which JSON cannot carry", path, t.Kind())
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return describable(t.Elem(), open, path+"[]")
	case reflect.Map:
		return describable(t.Elem(), open, path+"[key]")
	case reflect.Struct:
		if open[t] {
			return fmt.Errorf("schema: %s contains itself, which an inline schema cannot describe", t)
		}
		open[t] = true
		defer delete(open, t)
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			if tag := f.Tag.Get("json"); tag == "-" || strings.HasPrefix(tag, "-,") && len(tag) == 2 {
				continue
			}
			if err := describable(f.Type, open, path+"."+f.Name); err != nil {
				return err
			}
		}
	}
	return nil
}
