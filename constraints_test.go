package toolparse_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

// TestStructuralTagsRefuseWhatGrammarsRefuse: a schema with a $ref cycle,
// one nested 3,000 levels deep and one of 300 KB are refused by every
// format's StructuralTag as by its Grammar, not forwarded to the model
// server as they are.
func TestStructuralTagsRefuseWhatGrammarsRefuse(t *testing.T) {
	wide := `{"type":"object","properties":{` + strings.Repeat(`"p":{"type":"string","description":"padding padding padding"},`, 5000) + `"q":{"type":"string"}}}`
	schemas := map[string]string{
		"a $ref cycle":         `{"type":"object","properties":{"a":{"$ref":"#/properties/a"}}}`,
		"3,000 levels":         strings.Repeat(`{"type":"object","properties":{"a":`, 3000) + `{}` + strings.Repeat(`}}`, 3000),
		"300 KB":               wide,
		"anyOf of a $ref to #": `{"type":"object","anyOf":[{"$ref":"#"}]}`,
	}
	if len(wide) < 300<<10 {
		t.Fatalf("the wide schema is %d bytes", len(wide))
	}
	for _, d := range toolcall.Descriptors() {
		name, f := d.Format.Name(), d.Format
		c, ok := f.(toolcall.Constrainer)
		if !ok || name != f.Name() {
			continue
		}
		for what, schema := range schemas {
			req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(schema)}}, ToolChoice: "required"}
			_, gerr := c.Grammar(req)
			tag, serr := c.StructuralTag(req)
			if gerr == nil {
				t.Errorf("%s, %s: the grammar accepts the schema", name, what)
			}
			if serr == nil {
				t.Errorf("%s, %s: the structural tag forwards it (%d bytes)", name, what, len(tag))
			}
		}
	}
}
