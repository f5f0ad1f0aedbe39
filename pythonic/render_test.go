package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderCalls(t *testing.T) {
	got, err := pythonic.RenderCalls([]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris","days":3,"metric":true,"extra":null}`}})
	if err != nil || got != `[get_weather(city="Paris", days=3, metric=True, extra=None)]` {
		t.Errorf("RenderCalls = %s, %v", got, err)
	}
	got, _ = pythonic.RenderCalls([]toolcall.Call{{Name: "f", Arguments: `{"s":"a\"b'c\\d\ne","o":{"k":[1,false]}}`}, {Name: "g", Arguments: ""}})
	if want := `[f(s="a\"b'c\\d\ne", o={"k": [1, False]}), g()]`; got != want {
		t.Errorf("RenderCalls = %s, want %s", got, want)
	}
	if got, err := pythonic.RenderCalls(nil); got != "" || err != nil {
		t.Errorf("no calls: %q, %v", got, err)
	}
	for _, bad := range []toolcall.Call{{Name: "f", Arguments: `[1]`}, {Name: "f", Arguments: `{"a b":1}`}, {Name: "5f", Arguments: `{}`}, {Name: "f", Arguments: `{`}} {
		if _, err := pythonic.RenderCalls([]toolcall.Call{bad}); err == nil {
			t.Errorf("RenderCalls(%+v) gave no error", bad)
		}
	}
	if _, ok := pythonic.Format.(toolcall.Renderer); !ok {
		t.Error("pythonic.Format is not a toolcall.Renderer")
	}
}

func TestRenderRoundTrip(t *testing.T) {
	streamtest.CheckRenderer(t, pythonic.Format, pythonic.RenderCalls)
}
