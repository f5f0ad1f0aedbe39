package stream_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var writeFile = toolcall.Tool{Name: "write_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"},"mode":{"type":"integer"}},"required":["path","content"]}`)}

// trace feeds deltas with argument streaming on and writes what comes out,
// one line per event: S (started) index name, A index fragment, R
// (retracted) index, C (call) index arguments, T content.
func trace(f toolcall.Format, req toolcall.Request, deltas []string, opts ...stream.Option) []string {
	s := stream.New(f, req, append(opts, stream.WithArgumentStreaming())...)
	var out []string
	take := func(evs []toolcall.Event) {
		for _, e := range evs {
			switch d := e.Delta; {
			case d != nil && d.Kind == toolcall.CallStarted:
				out = append(out, fmt.Sprintf("S %d %s", d.Index, d.Name))
			case d != nil && d.Kind == toolcall.ArgumentsFragment:
				out = append(out, fmt.Sprintf("A %d %s", d.Index, d.Arguments))
			case d != nil && d.Kind == toolcall.CallRetracted:
				out = append(out, fmt.Sprintf("R %d", d.Index))
			case e.Call != nil:
				out = append(out, fmt.Sprintf("C %d %s", e.Call.Index, e.Call.Arguments))
			case e.Content != "":
				out = append(out, "T "+e.Content)
			}
		}
	}
	for _, d := range deltas {
		take(s.Feed(d))
	}
	take(s.Close())
	return out
}

func TestArgumentStreaming(t *testing.T) {
	tools := toolcall.Request{Tools: []toolcall.Tool{writeFile, {Name: "read_file"}, {Name: "get_weather"}}}
	no := false
	for _, tc := range []struct {
		name   string
		f      toolcall.Format
		req    toolcall.Request
		deltas []string
		opts   []stream.Option
		want   []string
	}{{
		name:   "a string argument streams as it arrives; the call event ends it",
		f:      pythonic.Format,
		req:    tools,
		deltas: []string{`[write_file(path="a.py", `, `content="line 1\n`, `line 2\n`, `")]`},
		want:   []string{"S 0 write_file", `A 0 {"path":"a.py","content":"line 1\n`, `A 0 line 2\n"}`, `C 0 {"path":"a.py","content":"line 1\nline 2\n"}`},
	}, {
		name:   "a value coercion rewrites goes out once complete, coerced",
		f:      pythonic.Format,
		req:    tools,
		deltas: []string{`[write_file(mode="4`, `4", path="a`, `")]`},
		want:   []string{"S 0 write_file", `A 0 {"mode":44,"path":"a"}`, `C 0 {"mode":44,"path":"a"}`},
	}, {
		name:   "a list that turns out to be prose withdraws its call",
		f:      pythonic.Format,
		req:    tools,
		deltas: []string{`[write_file(path="a.py"`, `) oops]`},
		want:   []string{"S 0 write_file", "R 0", `T [write_file(path="a.py") oops]`},
	}, {
		name:   "when every call is kept, a list's second call streams before the list closes",
		f:      pythonic.Format,
		req:    tools,
		deltas: []string{`[write_file(path="a", content="` + strings.Repeat("x", 40) + `"), write_file(path="b", content="`, strings.Repeat("y", 40), `")]`},
		want: []string{"S 0 write_file", "S 1 write_file", `A 1 {"path":"b","content":"` + strings.Repeat("y", 40),
			`A 0 {"path":"a","content":"` + strings.Repeat("x", 40) + `"}`, `C 0 {"path":"a","content":"` + strings.Repeat("x", 40) + `"}`, `A 1 "}`, `C 1 {"path":"b","content":"` + strings.Repeat("y", 40) + `"}`},
	}, {
		name:   "a call withdrawn before others: they are withdrawn too, and come whole",
		f:      pythonic.Format,
		req:    tools,
		deltas: []string{`[write_file(path="a", content="` + strings.Repeat("x", 40), `", 5), write_file(path="b", content="`, strings.Repeat("y", 40), `")]`},
		want: []string{"S 0 write_file", `A 0 {"path":"a","content":"` + strings.Repeat("x", 40), "S 1 write_file", `A 1 {"path":"b","content":"` + strings.Repeat("y", 40),
			"R 0", "R 1", `T write_file(path="a", content="` + strings.Repeat("x", 40) + `", 5)`, "S 0 write_file", `A 0 {"path":"b","content":"` + strings.Repeat("y", 40) + `"}`, `C 0 {"path":"b","content":"` + strings.Repeat("y", 40) + `"}`},
	}, {
		name:   "a call tool_choice excludes is never announced",
		f:      pythonic.Format,
		req:    toolcall.Request{Tools: tools.Tools, ToolChoice: "get_weather"},
		deltas: []string{`[write_file(path="a.py"`, `, content="x")]`},
		want:   nil,
	}, {
		name:   "parallel_tool_calls false: the second call is never announced",
		f:      hermes.Format,
		req:    toolcall.Request{Tools: tools.Tools, ParallelToolCalls: &no},
		deltas: []string{`<tool_call>{"name": "read_file", "arguments": {"path": "a"}}</tool_call>`, `<tool_call>{"name": "read_file", "arguments": {"pa`, `th": "b"}}</tool_call>`},
		want:   []string{"S 0 read_file", `A 0 {"path":"a"}`, `C 0 {"path":"a"}`},
	}, {
		name:   "llama4's independent policy: an edit after an edit waits for its file, then comes whole",
		f:      llama4.Format,
		req:    tools,
		deltas: []string{`[write_file(path="a", content="x"), write_file(pa`, `th="b", content="y")]`},
		want:   []string{"S 0 write_file", `A 0 {"path":"a","content":"x"}`, `C 0 {"path":"a","content":"x"}`, "S 1 write_file", `A 1 {"path":"b","content":"y"}`, `C 1 {"path":"b","content":"y"}`},
	}, {
		name:   "llama4's independent policy: a read after an edit is never announced",
		f:      llama4.Format,
		req:    tools,
		deltas: []string{`[write_file(path="a", content="x"), read_file(pa`, `th="b")]`},
		want:   []string{"S 0 write_file", `A 0 {"path":"a","content":"x"}`, `C 0 {"path":"a","content":"x"}`},
	}, {
		name:   "qwen3_coder: a value streams as JSON text, its last newline dropped",
		f:      qwen3coder.Format,
		req:    tools,
		deltas: []string{"<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter=content>\nif a <", " b and c > d and e < f and g > h and i < j and k > l and m < n:\n", "    pass\n</parameter>\n</function>\n</tool_call>"},
		want:   []string{"S 0 write_file", `A 0 {"path":"a.py","content":"if a < b and c > d and e < f and g > h and i < j and k > l and m < n:`, `A 0 \n    pass"}`, `C 0 {"path":"a.py","content":"if a < b and c > d and e < f and g > h and i < j and k > l and m < n:\n    pass"}`},
	}, {
		name:   "harmony: the arguments stream from the message",
		f:      harmony.Format,
		req:    tools,
		deltas: []string{`<|start|>assistant<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>{"path": "a", "content": "ab`, `cdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP`, `QRS"}<|call|>`},
		want:   []string{"S 0 write_file", `A 0 {"path":"a","content":"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP`, `A 0 QRS"}`, `C 0 {"path":"a","content":"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRS"}`},
	}, {
		name:   "a format whose call came whole is announced when complete",
		f:      hermes.Format,
		req:    tools,
		deltas: []string{`<tool_call>{"arguments": {"path": "a"}, "name": "read_file"}</tool_call>`},
		want:   []string{"S 0 read_file", `A 0 {"path":"a"}`, `C 0 {"path":"a"}`},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := trace(tc.f, tc.req, tc.deltas, tc.opts...)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
			streamtest.CompareStreaming(t, tc.f, tc.req, tc.deltas, tc.opts...)
		})
	}
}

// TestArgumentStreamingOffIsUnchanged: without the option no Delta event
// ever appears.
func TestArgumentStreamingOffIsUnchanged(t *testing.T) {
	s := stream.New(pythonic.Format, toolcall.Request{Tools: []toolcall.Tool{writeFile}})
	for _, d := range benchdata.Deltas(writeFileCall(2000), 4) {
		for _, e := range s.Feed(d) {
			if e.Delta != nil {
				t.Fatalf("a Delta event without argument streaming: %+v", *e.Delta)
			}
		}
	}
}

func writeFileCall(n int) string {
	return `[write_file(path="src/handler.py", content=` + fmt.Sprintf("%q", benchdata.PythonSource(n)) + `)]`
}

// A 100 KB call streams in pieces: many fragments, one per Feed at most.
func TestLongCallStreams(t *testing.T) {
	ds := benchdata.Deltas(writeFileCall(100_000), 4)
	req := toolcall.Request{Tools: []toolcall.Tool{writeFile}}
	st := streamtest.CompareStreaming(t, pythonic.Format, req, ds)
	if st.Calls != 1 || st.Streamed != 1 {
		t.Fatalf("%+v: the call did not stream", st)
	}
	fragments := 0
	for _, line := range trace(pythonic.Format, req, ds) {
		if strings.HasPrefix(line, "A ") {
			fragments++
		}
	}
	if fragments < len(ds)/16 {
		t.Errorf("%d fragments for %d deltas", fragments, len(ds))
	}
}

// readers are formats of each kind of reader: a pythonic list, a function
// tag, a JSON call object, XML parameters, a Harmony message.
var readers = []struct {
	format toolcall.Format
	render func([]toolcall.Call) (string, error)
}{
	{pythonic.Format, pythonic.RenderCalls},
	{llama4.Format, llama4.RenderFunctionTags},
	{hermes.Format, hermes.RenderCalls},
	{qwen3coder.Format, qwen3coder.RenderCalls},
	{harmony.Format, harmony.RenderCalls},
}

// writeFileText renders, with a reader's render, a write_file call whose
// content is size bytes of Python source.
func writeFileText(tb testing.TB, render func([]toolcall.Call) (string, error), size int) string {
	args, _ := json.Marshal(map[string]string{"path": "src/handler.py", "content": benchdata.PythonSource(size)})
	text, err := render([]toolcall.Call{{Name: "write_file", Arguments: string(args)}})
	if err != nil {
		tb.Fatal(err)
	}
	return text
}

// A 10 KB call streams in every kind of reader: a pythonic list, a
// function tag, a JSON call object, XML parameters, a Harmony message.
func TestLongCallsStreamInEveryReader(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{writeFile}}
	for _, f := range readers {
		ds := benchdata.Deltas(writeFileText(t, f.render, 10_000), 4)
		if st := streamtest.CompareStreaming(t, f.format, req, ds); st.Calls != 1 || st.Streamed != 1 || st.Retracted != 0 {
			t.Errorf("%s: %+v", f.format.Name(), st)
		}
		fragments := 0
		for _, line := range trace(f.format, req, ds) {
			if strings.HasPrefix(line, "A ") {
				fragments++
			}
		}
		if fragments < 100 {
			t.Errorf("%s: %d fragments for a 10 KB call", f.format.Name(), fragments)
		}
	}
}

// BenchmarkArgumentStreaming: a 100 KB write_file call in 4-byte deltas,
// with argument streaming off and on, for formats of each kind of reader.
func BenchmarkArgumentStreaming(b *testing.B) {
	req := toolcall.Request{Tools: []toolcall.Tool{writeFile}}
	for _, f := range readers {
		text := writeFileText(b, f.render, 100_000)
		ds := benchdata.Deltas(text, 4)
		for _, on := range []bool{false, true} {
			name := f.format.Name() + "/off"
			var opts []stream.Option
			if on {
				name = f.format.Name() + "/on"
				opts = append(opts, stream.WithArgumentStreaming())
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					if n := benchdata.Calls(stream.New(f.format, req, opts...), ds); n != 1 {
						b.Fatalf("calls = %d", n)
					}
				}
			})
		}
	}
}

// typedTools offer a tool whose schema makes coercion rewrite values:
// integers, arrays and enums written as strings, a nullable string.
var typedTools = toolcall.Request{Tools: []toolcall.Tool{{Name: "write_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"},"mode":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}},"kind":{"enum":["text","binary"]},"note":{"type":["string","null"]}},"additionalProperties":{"type":"number"}}`)}}}

// FuzzArgumentStreaming: any text, in any format, split anyhow, with a
// tool whose schema rewrites values: argument streaming keeps its promises
// (streamtest.CompareStreaming).
func FuzzArgumentStreaming(f *testing.F) {
	seeds := []string{
		`[write_file(path="a.py", mode="7", tags="['x', 'y']", kind="TEXT", note="None", extra="1.5", content="x\ny")]`,
		`<tool_call>{"name": "write_file", "arguments": {"mode": "3", "path": "x", "tags": ["a"], "note": null}}</tool_call>`,
		"<tool_call>\n<function=write_file>\n<parameter=mode>\n12\n</parameter>\n<parameter=content>\na </parameter> b\n</parameter>\n</function>\n</tool_call>",
		`<|start|>assistant<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>{"path": "p", "mode": "9", "content": "\u00e9\ud83d\ude00"}<|call|>`,
		`<tool_call>write_file<arg_key>mode</arg_key><arg_value>5</arg_value><arg_key>content</arg_key><arg_value>a<b</arg_value></tool_call>`,
		`[write_file(path="a", content="x"), write_file(path="b", content=(1, 2)), write_file(path={1, 2})]`,
	}
	for i, s := range seeds {
		f.Add(s, uint64(i), uint8(i))
	}
	formats := []toolcall.Format{pythonic.Format, llama4.Format, hermes.Format, qwen3coder.Format, harmony.Format, glm45.Format, kimik2.Format, deepseek.Format, mistral.Format, lfm2.Format, olmo3.Format, llama3json.Format}
	f.Fuzz(func(t *testing.T, doc string, seed uint64, which uint8) {
		for k := range 3 { // the seed's format, and two more
			fm := formats[(int(which)+k*5)%len(formats)]
			// A call is sent again whole only when its text repeats an
			// argument (the last value goes at the first place).
			if st := streamtest.CompareStreaming(t, fm, typedTools, streamtest.SeededSplit(doc, seed)); st.Resent > 0 && !strings.Contains(fmt.Sprint(stream.Parse(fm, doc, typedTools).Diagnostics), "twice") {
				t.Fatalf("%s: a call sent again whole: %+v", fm.Name(), st)
			}
		}
	})
}

// Escapes that coercion writes anew (a surrogate pair as two \u escapes, as
// Python's json.dumps writes an emoji; a lone surrogate; U+FFFD) stream as
// the coerced arguments have them: nothing is withdrawn or sent again.
func TestEscapesStreamAsCoerced(t *testing.T) {
	for _, c := range []struct {
		f   toolcall.Format
		doc string
	}{
		{pythonic.Format, `[write_file(path="a", content="` + `\ud83d\ude00 and \ud83d alone, \ude00 too, \u00e9, \u2028, \x00` + `")]`},
		{hermes.Format, `<tool_call>{"name": "write_file", "arguments": {"content": "\ud83d\ude00 \u0000 \u2028 \/ \u00e9 \ufffd x", "extra": {"k": "\ud83d\ude00"}}}</tool_call>`},
		{harmony.Format, `<|start|>assistant<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>{"path": "p", "content": "\ud83d\ude00\ud83d"}<|call|>`},
	} {
		for _, n := range []int{1, 3, 7} {
			var ds []string
			for i := 0; i < len(c.doc); i += n {
				ds = append(ds, c.doc[i:min(i+n, len(c.doc))])
			}
			if st := streamtest.CompareStreaming(t, c.f, typedTools, ds); st.Calls != 1 || st.Retracted != 0 || st.Resent != 0 {
				t.Errorf("%s in %d-byte deltas: %+v", c.f.Name(), n, st)
			}
		}
	}
}

// A repeated argument keeps its first place and its last value, with a
// syntax diagnostic, in pythonic; with argument streaming the call is then
// sent again whole, since its first value went out already. The formats
// that write values as text between tags (Qwen3-Coder's XML, GLM's keys)
// do the same for a key written again right after its own value; a tag
// for a key set before the value is no structure there: it and what
// follows are text in the value, so a file's content that holds
// <parameter=path> never redirects a write.
func TestRepeatedArgumentsAreNoted(t *testing.T) {
	for _, c := range []struct {
		f    toolcall.Format
		doc  string
		want string
	}{
		{pythonic.Format, `[write_file(path="a", path="b")]`, `{"path":"b"}`},
		{qwen3coder.Format, "<tool_call>\n<function=write_file>\n<parameter=path>\na\n</parameter>\n<parameter=path>\nb\n</parameter>\n</function>\n</tool_call>", `{"path":"b"}`},
		{glm45.Format, "<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a</arg_value>\n<arg_key>path</arg_key>\n<arg_value>b</arg_value>\n</tool_call>", `{"path":"b"}`},
		{qwen3coder.Format, "<tool_call>\n<function=write_file>\n<parameter=path>\na\n</parameter>\n<parameter=content>\nx\n</parameter>\n<parameter=path>\nb\n</parameter>\n</function>\n</tool_call>", `{"path":"a","content":"x\n</parameter>\n<parameter=path>\nb"}`},
		{glm45.Format, "<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a</arg_value>\n<arg_key>content</arg_key>\n<arg_value>x</arg_value>\n<arg_key>path</arg_key>\n<arg_value>b</arg_value>\n</tool_call>", `{"path":"a","content":"x</arg_value>\n<arg_key>path</arg_key>\n<arg_value>b"}`},
	} {
		res := stream.Parse(c.f, c.doc, typedTools)
		if len(res.Calls) != 1 || res.Calls[0].Arguments != c.want || c.want == `{"path":"b"}` && !strings.Contains(fmt.Sprint(res.Diagnostics), "path given twice") {
			t.Errorf("%s: %+v", c.f.Name(), res)
		}
		var ds []string
		for i := 0; i < len(c.doc); i += 3 {
			ds = append(ds, c.doc[i:min(i+3, len(c.doc))])
		}
		streamtest.CompareStreaming(t, c.f, typedTools, ds)
	}
}

// A block whose value fails after its start was followed (a long string,
// then a syntax error) keeps streaming's promises and does not panic: the
// body's reader, which the follower reads, stops holding stable JSON.
func TestFollowedBodyThatFailsLate(t *testing.T) {
	long := strings.Repeat("a", 100)
	for _, c := range []struct {
		f    toolcall.Format
		text string
	}{
		{hermes.Format, `<tool_call>{"name": "write_file", "arguments": {"path": "` + long + `", "mode": 1 2}}</tool_call>`},
		{hermes.Format, `<tool_call>{"name": "write_file", "arguments": {"path": "` + long + `"}} {"name": "x"</tool_call>`},
		{lfm2.Format, `<|tool_call_start|>[write_file(path="` + long + `", mode=1 2)]<|tool_call_end|>`},
		{lfm2.Format, `<|tool_call_start|>[write_file(path="` + long + `"), {"name": "x"}]<|tool_call_end|>`},
		{olmo3.Format, `<function_calls>[write_file(path="` + long + `", mode=1 2)]</function_calls>`},
	} {
		for _, size := range []int{1, 4, 64} {
			streamtest.CompareStreaming(t, c.f, typedTools, benchdata.Deltas(c.text, size))
		}
	}
}
