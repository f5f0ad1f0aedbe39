package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
)

// TestListAtLineStartIsDecidedAtItsBracket: a list at a line's start is
// decided when its ']' closes, a link's tail after it or not (waiting for
// the next byte would hold the call until the next delta); inside a line
// the same link is content.
func TestListAtLineStartIsDecidedAtItsBracket(t *testing.T) {
	req := formatstest.WeatherTools()
	link := `[get_weather(city="Paris")](https://example.com/w)`
	streamtest.Expect(t, pythonic.Format, req, "Weather:\n"+link, "Weather:\n(https://example.com/w)", formatstest.Weather(`{"city":"Paris"}`))
	streamtest.Expect(t, pythonic.Format, req, "Weather: "+link, "Weather: "+link, nil)
}
