// Package jsonkeys reads what encoding/json's maps make costly: the order
// of keys in JSON objects (a tool's positional arguments take its schema's
// properties in their declared order), and one member of a large object
// without decoding the rest.
package jsonkeys

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
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

// StringMember returns the string value of the first top-level member of
// the JSON object obj named one of names, in the order of names. It skips
// other members without decoding them, so a call whose arguments hold a
// large file costs one quick pass. ok is false when there is none.
func StringMember(obj string, names ...string) (value string, ok bool) {
	found := make([]string, len(names))
	has := make([]bool, len(names))
	i := jsonvalue.SkipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return "", false
	}
	i++
	for {
		i = jsonvalue.SkipSpace(obj, i)
		if i >= len(obj) || obj[i] != '"' {
			break
		}
		end := skipValue(obj, i)
		var key string
		if json.Unmarshal([]byte(obj[i:end]), &key) != nil {
			return "", false
		}
		i = jsonvalue.SkipSpace(obj, end)
		if i >= len(obj) || obj[i] != ':' {
			return "", false
		}
		i = jsonvalue.SkipSpace(obj, i+1)
		vend := skipValue(obj, i)
		for k, n := range names {
			var s string
			if key == n && !has[k] && vend > i && obj[i] == '"' && json.Unmarshal([]byte(obj[i:vend]), &s) == nil {
				if k == 0 { // the first choice: no need to read on
					return s, true
				}
				found[k], has[k] = s, true
			}
		}
		i = jsonvalue.SkipSpace(obj, vend)
		if i >= len(obj) || obj[i] != ',' {
			break
		}
		i++
	}
	for k := range names {
		if has[k] {
			return found[k], true
		}
	}
	return "", false
}

// Member is one top-level member of a JSON object: its key, decoded, and
// its value's JSON text.
type Member struct {
	Key, Raw string
}

// Members returns the top-level members of the JSON object obj in order,
// without decoding their values; ok is false when obj is not an object.
// obj is assumed to be valid JSON.
func Members(obj string) (members []Member, ok bool) { return AppendMembers(nil, obj) }

// AppendMembers is Members appending to members (a caller's buffer, so that
// reading a small object allocates nothing).
func AppendMembers(members []Member, obj string) ([]Member, bool) {
	i := jsonvalue.SkipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return nil, false
	}
	i = jsonvalue.SkipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return nil, true
	}
	for {
		i = jsonvalue.SkipSpace(obj, i)
		if i >= len(obj) || obj[i] != '"' {
			return nil, false
		}
		end := skipValue(obj, i)
		key := obj[i+1 : end-1]
		if strings.IndexByte(key, '\\') >= 0 {
			var ok bool
			if key, ok = jsonvalue.Unquote(obj[i:end]); !ok {
				return nil, false
			}
		}
		i = jsonvalue.SkipSpace(obj, end)
		if i >= len(obj) || obj[i] != ':' {
			return nil, false
		}
		i = jsonvalue.SkipSpace(obj, i+1)
		vend := skipValue(obj, i)
		members = append(members, Member{Key: key, Raw: obj[i:vend]})
		i = jsonvalue.SkipSpace(obj, vend)
		if i < len(obj) && obj[i] == ',' {
			i++
			continue
		}
		return members, i < len(obj) && obj[i] == '}'
	}
}

// stringEnd returns where the JSON string whose text starts at s[i] ends,
// just past its closing quote (len(s)+1 when it does not close): the next
// quote that an odd run of backslashes does not escape, found with the
// standard library's vector search.
func stringEnd(s string, i int) int {
	for {
		j := strings.IndexByte(s[i:], '"')
		if j < 0 {
			return len(s) + 1
		}
		j += i
		k := j
		for k > i && s[k-1] == '\\' {
			k--
		}
		if (j-k)%2 == 0 {
			return j + 1
		}
		i = j + 1
	}
}

// skipValue returns the offset just past the JSON value at s[i], which is
// assumed valid.
func skipValue(s string, i int) int {
	depth := 0
	for i < len(s) {
		switch c := s[i]; c {
		case '"':
			i = stringEnd(s, i+1)
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 { // the end of the enclosing object or array
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ':':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return i
}

// Iter walks the members of a JSON object, or the items of a JSON array,
// that is assumed valid, without a slice: it allocates nothing.
type Iter struct {
	s     string
	i     int
	array bool
	done  bool
}

// Walk returns an Iter over the JSON object or array v (with nothing to
// walk when v is neither).
func Walk(v string) Iter {
	i := jsonvalue.SkipSpace(v, 0)
	if i >= len(v) || v[i] != '{' && v[i] != '[' {
		return Iter{done: true}
	}
	return Iter{s: v, i: i + 1, array: v[i] == '['}
}

// Next returns the next member's key, as written between its quotes
// (escapes not decoded), and its value's JSON text; for an array, the
// next item, key "". It returns ok false at the end.
func (it *Iter) Next() (key, raw string, ok bool) {
	if it.done {
		return "", "", false
	}
	s, i := it.s, jsonvalue.SkipSpace(it.s, it.i)
	if i < len(s) && (s[i] == '}' || s[i] == ']') {
		it.done = true
		return "", "", false
	}
	if !it.array {
		if i >= len(s) || s[i] != '"' {
			it.done = true
			return "", "", false
		}
		end := skipValue(s, i)
		key = s[i+1 : max(end-1, i+1)]
		i = jsonvalue.SkipSpace(s, end)
		if i >= len(s) || s[i] != ':' {
			it.done = true
			return "", "", false
		}
		i = jsonvalue.SkipSpace(s, i+1)
	}
	if i >= len(s) {
		it.done = true
		return "", "", false
	}
	vend := skipValue(s, i)
	raw = s[i:vend]
	i = jsonvalue.SkipSpace(s, vend)
	if i < len(s) && s[i] == ',' {
		i++
	} else {
		it.done = true
	}
	it.i = i
	return key, raw, raw != ""
}
