package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/toolcall"
)

// Demo is a built-in upstream for trying the gateway without a model: it
// replays a response in the format's own syntax, in small random deltas,
// with calls to the tools the request offers (a weather question with a
// get_weather tool gets get_weather calls), reasoning for formats that
// think, and prose.
type Demo struct {
	Format string        // the format whose syntax the replies use
	Delay  time.Duration // between deltas, to look like a model
}

// Complete implements Upstream.
func (d *Demo) Complete(ctx context.Context, c Completion, yield func(string) error) (Outcome, error) {
	format := d.Format
	if c.Format != "" {
		format = c.Format // the format the gateway reads this answer with
	}
	text := d.reply(c.Chat, format)
	r := rand.New(rand.NewPCG(uint64(len(text)), 7))
	for rest := text; rest != ""; {
		n := min(len(rest), 1+r.IntN(6))
		if err := yield(rest[:n]); err != nil {
			return Outcome{}, err
		}
		rest = rest[n:]
		if d.Delay > 0 {
			select {
			case <-ctx.Done():
				return Outcome{}, ctx.Err()
			case <-time.After(d.Delay):
			}
		}
	}
	var usage *openai.Usage
	if c.IncludeUsage {
		usage = &openai.Usage{PromptTokens: len(c.Prompt) / 4, CompletionTokens: len(text) / 4, TotalTokens: (len(c.Prompt) + len(text)) / 4}
	}
	return Outcome{FinishReason: "stop", Usage: usage}, ctx.Err()
}

// reply writes the demo's answer to the request.
func (d *Demo) reply(chat *openai.ChatRequest, format string) string {
	var tools []openai.Tool
	var question string
	if chat != nil {
		tools = chat.Tools
		if msgs, err := chat.Conversation(); err == nil {
			for _, m := range msgs {
				if m.Role == "user" {
					question = m.Content
				}
			}
		}
	}
	var calls []toolcall.Call
	if len(tools) > 0 {
		t := tools[0].Function
		for _, city := range []string{"Paris", "Tokyo"} {
			calls = append(calls, toolcall.Call{Name: t.Name, Arguments: demoArguments(t.Parameters, city)})
		}
	}
	thought := "The user asked: " + strings.TrimSpace(question) + ". "
	if len(calls) > 0 {
		thought += "I will call " + calls[0].Name + " for two cities."
	}
	if len(calls) == 0 {
		thought = ""
	}
	return demoReply(format, thought, "Let me check two cities for you.", calls)
}

// demoArguments fills a tool's required string parameters (and its first
// string parameter) with the city.
func demoArguments(schema json.RawMessage, city string) string {
	var s struct {
		Properties map[string]struct {
			Type any `json:"type"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(schema, &s)
	args := map[string]any{}
	for _, name := range s.Required {
		args[name] = city
	}
	for name, p := range s.Properties {
		if p.Type == "string" && len(args) == 0 {
			args[name] = city
		}
	}
	raw, _ := json.Marshal(args)
	return string(raw)
}

// demoReply writes reasoning, prose and calls the way the format's model
// writes them (its descriptor's Reply); without calls, an answer from what
// the demo knows.
func demoReply(format, thought, prose string, calls []toolcall.Call) string {
	if len(calls) == 0 {
		prose = "I have no tools for that here, so I will answer from what I know: it is usually mild this time of year."
	}
	f, ok := toolcall.Lookup(format)
	if !ok {
		return prose
	}
	for _, d := range toolcall.Descriptors() {
		if d.Format.Name() == f.Name() && d.Reply != nil {
			if text, err := d.Reply(thought, prose, calls); err == nil {
				return text
			}
		}
	}
	return prose
}
