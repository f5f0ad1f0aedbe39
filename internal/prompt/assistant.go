package prompt

import (
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// WriteCalls writes an assistant's calls into a prompt: before, then the
// calls as render writes them; no calls writes nothing, before neither.
// render's error is WriteCalls'.
func WriteCalls(b *strings.Builder, render func([]toolcall.Call) (string, error), calls []toolcall.Call, before string) error {
	if len(calls) == 0 {
		return nil
	}
	text, err := render(calls)
	if err != nil {
		return err
	}
	b.WriteString(before + text)
	return nil
}

// IDMember is a call object's "id" member as tojson writes it, after the
// members before it (`, "id": "ID"`), or "" when the call has no ID: a
// JSONArray's Tail for templates that write a call's ID when it has one.
func IDMember(c toolcall.Call) string {
	if c.ID == "" {
		return ""
	}
	return `, "id": ` + string(jsonvalue.AppendString(nil, c.ID))
}

// LastAnswer returns the index of the last assistant message without
// calls in msgs, or -1: where templates that drop the reasoning of
// finished tasks find the last one finished.
func LastAnswer(msgs []toolcall.Message) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "assistant" && len(msgs[i].ToolCalls) == 0 {
			return i
		}
	}
	return -1
}
