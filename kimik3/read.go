package kimik3

import (
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/clip"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// maxHeader bounds a channel's header (its attributes, up to <|sep|>): a
// header that does not end within it is not one, and a tag inside a value
// costs at most this much to look at.
const maxHeader = 4096

// readCall reads a call channel's body: the text after <|open|>call, up to
// its <|close|>call<|sep|>. It is a call only when that end marker ended
// it (the block machine knows which marker did).
func readCall(m *block.Machine, body string) ([]block.Item, error) {
	if m.EndedBy() != callClose {
		return nil, &toolcall.SyntaxError{Offset: 0, Msg: "a call without <|close|>call<|sep|>: it is not complete, so it is no call"}
	}
	attrs, j, err := readHeader(body, 0)
	if err != nil {
		return nil, err
	}
	name := attrs.get("tool")
	if !textargs.ValidName(name) {
		return nil, &toolcall.SyntaxError{Offset: 0, Msg: "a call without a tool=\"NAME\" attribute naming a function: " + clip.Quote(body[:min(j, 80)])}
	}
	a := textargs.Get(m.Req, name)
	defer textargs.Put(a)
	var repaired []*toolcall.SyntaxError
	var next header // the argument tag after the latest value, which valueEnd read
	for {
		j = jsonvalue.SkipSpace(body, j)
		if j == len(body) {
			break
		}
		if strings.HasPrefix(body[j:], jsonOpenText) && a.Len() == 0 {
			args, err := readJSON(m, body, j)
			if err != nil {
				return nil, err
			}
			c := toolcall.Call{Name: name, Arguments: args}
			return append(m.ItemBuffer(), block.Item{Call: &c, Offset: 0}), nil
		}
		if !strings.HasPrefix(body[j:], argOpenText) {
			return nil, &toolcall.SyntaxError{Offset: j, Msg: "expected <|open|>argument or <|close|>call<|sep|> in a call"}
		}
		at := j
		attrs, v := next.attrs, next.value
		if next.at != j || v == 0 {
			if attrs, v, err = readHeader(body, j+len(argOpenText)); err != nil {
				return nil, err
			}
		}
		key := attrs.get("key")
		if key == "" {
			return nil, &toolcall.SyntaxError{Offset: at, Msg: "an argument without a key=\"NAME\" attribute"}
		}
		typ := attrs.get("type")
		end := valueEnd(a, body, v, key, &next)
		if end < 0 {
			return nil, &toolcall.SyntaxError{Offset: v, Msg: "the value of argument " + clip.Quote(key) + " has no <|close|>argument<|sep|> that the next argument or the call's end follows"}
		}
		if note := set(a, m, key, typ, body[v:end], at); note != nil {
			repaired = append(repaired, note)
		}
		j = end + len(argCloseText)
	}
	c := toolcall.Call{Name: name, Arguments: a.JSON()}
	return append(m.ItemBuffer(), block.Item{Call: &c, Offset: 0, Repaired: repaired}), nil
}

// readJSON reads the arguments of a call written as one JSON object in a
// json channel, <|open|>json type="object"<|sep|>{...}<|close|>json<|sep|>,
// which starts at body[j] and must end the call (the template writes
// arguments so when they are not a JSON object it can split).
func readJSON(m *block.Machine, body string, j int) (string, error) {
	_, v, err := readHeader(body, j+len(jsonOpenText))
	if err != nil {
		return "", err
	}
	end := strings.LastIndex(body, jsonCloseText)
	if end < v || strings.TrimSpace(body[end+len(jsonCloseText):]) != "" {
		return "", &toolcall.SyntaxError{Offset: j, Msg: "a json channel that does not end the call with <|close|>json<|sep|>"}
	}
	args, err := jsoncall.ValueArguments(strings.TrimSpace(body[v:end]), m.Parser())
	if err != nil {
		return "", &toolcall.SyntaxError{Offset: v, Msg: "the json channel's arguments do not parse: " + err.Error()}
	}
	return args, nil
}

// attrs are a header's attributes, unescaped, in the order written.
type attrs struct {
	n    int
	keys [4]string
	vals [4]string
}

// get returns the value of the attribute name ("" when absent). Later
// attributes past the fourth are not kept: the model writes two.
func (a *attrs) get(name string) string {
	for i := 0; i < a.n; i++ {
		if a.keys[i] == name {
			return a.vals[i]
		}
	}
	return ""
}

// readHeader reads the attributes of a channel's header, which begin at
// s[i] (right after the channel's name), up to its <|sep|>, and returns
// where the channel's text begins. An attribute is NAME="VALUE", after
// whitespace; in VALUE, &quot; and &amp; stand for '"' and '&'.
func readHeader(s string, i int) (attrs, int, error) {
	var a attrs
	start := i
	for {
		if i-start > maxHeader {
			return a, 0, &toolcall.SyntaxError{Offset: start, Msg: "a channel header that does not end with <|sep|>"}
		}
		if strings.HasPrefix(s[i:], sepText) {
			return a, i + len(sepText), nil
		}
		j := jsonvalue.SkipSpace(s, i)
		if j == i || j == len(s) {
			return a, 0, &toolcall.SyntaxError{Offset: i, Msg: "a channel header that does not end with <|sep|>"}
		}
		i = j
		if strings.HasPrefix(s[i:], sepText) {
			return a, i + len(sepText), nil
		}
		lim := min(len(s), start+maxHeader)
		k := i
		for k < lim && isNameByte(s[k]) {
			k++
		}
		if k == i || k+2 > lim || !strings.HasPrefix(s[k:], `="`) {
			return a, 0, &toolcall.SyntaxError{Offset: i, Msg: "a channel header's attribute is not NAME=\"VALUE\""}
		}
		q := strings.IndexByte(s[k+2:lim], '"')
		if q < 0 {
			return a, 0, &toolcall.SyntaxError{Offset: i, Msg: "a channel header's attribute value is not closed"}
		}
		val := s[k+2 : k+2+q]
		if strings.Contains(val, sepText) {
			return a, 0, &toolcall.SyntaxError{Offset: i, Msg: "a channel header's attribute value is not closed"}
		}
		if a.n < len(a.keys) {
			a.keys[a.n], a.vals[a.n] = s[i:k], unescape(val)
			a.n++
		}
		i = k + 2 + q + 1
	}
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// unescape undoes the template's escapes in an attribute value.
func unescape(v string) string {
	if strings.IndexByte(v, '&') < 0 {
		return v
	}
	return unescaper.Replace(v)
}

var unescaper = strings.NewReplacer("&quot;", `"`, "&amp;", "&")

// escape writes an attribute value as the template does.
func escape(v string) string {
	if !strings.ContainsAny(v, `&"`) {
		return v
	}
	return escaper.Replace(v)
}

var escaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;")

// fresh reports whether an argument tag naming key may begin the next
// argument of a after the value of own: a key not set yet, and not own.
func fresh(a *textargs.Builder, key, own string) bool {
	return key != "" && key != own && !a.Has(key)
}

// header is an argument tag read ahead: its attributes, where it starts
// and where its value starts (0: none read).
type header struct {
	attrs     attrs
	at, value int
}

// valueEnd returns where the value that starts at body[v] ends, or -1: at
// the first <|close|>argument<|sep|> that whitespace and then the end of
// the body (the call's end), <|close|>call<|sep|>, or an argument tag for
// a fresh key follow. Any other <|close|>argument<|sep|> is text in the
// value: a file that holds K3's own tags. The argument tag that ends the
// value, if one does, is left in next, so that it is read once.
func valueEnd(a *textargs.Builder, body string, v int, key string, next *header) int {
	for from := v; ; {
		k := strings.Index(body[from:], argCloseText)
		if k < 0 {
			return -1
		}
		end := from + k
		rest := body[jsonvalue.SkipSpace(body, end+len(argCloseText)):]
		switch {
		case rest == "", strings.HasPrefix(rest, callCloseText):
			return end
		case strings.HasPrefix(rest, argOpenText):
			at := len(body) - len(rest)
			if attrs, val, err := readHeader(body, at+len(argOpenText)); err == nil && fresh(a, attrs.get("key"), key) {
				*next = header{attrs, at, val}
				return end
			}
		}
		from = end + len(argCloseText)
	}
}

// set adds to a the argument key, whose type attribute is typ and whose
// text is text, at offset off of the body: a text value (isText) as
// textargs.Builder.Set types it, any other as JSON, read leniently
// (Python literals too). JSON that does not parse is read as the text,
// with a note saying so; a repeated key comes with Set's note.
func set(a *textargs.Builder, m *block.Machine, key, typ, text string, off int) *toolcall.SyntaxError {
	if isText(a.Schema(), key, typ) {
		return a.Set(key, text, off)
	}
	raw, err := jsoncall.Value(strings.TrimSpace(text), m.Parser())
	if err != nil {
		a.SetJSON(key, jsonvalue.AppendString(nil, text), off)
		return &toolcall.SyntaxError{Offset: off, Msg: "argument " + key + " says type " + clip.Quote(typ) + " but its value is not JSON: read as text"}
	}
	return a.SetJSON(key, raw, off)
}

// isText reports whether a value of the argument key whose type attribute
// is typ is its text: a "string" (or untyped) value, or one the tool's
// schema allows only strings.
func isText(tool *schemacore.Schema, key, typ string) bool {
	if typ == "" || typ == "string" {
		return true
	}
	types := tool.PropertyTypes(key)
	return len(types) == 1 && types[0] == "string"
}

// appendValue appends the JSON of the value of the argument key whose
// type attribute is typ and whose text is text. A text value (isText) is
// the text itself, as a string, typed by the tool's schema as
// Qwen3-Coder's text values are (textargs.AppendValue): the schema wins
// where it allows only strings, whatever the type says. Any other value
// is JSON, read leniently (Python literals too); JSON that does not parse
// is read as the text, and ok is false.
func appendValue(dst []byte, m *block.Machine, tool *schemacore.Schema, key, typ, text string) (out []byte, ok bool) {
	if isText(tool, key, typ) {
		return textargs.AppendValue(dst, tool, key, text), true
	}
	raw, err := jsoncall.Value(strings.TrimSpace(text), m.Parser())
	if err != nil {
		return jsonvalue.AppendString(dst, text), false
	}
	return append(dst, raw...), true
}
