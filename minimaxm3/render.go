package minimaxm3

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as MiniMax-M3's template writes them: one block,
// ]<]minimax[>[<tool_call>\n, then per call
// ]<]minimax[>[<invoke name="NAME">, each argument as an element named
// after its key, and ]<]minimax[>[</invoke>\n; the block ends
// ]<]minimax[>[</tool_call>. No calls is "".
//
// An argument's value is written as the template writes it (to_xml): a
// string as it is, a number as its JSON text, a boolean as true or false,
// an object as one element per member, an array as one <item> element per
// item, every tag with the namespace token before it. Where the template
// loses what the value was, RenderCalls writes what reads back the same:
// null (which the template leaves out) as null; an object or array whose
// elements would not read back as the value without a schema to type them
// (an empty one inside it, a string that reads as a number, true, false
// or null, a key that is no tag name, an object whose one key is item) as
// its JSON, with tojson's spaces, '[' and ']' in its strings escaped so
// that none holds a special token. A call whose name is no name, or whose
// argument is a string or key holding one of the format's special tokens
// where it is written as it is, is an error: no text reads back as it.
func RenderCalls(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(blockOpen + "\n")
	for _, c := range calls {
		if !textargs.ValidName(c.Name) {
			return "", fmt.Errorf("minimax_m3: the call name %q is not one the format can write", c.Name)
		}
		args, err := decodeArgs(c)
		if err != nil {
			return "", err
		}
		b.WriteString(invokeOpener + c.Name + `">`)
		for _, m := range args.Members {
			if !tagName(m.Key) {
				return "", fmt.Errorf("minimax_m3: call %s: the argument name %q cannot be written as a tag", c.Name, m.Key)
			}
			if m.Val.Kind == jsonvalue.String && holdsToken(m.Val.Str) {
				return "", fmt.Errorf("minimax_m3: call %s: the value of %s holds one of the format's special tokens", c.Name, m.Key)
			}
			writeElem(&b, m.Key, m.Val, false)
		}
		b.WriteString(invokeClose + "\n")
	}
	b.WriteString(blockClose)
	return b.String(), nil
}

// decodeArgs reads a call's arguments, a JSON object ("" is none).
func decodeArgs(c toolcall.Call) (jsonvalue.Value, error) {
	if strings.TrimSpace(c.Arguments) == "" {
		return jsonvalue.Value{Kind: jsonvalue.Object}, nil
	}
	v, err := jsonvalue.Decode(c.Arguments)
	if err != nil || v.Kind != jsonvalue.Object {
		return v, fmt.Errorf("minimax_m3: the arguments of call %s are not a JSON object", c.Name)
	}
	return v, nil
}

// writeElem writes the element key holding v; nested says it stands in
// an element, where no schema may type what it holds.
func writeElem(b *strings.Builder, key string, v jsonvalue.Value, nested bool) {
	b.WriteString(ns + "<" + key + ">")
	writeValue(b, v, nested)
	b.WriteString(ns + "</" + key + ">")
}

// writeValue writes v as an element's content.
func writeValue(b *strings.Builder, v jsonvalue.Value, nested bool) {
	switch v.Kind {
	case jsonvalue.String:
		b.WriteString(v.Str)
	case jsonvalue.Number:
		b.WriteString(v.Str)
	case jsonvalue.Boolean:
		if v.Bool {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case jsonvalue.Null:
		b.WriteString("null")
	case jsonvalue.Array, jsonvalue.Object:
		if !elementsRead(v, nested) {
			b.WriteString(jsonLeaf(v))
			return
		}
		if v.Kind == jsonvalue.Array {
			for _, it := range v.Items {
				writeElem(b, itemKey, it, true)
			}
			return
		}
		for _, m := range v.Members {
			writeElem(b, m.Key, m.Val, true)
		}
	}
}

// elementsRead reports whether the elements of v, an array or an object,
// read back as v where no schema types them (nested: v itself stands in
// an element, so its own type must read back too; an argument's is the
// schema's to say).
func elementsRead(v jsonvalue.Value, nested bool) bool {
	if v.Kind == jsonvalue.Array {
		if nested && len(v.Items) == 0 {
			return false // an empty element reads as ""
		}
		for _, it := range v.Items {
			if !readsBack(it) {
				return false
			}
		}
		return true
	}
	if nested && len(v.Members) == 0 {
		return false
	}
	items := true
	for i, m := range v.Members {
		if !tagName(m.Key) || !readsBack(m.Val) {
			return false
		}
		for _, o := range v.Members[:i] { // a repeated key reads as an array
			if o.Key == m.Key {
				return false
			}
		}
		items = items && m.Key == itemKey
	}
	return !nested || !items // an object of items alone reads as an array
}

// readsBack reports whether v, written in an element, reads back as v
// where no schema types it.
func readsBack(v jsonvalue.Value) bool {
	switch v.Kind {
	case jsonvalue.String:
		return !holdsToken(v.Str) && !isScalar(v.Str)
	case jsonvalue.Array, jsonvalue.Object:
		return elementsRead(v, true)
	}
	return true
}

// tagName reports whether key can be an element's name: the tag <KEY>
// reads back as one, and is no tag of the format's own.
func tagName(key string) bool {
	if len(key) >= maxTag || strings.IndexByte(key, '>') >= 0 || holdsToken(key) {
		return false
	}
	kind, _ := kindOf(key)
	return kind == kOpen || kind == kBlockOpen
}

// holdsToken reports whether s holds a token the reader of a block acts
// on wherever it stands: the namespace token or an end of turn.
func holdsToken(s string) bool {
	return strings.Contains(s, ns) || strings.Contains(s, turnEnd) || strings.Contains(s, roleStart)
}

// jsonLeaf writes v as JSON with tojson's spaces, '[' and ']' in its
// strings as \u005b and \u005d where it would otherwise hold a token.
func jsonLeaf(v jsonvalue.Value) string {
	text := string(v.AppendSpaced(nil))
	if !holdsToken(text) {
		return text
	}
	var b strings.Builder
	in := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case in && c == '\\':
			b.WriteByte(c)
			i++
			c = text[i]
		case c == '"':
			in = !in
		case in && c == '[':
			b.WriteString(`\u005b`)
			continue
		case in && c == ']':
			b.WriteString(`\u005d`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
