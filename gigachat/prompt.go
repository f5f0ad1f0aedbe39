package gigachat

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// Profile31 is GigaChat 3.1's template (ai-sage/GigaChat3.1-10B-A1.8B
	// and 702B-A36B; llama.cpp's GigaChat3.1-10B-A1.8B.jinja): a call
	// stands in the assistant's message after <|function_call|>. The
	// default.
	Profile31 = "3.1"
	// Profile3 is GigaChat 3's template (ai-sage/GigaChat3-10B-A1.8B and
	// 702B-A36B-preview; llama.cpp's GigaChat3-10B-A1.8B.jinja): a call
	// is a "function call" message of its own.
	Profile3 = "3"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{Profile31, Profile3}

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var err error
	b := appendMessage([]byte(bosText), roleDeveloper, developerSystem)
	if system, ok, rest := prompt.System(msgs); ok {
		b, msgs = appendMessage(b, "system", system), rest
	}
	if len(tools) > 0 {
		b = appendHead(b, roleTools)
		if b, err = appendNamespace(b, tools); err != nil {
			return toolcall.Prompt{}, err
		}
		b = append(b, sepText+"\n\n"...)
	}
	for _, m := range msgs {
		switch m.Role {
		case "tool":
			b = appendMessage(b, roleResult, m.Content)
		case "assistant":
			// The template writes a turn's first call only, and no
			// reasoning.
			b = append(appendHead(b, roleAssistant), m.Content...)
			if len(m.ToolCalls) > 0 {
				if profile == Profile3 {
					b = appendHead(append(b, sepText+"\n\n"...), roleCall)
				} else {
					b = append(b, call31Text...)
				}
				if b, err = appendCall(b, m.ToolCalls[0]); err != nil {
					return toolcall.Prompt{}, err
				}
			}
			b = append(b, sepText+"\n\n"...)
		default:
			b = appendMessage(b, m.Role, m.Content)
		}
	}
	// The template opens the assistant's message after a last message
	// that is not the assistant's own (none: no message follows the
	// system's).
	if len(msgs) > 0 && msgs[len(msgs)-1].Role != "assistant" {
		b = appendHead(b, roleAssistant)
	}
	return toolcall.Prompt{Text: string(b)}, nil
}

// The template's role names.
const (
	roleDeveloper = "developer system"
	roleTools     = "function descriptions"
	roleCall      = "function call"
	roleResult    = "function result"
	roleAssistant = "assistant"
)

// appendHead appends a message's role: ROLE<|role_sep|>\n.
func appendHead(b []byte, role string) []byte {
	return append(append(b, role...), roleSepText+"\n"...)
}

// appendMessage appends a whole message: its role, its text, and
// <|message_sep|>\n\n.
func appendMessage(b []byte, role, text string) []byte {
	return append(append(appendHead(b, role), text...), sepText+"\n\n"...)
}

// appendNamespace appends the tools as the template describes them: a
// TypeScript namespace "functions" with a type per tool, then two
// newlines.
func appendNamespace(b []byte, tools []toolcall.Tool) ([]byte, error) {
	b = append(b, "namespace functions {\n"...)
	for _, t := range tools {
		for _, line := range strings.Split(t.Description, "\n") {
			if !blank(line) {
				b = append(append(append(b, "// "...), line...), '\n')
			}
		}
		b = append(append(b, "type "...), t.Name...)
		params := jsonvalue.Value{Kind: jsonvalue.Null}
		if len(t.Parameters) > 0 {
			v, err := jsonvalue.Decode(string(t.Parameters))
			if err != nil {
				return nil, fmt.Errorf("gigachat: tool %s: the parameters are not JSON: %w", t.Name, err)
			}
			params = v
		}
		if props := params.Get("properties"); props != nil && props.Kind == jsonvalue.Object && len(props.Members) > 0 {
			b = appendType(append(b, " = (_: "...), &params, "  ")
			b = append(b, ") => any;\n\n"...)
		} else {
			b = append(b, " = () => any;\n\n"...)
		}
	}
	return append(b, "} // namespace functions\n\n"...), nil
}

// extraKeys are the schema keywords the template writes as comments above
// a property, as "// KEY: VALUE".
var extraKeys = []string{"format", "maxItems", "maximum", "minItems", "minimum", "pattern"}

// appendType appends the TypeScript type the template writes for the
// JSON Schema s, its lines indented by indent: an object's properties one
// a line, each after its description and extra keywords as comments,
// "?" after those not required, and its default in a comment; an index
// signature for additionalProperties; a string's enum as a union of
// quoted literals, a date or date-time format as Date; a number's enum
// as a union; an array's items with "[]"; anything else any.
func appendType(b []byte, s *jsonvalue.Value, indent string) []byte {
	if s.Kind != jsonvalue.Object {
		return append(b, "any"...)
	}
	switch typeOf(s) {
	case "object":
		b = append(b, "{\n"...)
		required := s.Get("required")
		if props := s.Get("properties"); props != nil && props.Kind == jsonvalue.Object {
			for i := range props.Members {
				b = appendProperty(b, &props.Members[i], required, indent)
			}
		}
		if extra := s.Get("additionalProperties"); extra != nil {
			switch {
			case extra.Kind == jsonvalue.Boolean && extra.Bool:
				b = append(append(b, indent...), "[key: string]: any\n"...)
			case extra.Kind == jsonvalue.Object:
				b = append(append(b, indent...), "[key: string]: "...)
				b = append(appendType(b, extra, indent+"  "), '\n')
			}
		}
		return append(append(b, indent[:len(indent)-2]...), '}')
	case "string":
		if enum := s.Get("enum"); prompt.Truthy(enum) && enum.Kind == jsonvalue.Array {
			for i := range enum.Items {
				if i > 0 {
					b = append(b, " | "...)
				}
				b = append(prompt.AppendPythonStr(append(b, '"'), enum.Items[i]), '"')
			}
			return b
		}
		if f := s.Get("format"); f != nil && f.Kind == jsonvalue.String && (f.Str == "date-time" || f.Str == "date") {
			return append(b, "Date"...)
		}
		return append(b, "string"...)
	case "number", "integer":
		if enum := s.Get("enum"); prompt.Truthy(enum) && enum.Kind == jsonvalue.Array {
			for i := range enum.Items {
				if i > 0 {
					b = append(b, " | "...)
				}
				b = prompt.AppendPythonStr(b, enum.Items[i])
			}
			return b
		}
		return append(b, "number"...)
	case "boolean":
		return append(b, "boolean"...)
	case "array":
		if items := s.Get("items"); items != nil {
			return append(appendType(b, items, indent), "[]"...)
		}
		return append(b, "Array<any>"...)
	}
	return append(b, "any"...)
}

// appendProperty appends one property line of an object type, with the
// comments before it.
func appendProperty(b []byte, p *jsonvalue.Member, required *jsonvalue.Value, indent string) []byte {
	v := &p.Val
	if v.Kind == jsonvalue.Object {
		if d := v.Get("description"); d != nil && d.Kind == jsonvalue.String {
			for _, line := range strings.Split(d.Str, "\n") {
				if !blank(line) {
					b = append(append(append(append(b, indent...), "// "...), line...), '\n')
				}
			}
		}
		for _, m := range v.Members {
			if !slices.Contains(extraKeys, m.Key) {
				continue
			}
			b = append(append(append(append(b, indent...), "// "...), m.Key...), ": "...)
			if m.Val.Kind == jsonvalue.String {
				b = append(append(append(b, '"'), m.Val.Str...), '"')
			} else {
				b = prompt.AppendPythonStr(b, m.Val)
			}
			b = append(b, '\n')
		}
	}
	b = append(append(b, indent...), p.Key...)
	if !prompt.ListHolds(required, p.Key) {
		b = append(b, '?')
	}
	b = append(appendType(append(b, ": "...), v, indent+"  "), ',')
	if v.Kind == jsonvalue.Object {
		def := v.Get("default")
		if def == nil {
			def = v.Get("defalut_value") // the template's own spelling, read as it reads it
		}
		if def != nil {
			b = append(b, " // default: "...)
			if def.Kind == jsonvalue.String {
				b = append(append(append(b, '"'), def.Str...), '"')
			} else {
				b = prompt.AppendPythonStr(b, *def)
			}
		}
	}
	return append(b, '\n')
}

// typeOf returns a schema's "type" when it is one string.
func typeOf(s *jsonvalue.Value) string {
	if t := s.Get("type"); t != nil && t.Kind == jsonvalue.String {
		return t.Str
	}
	return ""
}

// blank reports whether line is empty or all whitespace as Python's
// str.strip reads it (which takes \x1c to \x1f for whitespace too).
func blank(line string) bool {
	return strings.TrimFunc(line, func(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }) == ""
}

// RenderPrompt writes a conversation as the profile's chat template
// writes it, byte for byte (but see the package doc for the deliberate
// differences). opts.Thinking and opts.Date are ignored: the templates
// have neither.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("gigachat", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{sepText, roleSepText, call31Text, bosText, eosText}

// developerSystem is the template's "developer system" message, which
// every prompt begins with.
const developerSystem = "<role_description>\n" +
	"Description of the roles available in the dialog.\n" +
	"\n" +
	"`developer system`\n" +
	"A message added by Sber before the main dialog. It has the highest priority and sets global, non-overridable conditions (for example, conversation rules, the safety policy, the assistant's overall response style, etc.).\n" +
	"\n" +
	"`system`\n" +
	"A system instruction added by developers or by the user, but with a lower priority than `developer system`. It usually describes the assistant's instructions, a specific response style, and other conditions for this particular dialog.\n" +
	"\n" +
	"`user`\n" +
	"A message or request from the user. The assistant follows it if it does not conflict with higher-priority instructions (see <instruction_priority>).\n" +
	"\n" +
	"`user memory`\n" +
	"A sequence of the most up-to-date long-term facts about the user at the time of their request, presented as a JSON list of strings. Facts are listed in chronological order, meaning newer facts are appended to the end of the sequence. When facts are changed or deleted, records of previous facts remain in the sequence. The assistant saves facts using a function and uses them in accordance with the <memory_guidelines> block below.\n" +
	"\n" +
	"`added files`\n" +
	"Metadata about files available for use in the dialog, presented in JSON format. It contains the following keys: id (a unique file identifier), name (file name), type (file type).\n" +
	"\n" +
	"`assistant`\n" +
	"The assistant's reply to the user's request. If the system instruction or the user does not set additional rules for `assistant`, this reply must comply with the instructions in the <assistant_guidelines> block below. The list of functions available to call is contained in `function descriptions`. The name of the required function and its arguments will be generated next by the `function call` role. In its replies, the assistant follows the instructions in accordance with <instruction_priority>.\n" +
	"\n" +
	"`function descriptions`\n" +
	"Function descriptions in TypeScript format. A function is a special tool (or a set of instructions) that the assistant can call to perform specific actions, computations, or obtain data needed to solve the user's task. Each function description contains blocks with the name, description, and arguments. Sometimes the description contains separate blocks with return parameters and usage examples that illustrate the correct call and arguments.\n" +
	"\n" +
	"`function call`\n" +
	"The function that `assistant` calls based on the dialog context, and its arguments. The function is invoked in strict accordance with the instructions in the <function_usage> block.\n" +
	"\n" +
	"`function result`\n" +
	"The result of the last function call.\n" +
	"</role_description>\n" +
	"\n" +
	"<available_modalities>\n" +
	"The assistant can work with the following modalities: text, available functions.\n" +
	"</available_modalities>\n" +
	"\n" +
	"<instruction_priority>\n" +
	"If instructions from different roles conflict within the dialog context, observe the following priorities:  \n" +
	"`developer system` > `system` > `user` > `function descriptions` > `function result` > `user memory`\n" +
	"</instruction_priority>\n" +
	"\n" +
	"<function_usage>\n" +
	"Basic instructions for working with functions.\n" +
	"\n" +
	"Only call those functions that are described in `function descriptions`.\n" +
	"\n" +
	"Call available functions when, according to their description, such a call will help provide a more complete and/or accurate answer to the user's request. Fill in function arguments using information from the dialog context. If a function could help answer the request but a required argument is missing from the context, ask the user for the missing data before calling the function. If a necessary function is unavailable or an error occurs, briefly inform the user and, if possible, suggest an alternative.\n" +
	"</function_usage>\n" +
	"\n" +
	"<memory_guidelines>\n" +
	"Rules for using facts in long-term memory:\n" +
	"\n" +
	"If there is no message under the `user memory` role in the dialog, this is equivalent to the absence of long-term facts about the user in memory. In that case, information about the user is limited to the current dialog, and no new facts should be saved.\n" +
	"</memory_guidelines>\n" +
	"\n" +
	"<assistant_guidelines>\n" +
	"You are a helpful assistant.\n" +
	"\n" +
	"# Instructions\n" +
	"- Strictly follow the instruction priority.\n" +
	"- Maintain a logical chain of reasoning when answering the user's question.\n" +
	"- For complex questions (for example, STEM), try to answer in detail unless the system message or dialog context limits the response length.\n" +
	"- Be helpful, truthful, and avoid unsafe or prohibited content in your responses.\n" +
	"- Try to reply in the language in which the user asked their question.\n" +
	"</assistant_guidelines>\n" +
	"\n" +
	"A dialog will follow below.\n" +
	"The dialog may include various roles described in the <role_description> block.\n" +
	"Each turn begins with the role name and a special token that marks the end of the role's full name, and ends with a special end-of-turn token.\n" +
	"Your task is to continue the dialog from the last specified role in accordance with the dialog context."
