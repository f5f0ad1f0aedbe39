package llama4_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestListBeforeParensIsNoLink: a call list followed by a parenthesis that
// opens no link's destination ("(a, b)": a space, then no title) stays
// calls, in both readings.
func TestListBeforeParensIsNoLink(t *testing.T) {
	req := formatstest.WeatherTools()
	for _, f := range []toolcall.Format{llama4.Format, llama4.Precise} {
		streamtest.Expect(t, f, req, `[get_weather(city="Paris")](a, b) and more`, "(a, b) and more", formatstest.Weather(`{"city":"Paris"}`))
	}
}
