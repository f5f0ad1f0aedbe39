package jsonkeys

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestProperties(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   []string
	}{
		{"declared order is kept", `{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"object","properties":{"inner":{}}},"m":{}}}`, []string{"z", "a", "m"}},
		{"properties after other keys", `{"required":["b"],"properties":{"b":{},"a":{}}}`, []string{"b", "a"}},
		{"no properties", `{"type":"object"}`, nil},
		{"not JSON", `{"properties":`, nil},
		{"not an object", `[1]`, nil},
		{"empty", ``, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Properties([]byte(tt.schema)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Properties = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestStringMember(t *testing.T) {
	tests := []struct {
		obj   string
		names []string
		want  string
		ok    bool
	}{
		{`{"content":"x\"y}","path":"a.py"}`, []string{"path"}, "a.py", true},
		{`{"file":"b","path":"a"}`, []string{"path", "file"}, "a", true},
		{`{"nested":{"path":"no"},"list":[1,{"path":"no"}],"n":1.5,"ok":true,"file_path":"c\u00e9"}`, []string{"path", "file_path"}, "cé", true},
		{`{"path":1}`, []string{"path"}, "", false},
		{`{}`, []string{"path"}, "", false},
		{`[1]`, []string{"path"}, "", false},
		{` { "path" : "sp" } `, []string{"path"}, "sp", true},
	}
	for _, tt := range tests {
		got, ok := StringMember(tt.obj, tt.names...)
		if got != tt.want || ok != tt.ok {
			t.Errorf("StringMember(%s, %v) = %q, %v; want %q, %v", tt.obj, tt.names, got, ok, tt.want, tt.ok)
		}
	}
}

// Members splits an object whose strings hold quotes after runs of
// backslashes of every length as encoding/json reads it.
func TestMembersSkipsEscapedQuotes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{`"`, `\`, `\\`, `\"`, "x", "é", "}", ",", ":", "[", " "}), 0, 12)
		keys := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string { return strings.Join(parts.Draw(t, "key"), "") }), 1, 4).Draw(t, "keys")
		var b strings.Builder
		b.WriteByte('{')
		var want []Member
		for i, k := range keys {
			key, _ := json.Marshal(k)
			val, _ := json.Marshal(strings.Join(parts.Draw(t, "value"), ""))
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%s:%s", key, val)
			want = append(want, Member{Key: k, Raw: string(val)})
		}
		b.WriteByte('}')
		got, ok := Members(b.String())
		if !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("Members(%s) = %q, %v; want %q", b.String(), got, ok, want)
		}
	})
}

// TestWalk: members and items in order, keys as written, values as JSON
// text, nothing allocated.
func TestWalk(t *testing.T) {
	for _, tt := range []struct {
		v    string
		want []string
	}{
		{`{"a": 1, "b\"c": {"d": [1, 2]}, "e": "x,}"}`, []string{"a=1", `b\"c={"d": [1, 2]}`, `e="x,}"`}},
		{`[1, {"a": "]"}, [2] ]`, []string{"=1", `={"a": "]"}`, "=[2]"}},
		{`{}`, nil},
		{` [ ]`, nil},
		{`"s"`, nil},
	} {
		var got []string
		for it := Walk(tt.v); ; {
			k, v, ok := it.Next()
			if !ok {
				break
			}
			got = append(got, k+"="+v)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.v, got, tt.want)
		}
	}
	obj := `{"a": 1, "b": {"c": 2}, "d": [3]}`
	if n := testing.AllocsPerRun(10, func() {
		for it := Walk(obj); ; {
			if _, _, ok := it.Next(); !ok {
				break
			}
		}
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
