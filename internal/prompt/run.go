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

// LastOf returns the index of the last message of role in msgs, or -1.
func LastOf(msgs []toolcall.Message, role string) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == role {
			return i
		}
	}
	return -1
}

// LastQuery returns the index of the last user message that is not a tool
// result written back as <tool_response>...</tool_response> (trim says
// whether the template trims the text first), or the last index when there
// is none: how Qwen3's templates, and those that copy them, find the turns
// whose reasoning they keep.
func LastQuery(msgs []toolcall.Message, trim bool) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role != "user" {
			continue
		}
		c := msgs[i].Content
		if trim {
			c = strings.TrimSpace(c)
		}
		if !(strings.HasPrefix(c, "<tool_response>") && strings.HasSuffix(c, "</tool_response>")) {
			return i
		}
	}
	return len(msgs) - 1
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
