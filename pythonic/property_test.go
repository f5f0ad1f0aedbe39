package pythonic_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// section3 is FORMATS.md section 3's inputs, the seeds of the generated
// documents.
var section3 = []string{
	`[get_weather(city='Tokyo')] Let me check that for you.`,
	`[_lookup(_id='abc', limit=5)]`,
	`[5foo(x=1)]`,
	`[1, 2, 3] are the numbers`,
	`[f(a="]"), g(b='x\'y')]`,
	`[move(dx=-5, dy=3)]`,
	`[search(q="a", filters={'lang': 'en', 'tags': ('x', 'y')}, exact=False, cursor=None)]`,
	`[get_weather(city='Tok`,
	"<|eot_id|>", "<end_of_turn>", "</s>",
	`[bash(command='sed -n '1,9p' f.py')]`,
	`[f(a=1), g(b=1+), h()]`,
}

func TestPythonicProperties(t *testing.T) {
	t.Run("without tools", func(t *testing.T) {
		streamtest.CheckFormat(t, pythonic.Format, section3)
	})
	t.Run("with tools", func(t *testing.T) {
		streamtest.CheckFormatRequest(t, pythonic.Format, toolcall.Request{Tools: tools("get_weather", "f", "g")}, section3)
	})
}

// A generated call, and the Python source that writes it.
type genCall struct {
	name string
	args []genArg
}

type genArg struct {
	key   string
	value any // string, int64, float64, bool, nil, []any, map as [][2]any
}

var argValue = rapid.Deferred(func() *rapid.Generator[any] { return valueGen(3) })

func valueGen(depth int) *rapid.Generator[any] {
	scalars := []*rapid.Generator[any]{
		rapid.Map(rapid.String(), func(s string) any { return s }),
		rapid.Map(rapid.StringOf(rapid.SampledFrom([]rune("'\"\\\n\t[](){},:=<|>#é😀 ab"))), func(s string) any { return s }),
		rapid.Map(rapid.Int64(), func(i int64) any { return i }),
		rapid.Map(rapid.Bool(), func(b bool) any { return b }),
		rapid.Just[any](nil),
		rapid.Map(rapid.Float64Range(-1e6, 1e6), func(f float64) any { return f }),
	}
	if depth == 0 {
		return rapid.OneOf(scalars...)
	}
	inner := valueGen(depth - 1)
	return rapid.OneOf(append(scalars,
		rapid.Map(rapid.SliceOfN(inner, 0, 3), func(v []any) any { return v }),
		rapid.Map(rapid.MapOfN(rapid.StringN(0, 5, -1), inner, 0, 3), func(m map[string]any) any { return m }),
	)...)
}

var names = rapid.SampledFrom([]string{"get_weather", "sub-task-ending", "math.factorial", "_lookup", "import", "f"})
var keys = rapid.SampledFrom([]string{"city", "from", "max-results", "_id", "class", "q", "x"})

func callGen() *rapid.Generator[genCall] {
	return rapid.Custom(func(t *rapid.T) genCall {
		c := genCall{name: names.Draw(t, "name")}
		seen := map[string]bool{}
		for _, k := range rapid.SliceOfN(keys, 0, 4).Draw(t, "keys") {
			if seen[k] {
				continue
			}
			seen[k] = true
			c.args = append(c.args, genArg{k, argValue.Draw(t, "value")})
		}
		return c
	})
}

// py writes v as a Python literal. Go's quoting is valid Python for valid
// UTF-8 text.
func py(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(strings.ToValidUTF8(v, "\uFFFD"))
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		if v {
			return "True"
		}
		return "False"
	case nil:
		return "None"
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = py(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		parts := make([]string, 0, len(v))
		for k, x := range v {
			parts = append(parts, py(k)+": "+py(x))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	panic(fmt.Sprintf("py: %T", v))
}

func jsonOf(v any) any {
	switch v := v.(type) {
	case string:
		return strings.ToValidUTF8(v, "\uFFFD")
	case int64:
		return float64(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = jsonOf(x)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			out[strings.ToValidUTF8(k, "\uFFFD")] = jsonOf(x)
		}
		return out
	}
	return v
}

func (c genCall) source() string {
	parts := make([]string, len(c.args))
	for i, a := range c.args {
		parts[i] = a.key + "=" + py(a.value)
	}
	return c.name + "(" + strings.Join(parts, ", ") + ")"
}

func (c genCall) wantArgs() map[string]any {
	m := map[string]any{}
	for _, a := range c.args {
		m[a.key] = jsonOf(a.value)
	}
	return m
}

// TestNothingIsLost builds documents from prose and call lists whose
// meaning is known, feeds them in random deltas, and requires exactly the
// prose (trimmed) as content and exactly the calls.
func TestNothingIsLost(t *testing.T) {
	proseGen := rapid.SampledFrom([]string{"Sure.", " ", "\n", "let me look", " ✓ ", "naïve café", "(a, b)", "it's \"fine\"", "x = 1;", "😀", "\u00a0"})
	rapid.Check(t, func(t *rapid.T) {
		var doc, prose strings.Builder
		var want []genCall
		// A call that repeats an earlier one with prose between them is
		// dropped (a model repeating its calls in an explanation).
		seen, mark := map[string]int{}, 0
		for range rapid.IntRange(0, 6).Draw(t, "pieces") {
			if rapid.Bool().Draw(t, "is prose") {
				p := proseGen.Draw(t, "prose")
				doc.WriteString(p)
				prose.WriteString(p)
				if strings.Trim(p, " \t\r\n,;[]()") != "" {
					mark++
				}
				continue
			}
			calls := rapid.SliceOfN(callGen(), 1, 3).Draw(t, "calls")
			srcs := make([]string, len(calls))
			for i, c := range calls {
				srcs[i] = c.source()
				if m, ok := seen[srcs[i]]; ok && m < mark {
					continue
				} else if !ok {
					seen[srcs[i]] = mark
				}
				want = append(want, c)
			}
			doc.WriteString("[" + strings.Join(srcs, ", ") + "]")
		}
		res := streamtest.Compare(t, pythonic.Format, toolcall.Request{}, streamtest.Split(t, doc.String()))
		if res.Content != strings.TrimSpace(prose.String()) {
			t.Fatalf("content %q, want %q", res.Content, strings.TrimSpace(prose.String()))
		}
		if len(res.Calls) != len(want) {
			t.Fatalf("%d calls, want %d: %+v", len(res.Calls), len(want), res.Calls)
		}
		for i, c := range res.Calls {
			var got map[string]any
			if err := json.Unmarshal([]byte(c.Arguments), &got); err != nil {
				t.Fatalf("call %d arguments %s: %v", i, c.Arguments, err)
			}
			if c.Name != want[i].name || !jsonEqualValues(got, want[i].wantArgs()) {
				t.Fatalf("call %d = %s %s, want %s %v (source %s)", i, c.Name, c.Arguments, want[i].name, want[i].wantArgs(), want[i].source())
			}
		}
	})
}

func jsonEqualValues(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
