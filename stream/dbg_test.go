package stream_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

func manyKeys(prefix, unit string, n int) string {
	var b strings.Builder
	b.WriteString(prefix)
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, unit, i)
	}
	return b.String()
}

func TestDbgProbe(t *testing.T) {
	cases := []struct {
		f    toolcall.Format
		name string
		mk   func(n int) string
	}{
		{deepseek.Format, "no end markers", func(n int) string {
			return "<｜tool▁calls▁begin｜>" + repeatTo("<｜tool▁call▁begin｜>f<｜tool▁sep｜>{\"a\":1}", n)
		}},
		{deepseek.Format, "bare begins", func(n int) string { return "<｜tool▁calls▁begin｜>" + repeatTo("<｜tool▁call▁begin｜>", n) }},
		{kimik2.Format, "no end markers", func(n int) string {
			return "<|tool_calls_section_begin|>" + repeatTo("<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{\"a\":1}", n)
		}},
		{kimik2.Format, "bare begins", func(n int) string { return "<|tool_calls_section_begin|>" + repeatTo("<|tool_call_begin|>", n) }},
		{qwen3coder.Format, "many params", func(n int) string {
			return manyKeys("<tool_call>\n<function=f>\n", "<parameter=p%d>\nv\n</parameter>\n", n) + "</function>\n</tool_call>"
		}},
		{glm45.Format, "many params", func(n int) string {
			return manyKeys("<tool_call>f\n", "<arg_key>k%d</arg_key>\n<arg_value>v</arg_value>\n", n) + "</tool_call>"
		}},
		{mistral.Format, "calls", func(n int) string { return repeatTo("[TOOL_CALLS]f[ARGS]{}", n) }},
	}
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	for _, c := range cases {
		for _, mode := range []int{0, 4, -4} {
			var per [2]float64
			for i, size := range []int{64 << 10, 1 << 20} {
				text := c.mk(size)
				best := time.Hour
				for range 3 {
					start := time.Now()
					if mode < 0 {
						feedAll(c.f, req, text, -mode, stream.WithArgumentStreaming())
					} else {
						feedAll(c.f, req, text, mode)
					}
					best = min(best, time.Since(start))
				}
				per[i] = float64(best.Nanoseconds()) / float64(len(text))
			}
			fmt.Printf("%-12s %-16s mode %2d: %7.1f ns/B at 64K, %7.1f at 1M (%.2fx)\n", c.f.Name(), c.name, mode, per[0], per[1], per[1]/per[0])
		}
	}
}
