package schemacore

import (
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

// TestNode: the places of nested values, through properties,
// additionalProperties, items, prefixItems, $refs and alternatives.
func TestNode(t *testing.T) {
	s := For(toolcall.Tool{Name: "f", Parameters: []byte(`{"type":"object","$defs":{"pt":{"type":"object","properties":{"x":{"type":"number"}}}},
		"properties":{
			"o":{"type":"object","properties":{"k":{"type":"integer"}},"additionalProperties":{"type":"boolean"}},
			"l":{"type":"array","prefixItems":[{"type":"string"}],"items":{"$ref":"#/$defs/pt"}},
			"t":{"type":"array","items":[{"type":"integer"},{"type":"null"}]},
			"u":{"anyOf":[{"type":"null"},{"type":"object","properties":{"deep":{"type":["string","integer"]}}}]},
			"bare":{"properties":{"a":{}}}}}`)})
	root := s.Root()
	tests := []struct {
		name string
		n    Node
		want Types
	}{
		{"root", root, TypeObject},
		{"a property", root.Member("o").Member("k"), TypeInteger},
		{"additionalProperties", root.Member("o").Member("other"), TypeBoolean},
		{"prefixItems", root.Member("l").Item(0), TypeString},
		{"items through a $ref", root.Member("l").Item(5).Member("x"), TypeNumber},
		{"a draft-7 tuple", root.Member("t").Item(1), TypeNull},
		{"past a tuple", root.Member("t").Item(2), 0},
		{"an alternative's member", root.Member("u").Member("deep"), TypeString | TypeInteger},
		{"the alternatives' types", root.Member("u"), TypeNull | TypeObject},
		{"properties without a type", root.Member("bare"), TypeObject},
		{"a member nothing describes", root.Member("nothing").Member("x"), 0},
	}
	for _, tc := range tests {
		if got := tc.n.Types(); got != tc.want {
			t.Errorf("%s: types %b, want %b", tc.name, got, tc.want)
		}
	}
	if (*Schema)(nil).Root().Known() || !root.Known() {
		t.Error("Known: a nil schema's root is known, or a schema's is not")
	}
	for _, tc := range []struct {
		t          Types
		text, want string
	}{
		{TypeString, "null", `"null"`},
		{TypeString | TypeNull, "null", `null`},
		{TypeString | TypeInteger, "7", `7`},
		{TypeString | TypeInteger, "x", `"x"`},
		{0, "7", `"7"`},
	} {
		if got, _ := tc.t.AppendTextValue(nil, tc.text); string(got) != tc.want {
			t.Errorf("%b %q: %s, want %s", tc.t, tc.text, got, tc.want)
		}
	}
}
