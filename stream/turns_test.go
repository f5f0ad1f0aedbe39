package stream_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// A repeated call is found among many: past the first few calls, whose
// marks are searched in turn, the rest are in a map, and a repeat of either
// kind after prose is dropped.
func TestRepeatsAmongManyCalls(t *testing.T) {
	var list []string
	for i := range 40 {
		list = append(list, fmt.Sprintf("get_weather(city=%q)", fmt.Sprint("c", i)))
	}
	text := "[" + strings.Join(list, ", ") + "]\nI called get_weather(city=\"c0\") and get_weather(city=\"c33\"), then get_weather(city=\"new\")."
	res := stream.Parse(llama4.Format, text, smallTools)
	if len(res.Calls) != 41 || res.Calls[40].Arguments != `{"city":"new"}` {
		t.Fatalf("%d calls, want the 40 of the list and the new one: %v", len(res.Calls), res.Calls[max(0, len(res.Calls)-2):])
	}
	policy := 0
	for _, d := range res.Diagnostics {
		if d.Kind == toolcall.KindPolicy {
			policy++
		}
	}
	if policy != 2 {
		t.Errorf("%d policy diagnostics, want one per dropped repeat: %+v", policy, res.Diagnostics)
	}
}
