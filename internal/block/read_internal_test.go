package block

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// A value body's JSON that the scan read on the way is what ReadValue
// takes, not parsed again, also when it comes after a head (Llama 4's
// <function=NAME>{...}, Mistral's NAME{...}) or blanks, in any deltas; and
// so is a headed code body's (Llama 3's <function=NAME>{...}).
func TestReadValueTakesWhatWasReadOnTheWay(t *testing.T) {
	for _, body := range []string{`{"a": [1, 2]}`, `get_weather> {"a": [1, 2]}`, ` name {"a": "x"} `, "f>\n{\"a\": {\"b\": [\"]\"]}}\n"} {
		for _, size := range []int{1, 3, len(body) + 9} {
			taken := false
			read := func(m *Machine, body string) ([]Item, error) {
				from := jsonvalue.SkipSpace(body, strings.IndexByte(body, '{'))
				taken = m.body.pre.read(body, m.bodyAt, from) != nil
				_, err := m.ReadValue(body, from)
				return nil, err
			}
			for _, k := range []Kind{{End: 0, Scan: ScanValue, Read: read}, {End: 0, Scan: ScanCode, Headed: true, Read: read}} {
				taken = false
				readBlock(k, body, size)
				if !taken {
					t.Errorf("%q in %d-byte deltas (scan %d): ReadValue parsed the value again", body, size, k.Scan)
				}
			}
		}
	}
}

// A plain body's JSON value (Kind.ReadsOnTheWay) is what ReadValue takes, in
// any deltas; a '<' that is no marker makes it parse the body again, with
// the same value.
func TestPlainBodyValueReadOnTheWay(t *testing.T) {
	for _, tc := range []struct {
		body  string
		taken bool
	}{
		{`{"a": [1, 2]}`, true},
		{"\n {\"a\": {\"b\": [\"]\"]}} \n", true},
		{`{'a': "x", "b": None}`, true},
		{`{"a": "x<y"}`, false},
		// Objects held back by the reader (pylit.Reader.HoldObjects): a '}' in a string, and one longer than it holds.
		{`{"a": "}", "b": {"c": 1}}`, true},
		{`{"a": "` + strings.Repeat("x", 300) + `"}`, true},
		{`{"a": 1} trailing`, false},
		{`[1, 2]`, false},
	} {
		want, wantErr := jsoncall.Value(strings.TrimSpace(tc.body), &pylit.Parser{})
		for _, size := range []int{1, 3, len(tc.body) + 9} {
			taken, got, gotErr := false, []byte(nil), error(nil)
			read := func(m *Machine, body string) ([]Item, error) {
				taken = m.body.pre.read(body, m.bodyAt, jsonvalue.SkipSpace(body, 0)) != nil
				raw, err := m.ReadValue(body, 0)
				got, gotErr = append([]byte(nil), raw...), err
				return nil, err
			}
			readBlock(Kind{End: 0, Scan: ScanPlain, ReadsOnTheWay: true, Read: read}, tc.body, size)
			if taken != tc.taken {
				t.Errorf("%q in %d-byte deltas: read on the way %v, want %v", tc.body, size, taken, tc.taken)
			}
			if string(got) != string(want) || (gotErr == nil) != (wantErr == nil) {
				t.Errorf("%q in %d-byte deltas: ReadValue gave %s (%v), a parse %s (%v)", tc.body, size, got, gotErr, want, wantErr)
			}
		}
	}
}

// A code body's calls that the scan read on the way (a JSON call object, a
// call list, a run) are what Decode takes, for a kind whose own Read
// decodes (Kind.ReadsOnTheWay), in any deltas.
func TestDecodeTakesWhatWasReadOnTheWay(t *testing.T) {
	for _, body := range []string{` {"name": "f", "arguments": {"a": 1}}`, `[f(a=1), g(b="x")]`, "\nf(a=1)\ng(b=[1, 2])\n", `[{"name": "f", "arguments": {}}]`} {
		for _, size := range []int{1, 3, len(body) + 9} {
			taken, calls := false, 0
			read := func(m *Machine, body string) ([]Item, error) {
				taken = m.body.pre.read(body, m.bodyAt, len(body)-len(strings.TrimLeft(body, jsonvalue.Spaces))) != nil
				items, err := m.Decode(body)
				calls = len(items)
				return items, err
			}
			readBlock(Kind{End: 0, Scan: ScanCode, Read: read, ReadsOnTheWay: true}, body, size)
			if !taken || calls == 0 {
				t.Errorf("%q in %d-byte deltas: Decode parsed the body again (%d calls)", body, size, calls)
			}
		}
	}
}

// readBlock reads <f>body</f>, a block of kind k, in deltas of size bytes.
func readBlock(k Kind, body string, size int) {
	f := &Format{Markers: []Marker{{Text: "</f>"}, {Text: "<f>", Role: Opens}}, Kinds: []Kind{k}}
	d := NewDecoder(f, &toolcall.Request{})
	for rest := "<f>" + body + "</f>"; rest != ""; {
		n := min(size, len(rest))
		d.Feed(nil, rest[:n])
		rest = rest[n:]
	}
	d.Close(nil)
}
