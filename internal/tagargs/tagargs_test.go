package tagargs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
	"pgregory.net/rapid"
)

var qwen = tagargs.Markers{
	Call: "<function=", NameEnd: ">", Param: "<parameter=", KeyEnd: ">",
	Close: "</parameter>", End: "</function>", Outer: []string{"</tool_call>"},
	JSONArgs: true, Missing: true, NameMsg: "no name end", KeyMsg: "no key end",
	BetweenMsg: "neither <parameter= nor </function> in a function",
}

// minimax is MiniMax-M2's markers, a name and keys given as attributes:
// a table, no code of its own.
var minimax = tagargs.Markers{
	Call: `<invoke name="`, NameEnd: `">`, Param: `<parameter name="`, KeyEnd: `">`,
	Close: "</parameter>", End: "</invoke>", Outer: []string{"</minimax:tool_call>"},
	NameMsg: "no name end", KeyMsg: "no key end",
}

// dsml is DeepSeek V3.2's markers: a key followed by an attribute,
// string="true|false", so that a key's text holds more than its name.
var dsml = tagargs.Markers{
	Call: "<｜DSML｜invoke name=\"", NameEnd: "\">", Param: "<｜DSML｜parameter name=\"", KeyEnd: "\">",
	Close: "</｜DSML｜parameter>", End: "</｜DSML｜invoke>", Outer: []string{"</｜DSML｜function_calls>"},
	JSONArgs: true, Missing: true, KeyName: keyName,
	NameMsg: "no name end", KeyMsg: "no key end", BetweenMsg: "neither a parameter nor the end",
}

// keyName is the name a DSML key's text holds: what comes before its
// first quote.
func keyName(key string) string {
	name, _, _ := strings.Cut(key, `"`)
	return name
}

// dsmlNoName is dsml without KeyName: keys compare as whole texts.
var dsmlNoName = func() tagargs.Markers { m := dsml; m.KeyName = nil; return m }()

// glm is GLM-4.5's markers: the name first, with no tag; a tag opens the
// value after its key; no tag ends the call.
var glm = tagargs.Markers{
	Param: "<arg_key>", KeyEnd: "</arg_key>", ValueOpen: "<arg_value>", Close: "</arg_value>",
	Outer: []string{"</tool_call>"}, AnyKey: true, Trim: true,
	KeyMsg: "no key end", OpenMsg: "expected <arg_value>", BetweenMsg: "expected <arg_key>",
}

// recorder writes what a Reader tells as text; a value's text is gathered
// and written at its end, so that how the text was cut does not show.
type recorder struct {
	out  strings.Builder
	text strings.Builder
	set  map[string]bool
	key  string
	stop bool                    // End stops the reading
	name func(key string) string // the name a key's text holds (Markers.KeyName), or nil
}

// named returns the name key's text holds.
func (r *recorder) named(key string) string {
	if r.name != nil {
		return r.name(key)
	}
	return key
}

func (r *recorder) Name(name string, at int) string {
	if !textargs.ValidName(name) {
		return "not a function name: " + name
	}
	fmt.Fprintf(&r.out, "name %s@%d;", name, at)
	r.set = map[string]bool{}
	return ""
}
func (r *recorder) Key(key string, at int) {
	fmt.Fprintf(&r.out, "key %s@%d;", key, at)
	r.key = key
	r.text.Reset()
}
func (r *recorder) Text(t string) { r.text.WriteString(t) }
func (r *recorder) EndValue(from, to int, closed bool) {
	fmt.Fprintf(&r.out, "value %q [%d,%d) %v;", r.text.String(), from, to, closed)
	r.set[r.named(r.key)] = true
}
func (r *recorder) End(at int) bool {
	fmt.Fprintf(&r.out, "end@%d;", at)
	return !r.stop
}
func (r *recorder) JSON(from, to int) string {
	fmt.Fprintf(&r.out, "json [%d,%d);", from, to)
	return ""
}
func (r *recorder) Trailing(at int)       { fmt.Fprintf(&r.out, "trailing@%d;", at) }
func (r *recorder) Unsure()               { r.out.WriteString("unsure;") }
func (r *recorder) Fresh(key string) bool { return !r.set[r.named(key)] }
func (r *recorder) Known(key string) bool { return !strings.HasPrefix(key, "x") }

// read reads text in pieces cut at cuts, then closes, and returns what it
// told, and the state and error it ended in, and where it would resume.
func read(m *tagargs.Markers, text string, cuts []int, copy bool) string {
	rec := recorder{name: m.KeyName}
	var r tagargs.Reader
	st := tagargs.Open
	if m.Call == "" {
		st = tagargs.Name
	}
	r.Reset(m, &rec, st, 0)
	prev := 0
	for _, c := range append(cuts, len(text)) {
		c = max(prev, min(c, len(text)))
		if copy {
			r.FeedCopy(text[prev:c])
		} else {
			r.Feed(text[prev:c])
		}
		prev = c
	}
	resume := r.Close()
	fmt.Fprintf(&rec.out, "state %d", r.State())
	if r.Err != nil {
		fmt.Fprintf(&rec.out, " err %q@%d", r.Err.Msg, r.Err.Offset)
	}
	if resume >= 0 {
		fmt.Fprintf(&rec.out, " resume@%d", resume)
	}
	return rec.out.String()
}

func TestReader(t *testing.T) {
	tests := []struct {
		m          *tagargs.Markers
		text, want string
	}{
		{&qwen, "<function=f>\n<parameter=a>\nx\n</parameter>\n</function>",
			`name f@10;key a@13;value "\nx\n" [26,29) true;end@53;state 0`},
		// a close tag that text follows is text
		{&qwen, "<function=f><parameter=a>1</parameter>2</parameter></function>",
			`name f@10;key a@12;value "1</parameter>2" [25,39) true;end@62;state 0`},
		// a close tag that a close tag follows is text
		{&qwen, "<function=f><parameter=a>1</parameter></parameter></function>",
			`name f@10;key a@12;value "1</parameter>" [25,38) true;end@61;state 0`},
		// a close tag before a key already set is text
		{&qwen, "<function=f><parameter=a>1</parameter><parameter=b>2</parameter><parameter=a>3</parameter></function>",
			`name f@10;key a@12;value "1" [25,26) true;key b@38;value "2</parameter><parameter=a>3" [51,78) true;end@101;state 0`},
		// no close tag: a fresh known key ends the value, an unknown one does not
		{&qwen, "<function=f><parameter=a>1<parameter=xb>2<parameter=c>3</function>",
			`name f@10;key a@12;value "1<parameter=xb>2" [25,41) false;key c@41;unsure;value "3</function>" [54,55) false;end@66;state 0 resume@66`},
		{&qwen, "<function=f><parameter=a>1<parameter=b>2",
			`name f@10;key a@12;value "1" [25,26) false;key b@26;value "2" [39,40) false;state 2`},
		// an end tag in a value with no close tag after it: only the end tells
		{&qwen, "<function=f><parameter=a>1</function>\n<function=g>",
			`name f@10;key a@12;unsure;value "1</function>\n<function=g>" [25,26) false;end@37;state 0 resume@37`},
		{&qwen, "<function=f><parameter=a>1</function>2</parameter></function>",
			`name f@10;key a@12;unsure;value "1</function>2" [25,38) true;end@61;state 0`},
		// the end of the text after a close tag and blanks
		{&qwen, "<function=f><parameter=a>1</parameter> \n",
			`name f@10;key a@12;value "1" [25,26) true;state 2`},
		{&qwen, "<function=f><parameter=a>1</parameter> </func",
			`name f@10;key a@12;value "1</parameter> </func" [25,45) false;state 2`},
		// JSON arguments
		{&qwen, `<function=f>{"a": 1}</function>`, `name f@10;json [12,20);end@31;state 0`},
		{&qwen, `<function=f><parameter=a>1</parameter>{}`, `name f@10;key a@12;value "1</parameter>{}" [25,40) false;state 2`},
		{&qwen, `<function=f><parameter=a>1</parameter></tool_call>`, `name f@10;key a@12;value "1" [25,26) true;state 8 err "neither <parameter= nor </function> in a function"@38`},
		{&qwen, "<function=f><parameter=a\n>", `name f@10;state 8 err "no key end"@23`},
		{&qwen, "<function=f", `state 8 err "no name end"@10`},
		{&qwen, "<function={{x}}>", `state 8 err "not a function name: {{x}}"@10`},
		{&qwen, " text", `trailing@1;state 7`},
		{&qwen, "<function=f></function> <fun", `name f@10;end@23;trailing@24;state 7`},
		{&minimax, `<invoke name="f"><parameter name="a">x</parameter><parameter name="b">1</parameter></invoke>`,
			`name f@14;key a@17;value "x" [37,38) true;key b@50;value "1" [70,71) true;end@92;state 0`},
		{&minimax, `<invoke name="f"><parameter name="a"></parameter>text</parameter></invoke>`,
			`name f@14;key a@17;value "</parameter>text" [37,53) true;end@74;state 0`},
		{&glm, "get_weather\n<arg_key> city </arg_key>\n<arg_value>Beijing</arg_value>\n",
			`name get_weather@0;key city@12;value "Beijing" [49,56) true;state 2`},
		{&glm, " read_file ", `name read_file@1;state 2`},
		{&glm, "  ", `state 0`},
		// a close tag that a repeated key follows is text
		// the value's own key written again ends it (the last value wins)
		{&glm, "f<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>a</arg_key><arg_value>2</arg_value>",
			`name f@0;key a@1;value "1" [32,33) true;key a@45;value "2" [76,77) true;state 2`},
		// no missing-close rule: a key's tag in a value is text
		{&glm, "f<arg_key>a</arg_key><arg_value>1<arg_key>b</arg_key><arg_value>2",
			`name f@0;key a@1;value "1<arg_key>b</arg_key><arg_value>2" [32,65) false;state 2`},
		{&glm, "f<arg_key>a</arg_key>x", `name f@0;key a@1;state 8 err "expected <arg_value>"@21`},
		{&glm, "f<arg_key>a</arg_key><arg_value>1</arg_value>x<", `name f@0;key a@1;value "1</arg_value>x<" [32,47) false;state 2`},
		{&glm, "f<arg_key>a</arg_key><arg_value>1</arg_value> x", `name f@0;key a@1;value "1</arg_value> x" [32,47) false;state 2`},
		{&glm, "f<arg_key>a</arg_key><arg_value>1</arg_value> <b", `name f@0;key a@1;value "1</arg_value> <b" [32,48) false;state 2`},
	}
	for _, tt := range tests {
		if got := read(tt.m, tt.text, nil, false); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.text, got, tt.want)
		}
	}
}

// pieces are bits of tagged text a model may write, tags among them.
var pieces = []string{"<function=f>", "<function=g>", "<parameter=a>", "<parameter=b>", "<parameter=xc>",
	"</parameter>", "</function>", "</tool_call>", "\n", " ", "x", "<", "</", "<parameter=", ">", "{", "}", "<function=",
	"<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>", "a", "b",
	`<｜DSML｜invoke name="f">`, `<｜DSML｜parameter name="a" string="true">`, `<｜DSML｜parameter name="a" string="false">`,
	`<｜DSML｜parameter name="b" string="true">`, "</｜DSML｜parameter>", "</｜DSML｜invoke>", "</｜DSML｜function_calls>", "｜"}

// What a Reader tells does not depend on how the text is cut.
func TestReaderSplitInvariance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var text strings.Builder
		for _, p := range rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 24).Draw(t, "pieces") {
			text.WriteString(p)
		}
		s := text.String()
		cuts := rapid.SliceOf(rapid.IntRange(0, len(s))).Draw(t, "cuts")
		for i := 1; i < len(cuts); i++ {
			cuts[i] = max(cuts[i], cuts[i-1])
		}
		for _, m := range []*tagargs.Markers{&qwen, &glm, &dsml} {
			whole := read(m, s, nil, false)
			if got := read(m, s, cuts, true); got != whole {
				t.Fatalf("%q cut at %v:\n got %s\nwant %s", s, cuts, got, whole)
			}
			if got := read(m, s, cuts, false); got != whole {
				t.Fatalf("%q cut at %v (kept):\n got %s\nwant %s", s, cuts, got, whole)
			}
		}
	})
}

func FuzzReader(f *testing.F) {
	f.Add("<function=f>\n<parameter=a>\nx\n</parameter>\n</function>", 3)
	f.Add("<function=f><parameter=a>1</function>2</parameter></function>", 7)
	f.Add(`<function=f>{"a": 1}</function>`, 1)
	f.Add("f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n<arg_key>b</arg_key><arg_value>x</arg_value>y", 5)
	f.Add(`<｜DSML｜invoke name="f"><｜DSML｜parameter name="a" string="true">1</｜DSML｜parameter><｜DSML｜parameter name="a" string="false">2</｜DSML｜parameter></｜DSML｜invoke>`, 4)
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = max(1, n%64)
		var cuts []int
		for i := n; i < len(s); i += n {
			cuts = append(cuts, i)
		}
		for _, m := range []*tagargs.Markers{&qwen, &glm, &dsml} {
			if whole, got := read(m, s, nil, false), read(m, s, cuts, true); got != whole {
				t.Fatalf("%q in %d-byte pieces:\n got %s\nwant %s", s, n, got, whole)
			}
		}
	})
}

// An outer tag after a close tag, cut between pieces the reader keeps, is
// read again between parameters as when it comes whole.
func TestReaderOuterTagAcrossPieces(t *testing.T) {
	s := "<function=f><parameter=a><function=f><</parameter></tool_call>"
	whole := read(&qwen, s, nil, false)
	for _, cut := range []int{38, 50, 51, 55} {
		for _, copy := range []bool{false, true} {
			if got := read(&qwen, s, []int{cut}, copy); got != whole {
				t.Errorf("cut at %d (copy %v):\n got %s\nwant %s", cut, copy, got, whole)
			}
		}
	}
}

// trim trims as strings.TrimSpace does, and says where what is left starts.
func TestTrimNames(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a\n", "\va\f", "\u00a0a\u2003", "\ta b\r\n", "\x85", "é ", " \u00a0"} {
		got, at := tagargs.Trim(s, 10)
		want := strings.TrimSpace(s)
		if got != want || got != "" && s[at-10:at-10+len(got)] != got {
			t.Errorf("trim(%q) = %q@%d, want %q", s, got, at, want)
		}
	}
}

// A key whose tag holds attributes (Markers.KeyName): a parameter's tag
// in a value that names the value's own key is text in it, whatever its
// attributes; without KeyName its text is another key.
func TestReaderKeyName(t *testing.T) {
	const (
		inv = `<｜DSML｜invoke name="f">`
		end = `</｜DSML｜invoke>`
		cl  = `</｜DSML｜parameter>`
	)
	p := func(key, typ string) string { return `<｜DSML｜parameter name="` + key + `" string="` + typ + `">` }
	tests := []struct {
		m          *tagargs.Markers
		text, want string
	}{
		{&dsml, inv + "\n" + p("a", "true") + "x" + cl + "\n" + p("b", "false") + "1" + cl + "\n" + end, `name f@24;key a" string="true@28;value "x" [72,73) true;key b" string="false@96;value "1" [141,142) true;end@184;state 0`},
		// a close tag, then the value's own key with another attribute: the
		// key written again
		{&dsml, inv + p("a", "true") + "1" + cl + p("a", "false") + "2" + cl + end, `name f@24;key a" string="true@27;value "1" [71,72) true;key a" string="false@94;value "2" [139,140) true;end@181;state 0`},
		{&dsmlNoName, inv + p("a", "true") + "1" + cl + p("a", "false") + "2" + cl + end, `name f@24;key a" string="true@27;value "1" [71,72) true;key a" string="false@94;value "2" [139,140) true;end@181;state 0`},
		// no close tag, then the value's own key: text
		{&dsml, inv + p("a", "true") + "1" + p("a", "false") + "2" + cl + end, `name f@24;key a" string="true@27;value "1<｜DSML｜parameter name=\"a\" string=\"false\">2" [71,118) true;end@159;state 0`},
		// a fresh key ends the value, attributes and all
		{&dsml, inv + p("a", "true") + "1" + cl + p("b", "true") + "2" + cl + end, `name f@24;key a" string="true@27;value "1" [71,72) true;key b" string="true@94;value "2" [138,139) true;end@180;state 0`},
	}
	for _, tt := range tests {
		if got := read(tt.m, tt.text, nil, false); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.text, got, tt.want)
		}
		for cut := 1; cut < len(tt.text); cut++ {
			if got, whole := read(tt.m, tt.text, []int{cut}, true), read(tt.m, tt.text, nil, false); got != whole {
				t.Errorf("%q cut at %d:\n got %s\nwant %s", tt.text, cut, got, whole)
			}
		}
	}
}
