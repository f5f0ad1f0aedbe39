package nemotronv2_test

import (
	"testing"

	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderCalls(t *testing.T) {
	for _, tt := range []struct {
		name  string
		calls []toolcall.Call
		want  string
	}{
		{"no calls", nil, ""},
		{"the golden's two calls, as the template writes them", []toolcall.Call{note, order},
			"<TOOLCALL>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + "}]</TOOLCALL>"},
		{"empty arguments are {}", []toolcall.Call{{Name: "f"}}, `<TOOLCALL>[{"name": "f", "arguments": {}}]</TOOLCALL>`},
		{"a name is a JSON string", []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, `<TOOLCALL>[{"name": "a\"b", "arguments": {}}]</TOOLCALL>`},
	} {
		got, err := nemotronv2.RenderCalls(tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: RenderCalls = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := nemotronv2.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckRenderer(t, nemotronv2.Format, nemotronv2.RenderCalls)
	streamtest.CheckTypedRenderer(t, nemotronv2.Format, nemotronv2.RenderCalls)
}
