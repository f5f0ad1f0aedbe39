package openai

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Chunk is one chat.completion.chunk event of a streamed response.
type Chunk struct {
	ID      string        `json:"id"`
	Object  string        `json:"object"`
	Created int64         `json:"created"`
	Model   string        `json:"model"`
	Choices []ChunkChoice `json:"choices"`
	Usage   *Usage        `json:"usage,omitempty"`
}

// ChunkChoice is a chunk's one choice.
type ChunkChoice struct {
	Index        int     `json:"index"`
	Delta        Delta   `json:"delta"`
	FinishReason *string `json:"finish_reason"`
}

// Delta is what a chunk adds to the message.
type Delta struct {
	Role             string     `json:"role,omitempty"`
	Content          *string    `json:"content,omitempty"`
	ReasoningContent *string    `json:"reasoning_content,omitempty"`
	ToolCalls        []ToolCall `json:"tool_calls,omitempty"`
}

// Completion is a whole chat.completion response.
type Completion struct {
	ID      string             `json:"id"`
	Object  string             `json:"object"`
	Created int64              `json:"created"`
	Model   string             `json:"model"`
	Choices []CompletionChoice `json:"choices"`
	Usage   *Usage             `json:"usage,omitempty"`
}

// CompletionChoice is a completion's one choice.
type CompletionChoice struct {
	Index        int             `json:"index"`
	Message      ResponseMessage `json:"message"`
	FinishReason string          `json:"finish_reason"`
}

// ResponseMessage is the assistant's message in a completion.
type ResponseMessage struct {
	Role             string     `json:"role"`
	Content          *string    `json:"content"`
	ReasoningContent *string    `json:"reasoning_content,omitempty"`
	ToolCalls        []ToolCall `json:"tool_calls,omitempty"`
}

// Usage counts tokens, as the model server reported them.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// ErrorBody is an error as OpenAI writes it.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong.
type ErrorDetail struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    *string `json:"code"`
}

// NewError returns an error body of the given type ("invalid_request_error",
// "upstream_error", ...).
func NewError(kind, msg string) ErrorBody {
	return ErrorBody{Error: ErrorDetail{Type: kind, Message: msg}}
}

// FinishReason is the finish_reason for a response that ended for reason
// ("stop", "length", or "" for stop) and returned calls calls: "tool_calls"
// when a response that stopped by itself returned calls.
func FinishReason(reason string, calls int) string {
	switch {
	case reason == "" || reason == "stop":
		if calls > 0 {
			return "tool_calls"
		}
		return "stop"
	}
	return reason
}

// ChunkWriter writes a stream's events as server-sent chat.completion.chunk
// events: the role chunk first, then one chunk per event (content,
// reasoning_content, a tool call), and at the end a chunk with the
// finish_reason, an optional usage chunk and [DONE]. It writes each event
// from a buffer it reuses, so the content path allocates nothing. When the
// writer has a Flush method (an http.ResponseWriter does), it is called
// after each batch of events.
//
// With argument streaming (stream.WithArgumentStreaming) a call goes out as
// OpenAI streams one: a CallStarted delta writes the first tool_calls
// entry, with index, id, type, name and "arguments": "", each fragment a
// tool_calls entry with the index and the piece of arguments, and the Call
// event that ends it writes nothing more. The wire has no way to withdraw
// a call: for a CallRetracted delta nothing is written, the call is not
// counted, and later calls take the next index, so that a client never
// joins two calls' arguments under one index.
type ChunkWriter struct {
	w       io.Writer
	flush   func()
	head    []byte // data: {"id":...,"choices":[{"index":0,"delta":
	buf     []byte
	started bool
	calls   int
	skip    int          // indices given to calls that were withdrawn
	open    map[int]bool // calls announced and not ended, by the stream's index
}

// NewChunkWriter returns a writer of chunks with the given id, model and
// creation time (Unix seconds).
func NewChunkWriter(w io.Writer, id, model string, created int64) *ChunkWriter {
	c := &ChunkWriter{w: w}
	if f, ok := w.(interface{ Flush() }); ok {
		c.flush = f.Flush
	}
	c.head = append(c.head, `data: {"id":`...)
	c.head = jsonvalue.AppendString(c.head, id)
	c.head = append(c.head, `,"object":"chat.completion.chunk","created":`...)
	c.head = strconv.AppendInt(c.head, created, 10)
	c.head = append(c.head, `,"model":`...)
	c.head = jsonvalue.AppendString(c.head, model)
	c.head = append(c.head, `,"choices":[{"index":0,"delta":`...)
	return c
}

// Started reports whether anything has been written.
func (c *ChunkWriter) Started() bool { return c.started }

// Calls returns how many tool calls have been written.
func (c *ChunkWriter) Calls() int { return c.calls }

const tail = `,"finish_reason":null}]}` + "\n\n"

// WriteEvents writes a chunk for each event, after the role chunk if this
// is the first write.
func (c *ChunkWriter) WriteEvents(evs []toolcall.Event) error {
	if err := c.start(); err != nil {
		return err
	}
	for _, e := range evs {
		b := append(c.buf[:0], c.head...)
		switch d := e.Delta; {
		case d != nil:
			var ok bool
			if b, ok = c.appendDelta(b, d); !ok {
				continue
			}
		case e.Call != nil && c.open[e.Call.Index]:
			delete(c.open, e.Call.Index) // its arguments went out in pieces
			c.calls++
			continue
		case e.Call != nil:
			b = append(b, `{"tool_calls":[`...)
			call := *e.Call
			call.Index += c.skip
			b = appendCall(b, &call, true)
			b = append(b, "]}"...)
			c.calls++
		case e.Reasoning != "":
			b = append(b, `{"reasoning_content":`...)
			b = jsonvalue.AppendString(b, e.Reasoning)
			b = append(b, '}')
		case e.Content != "":
			b = append(b, `{"content":`...)
			b = jsonvalue.AppendString(b, e.Content)
			b = append(b, '}')
		default:
			continue
		}
		b = append(b, tail...)
		c.buf = b
		if _, err := c.w.Write(b); err != nil {
			return err
		}
	}
	if c.flush != nil && len(evs) > 0 {
		c.flush()
	}
	return nil
}

// appendDelta writes the tool_calls delta of a streamed call's step, and
// reports whether there is one to write.
func (c *ChunkWriter) appendDelta(b []byte, d *toolcall.CallDelta) ([]byte, bool) {
	switch d.Kind {
	case toolcall.CallStarted:
		if c.open == nil {
			c.open = map[int]bool{}
		}
		c.open[d.Index] = true
		b = append(b, `{"tool_calls":[`...)
		b = appendCall(b, &toolcall.Call{Index: d.Index + c.skip, ID: d.ID, Name: d.Name}, true)
		return append(b, "]}"...), true
	case toolcall.ArgumentsFragment:
		b = append(b, `{"tool_calls":[{"index":`...)
		b = strconv.AppendInt(b, int64(d.Index+c.skip), 10)
		b = append(b, `,"function":{"arguments":`...)
		b = jsonvalue.AppendString(b, d.Arguments)
		return append(b, "}}]}"...), true
	case toolcall.CallRetracted:
		if c.open[d.Index] {
			delete(c.open, d.Index)
			c.skip++
		}
	}
	return b, false
}

// start writes the role chunk, once.
func (c *ChunkWriter) start() error {
	if c.started {
		return nil
	}
	c.started = true
	b := append(c.buf[:0], c.head...)
	b = append(b, `{"role":"assistant","content":""}`...)
	b = append(b, tail...)
	c.buf = b
	_, err := c.w.Write(b)
	return err
}

// Finish ends the stream: a chunk with the finish_reason (see
// FinishReason), a usage chunk when usage is given, and [DONE].
func (c *ChunkWriter) Finish(reason string, usage *Usage) error {
	if err := c.start(); err != nil {
		return err
	}
	b := append(c.buf[:0], c.head...)
	b = append(b, `{},"finish_reason":`...)
	b = jsonvalue.AppendString(b, FinishReason(reason, c.calls))
	b = append(b, "}]}\n\n"...)
	if usage != nil {
		i := strings.Index(string(c.head), `"choices":`)
		b = append(b, c.head[:i]...)
		u, _ := json.Marshal(usage)
		b = append(b, `"choices":[],"usage":`...)
		b = append(b, u...)
		b = append(b, "}\n\n"...)
	}
	b = append(b, "data: [DONE]\n\n"...)
	c.buf = b
	_, err := c.w.Write(b)
	if c.flush != nil {
		c.flush()
	}
	return err
}

// Fail ends a stream that cannot go on with an error event.
func (c *ChunkWriter) Fail(kind, msg string) error {
	raw, _ := json.Marshal(NewError(kind, msg))
	b := append(c.buf[:0], "data: "...)
	b = append(b, raw...)
	b = append(b, "\n\n"...)
	c.buf = b
	_, err := c.w.Write(b)
	if c.flush != nil {
		c.flush()
	}
	return err
}

// appendCall writes a call as a tool_calls entry.
func appendCall(b []byte, call *toolcall.Call, withIndex bool) []byte {
	b = append(b, '{')
	if withIndex {
		b = append(b, `"index":`...)
		b = strconv.AppendInt(b, int64(call.Index), 10)
		b = append(b, ',')
	}
	b = append(b, `"id":`...)
	b = jsonvalue.AppendString(b, call.ID)
	b = append(b, `,"type":"function","function":{"name":`...)
	b = jsonvalue.AppendString(b, call.Name)
	b = append(b, `,"arguments":`...)
	b = jsonvalue.AppendString(b, call.Arguments)
	return append(b, "}}"...)
}

// Assembler collects a stream's events into one chat.completion, for
// requests that do not stream.
type Assembler struct {
	content, reasoning strings.Builder
	calls              []ToolCall
}

// Add takes the events of one Feed or Close.
func (a *Assembler) Add(evs []toolcall.Event) {
	for _, e := range evs {
		switch {
		case e.Delta != nil: // the Call event carries the whole call
		case e.Call != nil:
			a.calls = append(a.calls, ToolCall{ID: e.Call.ID, Type: "function", Function: FunctionCall{Name: e.Call.Name, Arguments: e.Call.Arguments}})
		case e.Reasoning != "":
			a.reasoning.WriteString(e.Reasoning)
		default:
			a.content.WriteString(e.Content)
		}
	}
}

// Len is the number of content and reasoning bytes collected so far.
func (a *Assembler) Len() int { return a.content.Len() + a.reasoning.Len() }

// Completion returns the response: content (null when there are calls and
// no text), reasoning_content, tool_calls and the finish_reason (see
// FinishReason).
func (a *Assembler) Completion(id, model string, created int64, reason string, usage *Usage) Completion {
	msg := ResponseMessage{Role: "assistant", ToolCalls: a.calls}
	if a.content.Len() > 0 || len(a.calls) == 0 {
		s := a.content.String()
		msg.Content = &s
	}
	if a.reasoning.Len() > 0 {
		s := a.reasoning.String()
		msg.ReasoningContent = &s
	}
	return Completion{ID: id, Object: "chat.completion", Created: created, Model: model, Usage: usage,
		Choices: []CompletionChoice{{Index: 0, Message: msg, FinishReason: FinishReason(reason, len(a.calls))}}}
}
