package prompt

import (
	"strings"

	"github.com/toolparse/toolparse/toolcall"
)

// WriteResult writes msgs[i], a tool result, as templates that gather a
// run of consecutive results into one turn write it: head before the
// first of the run, then text (the result as the template wraps it), then
// tail after the last of the run.
func WriteResult(b *strings.Builder, msgs []toolcall.Message, i int, head, text, tail string) {
	first, last := ToolRun(msgs, i)
	if first {
		b.WriteString(head)
	}
	b.WriteString(text)
	if last {
		b.WriteString(tail)
	}
}

// System splits a conversation's leading system message off: its text,
// whether there is one, and the messages after it (all of msgs when
// there is none).
func System(msgs []toolcall.Message) (text string, ok bool, rest []toolcall.Message) {
	if len(msgs) > 0 && msgs[0].Role == "system" {
		return msgs[0].Content, true, msgs[1:]
	}
	return "", false, msgs
}
