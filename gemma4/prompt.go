package gemma4

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileGemma4, ProfileFunctionGemma}

// dialect is what a profile's template writes.
type dialect struct {
	bos, turn, turnEnd, system, tool, toolEnd, start, end, quote, resp, respEnd string
	think                                                                       bool   // the template has Gemma 4's thought channel and <|think|>
	defaultSys                                                                  string // the system text when there are tools and no system message
}

var (
	gemma4Dialect = dialect{bos: "<bos>", turn: "<|turn>", turnEnd: turnEnd, system: "system", tool: "<|tool>", toolEnd: "<tool|>",
		start: startText, end: endText, quote: quoteText, resp: respStart, respEnd: "<tool_response|>", think: true}
	functionGemmaDialect = dialect{bos: "<bos>", turn: "<start_of_turn>", turnEnd: fgTurnEnd, system: "developer",
		tool: "<start_function_declaration>", toolEnd: "<end_function_declaration>", start: fgStartText, end: fgEndText,
		quote: fgQuoteText, resp: fgRespStart, respEnd: "<end_function_response>",
		defaultSys: "You are a model that can do function calling with the following functions"}
)

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var err error
	d := gemma4Dialect
	thinking := prompt.Thinking(opts, false)
	if profile == ProfileFunctionGemma {
		d = functionGemmaDialect
		thinking = false
	}
	var b []byte
	b = append(b, d.bos...)
	hasSys := len(msgs) > 0 && msgs[0].Role == "system"
	if hasSys || len(tools) > 0 || thinking {
		b = append(b, d.turn+d.system+"\n"...)
		if thinking {
			b = append(b, "<|think|>\n"...)
		}
		switch {
		case hasSys:
			b = append(b, msgs[0].Content...)
			msgs = msgs[1:]
		case len(tools) > 0:
			b = append(b, d.defaultSys...)
		}
		for _, t := range tools {
			if b, err = d.appendDeclaration(b, t); err != nil {
				return toolcall.Prompt{}, err
			}
		}
		b = append(b, d.turnEnd+"\n"...)
	}
	lastUser := prompt.LastOf(msgs, "user")
	names := map[string]string{} // call IDs to names
	var pending []string         // the names of the open turn's calls, for results without an ID
	inModel := false             // a model turn with calls is open
	for i, m := range msgs {
		switch m.Role {
		case "system", "user":
			role := m.Role
			if role == "system" {
				role = d.system
			}
			b = append(b, d.turn+role+"\n"...)
			b = append(b, m.Content...)
			b = append(b, d.turnEnd+"\n"...)
			inModel, pending = false, pending[:0]
		case "assistant":
			if !inModel {
				b = append(b, d.turn+"model\n"...)
			}
			if d.think && m.Reasoning != "" && i > lastUser {
				b = append(b, thinkOpen...)
				b = append(b, m.Reasoning...)
				b = append(b, "\n"+thinkClose...)
			}
			b = append(b, m.Content...)
			for _, c := range m.ToolCalls {
				if b, err = appendCall(b, c, d.start, d.end, d.quote, false); err != nil {
					return toolcall.Prompt{}, err
				}
				if c.ID != "" {
					names[c.ID] = c.Name
				}
				pending = append(pending, c.Name)
			}
			inModel = len(m.ToolCalls) > 0
			if !inModel {
				b = append(b, d.turnEnd+"\n"...)
			}
		case "tool":
			name, ok := names[m.ToolCallID]
			if !ok && len(pending) > 0 {
				name = pending[0]
			}
			if len(pending) > 0 {
				pending = pending[1:]
			}
			b = append(b, d.resp+"response:"...)
			b = append(b, name...)
			b = append(b, "{value:"+d.quote...)
			b = append(b, m.Content...)
			b = append(b, d.quote+"}"+d.respEnd...)
			inModel = true
		}
	}
	if !inModel {
		b = append(b, d.turn+"model\n"...)
		if d.think && !thinking {
			b = append(b, thinkOpen+thinkClose...)
		}
	}
	return toolcall.Prompt{Text: string(b)}, nil
}

// appendDeclaration writes a tool's declaration as the template does.
func (d dialect) appendDeclaration(b []byte, t toolcall.Tool) ([]byte, error) {
	b = append(b, d.tool+"declaration:"...)
	b = append(b, t.Name...)
	b = append(b, '{')
	if t.Description != "" {
		b = append(b, "description:"+d.quote...)
		b = append(b, t.Description...)
		b = append(b, d.quote...)
	}
	if params := strings.TrimSpace(string(t.Parameters)); params != "" {
		v, err := jsonvalue.Decode(params)
		if err != nil {
			return nil, fmt.Errorf("gemma4: the schema of %s: %w", t.Name, err)
		}
		if t.Description != "" {
			b = append(b, ',')
		}
		b = append(b, "parameters:"...)
		upperTypes(&v)
		if b, err = appendValue(b, &v, d.quote, false); err != nil {
			return nil, err
		}
	}
	return append(b, "}"+d.toolEnd...), nil
}

// upperTypes writes a schema's type names in capitals, as the template
// does: the string (or strings) of every "type" member.
func upperTypes(v *jsonvalue.Value) {
	for i := range v.Items {
		upperTypes(&v.Items[i])
	}
	for i := range v.Members {
		m := &v.Members[i]
		switch {
		case m.Key == "type" && m.Val.Kind == jsonvalue.String:
			m.Val.Str = strings.ToUpper(m.Val.Str)
		case m.Key == "type" && m.Val.Kind == jsonvalue.Array:
			for j := range m.Val.Items {
				if m.Val.Items[j].Kind == jsonvalue.String {
					m.Val.Items[j].Str = strings.ToUpper(m.Val.Items[j].Str)
				}
			}
		default:
			upperTypes(&m.Val)
		}
	}
}

// RenderPrompt writes a conversation as Gemma 4's chat template writes it
// (google/gemma-4-31B-it's, which 26B-A4B shares; goldens gemma4,
// gemma4@think and gemma4_26b), byte for byte:
//
//   - <bos>, then a system turn <|turn>system\n...<turn|>\n when there is a
//     system message, tools or thinking: <|think|>\n with thinking on, the
//     system message, then each tool as <|tool>declaration:NAME{...}<tool|>
//     (its description and its parameters' schema in the call's literal
//     language, keys sorted, type names in capitals);
//   - a user turn <|turn>user\n...<turn|>\n;
//   - an assistant turn <|turn>model\n, its reasoning as
//     <|channel>thought\nREASONING\n<channel|> when it comes after the last
//     user message (dropped before it), its text, its calls as RenderCalls
//     writes them; a turn with calls stays open: the tool results follow in
//     it as <|tool_response>response:NAME{value:<|"|>TEXT<|"|>}<tool_response|>
//     (NAME the call's the result answers, by its ID, else in order), then
//     the next assistant text, and <turn|>\n closes it; a user turn after
//     the results begins without one.
//   - the generation prompt <|turn>model\n, with thinking off followed by
//     <|channel>thought\n<channel|>; none after tool results, where the
//     model's turn goes on.
//
// Thinking is opts.Thinking, the template's enable_thinking (nil is off,
// its default); FunctionGemma's template has none. The templates write no
// date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("gemma4", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are Gemma 4's special tokens, which
// toolcall.PromptOptions.SpecialTokens guards client text against.
var specialTokens = []string{"<bos>", "<|turn>", turnEnd, "<|tool>", "<tool|>", startText, endText, respStart, "<tool_response|>",
	quoteText, "<|channel>", thinkClose, "<|think|>", "<start_of_turn>", fgTurnEnd, "<start_function_declaration>",
	"<end_function_declaration>", fgStartText, fgEndText, fgRespStart, "<end_function_response>", fgQuoteText}
