// Package jsonkeys reads the order of keys in JSON objects, which
// encoding/json's maps forget: a tool's positional arguments take its schema's
// properties in their declared order.
package jsonkeys

import (
	"bytes"
	"encoding/json"
)

// Properties returns the keys of the "properties" object of a JSON Schema,
// in the order they are written. It returns nil when the schema has none or
// is not valid JSON.
func Properties(schema []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(schema))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		if t != "properties" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil
			}
			continue
		}
		return objectKeys(dec)
	}
	return nil
}

func objectKeys(dec *json.Decoder) []string {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := t.(string)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return nil
		}
		keys = append(keys, key)
	}
	return keys
}
