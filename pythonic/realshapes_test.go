package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/pythonic"
)

// realShapes are this format's cases of the real-output shapes (issue:
// read what real models write, part 2): the text, and the calls it holds
// (none for a near miss).
var realShapes = []formatstest.Shape{
	{Name: "the same, in pythonic", Text: `[get_weather({"city": "Paris"})]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "adjacent string literals are one string", Text: `[get_weather(city='San ''Francisco''')]`, Want: formatstest.Weather(`{"city":"San Francisco"}`)},
	{Name: "a next ChatML turn", Text: "It is sunny.\n<|im_start|>assistant\n[get_weather(city=\"Rome\")]"},
}

// TestRealShapes: each shape whole, split in two at every byte, and in
// 1-byte deltas, with and without argument streaming, gives its calls.
func TestRealShapes(t *testing.T) {
	formatstest.CheckShapes(t, pythonic.Format, realShapes)
}
