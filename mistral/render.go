package mistral

import (
	"hash/fnv"
	"strings"
	"time"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls in the v13 form: per call
// [TOOL_CALLS]NAME[ARGS]ARGS, the arguments as json.dumps writes them (a
// space after ':' and ','). No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return frame.JSONCalls("mistral", false).Render(calls)
}

// RenderCallsV3 writes calls in the pre-v11 form: [TOOL_CALLS] and a JSON
// array of {"name", "arguments", "id"} objects (the id when the call has
// one).
func RenderCallsV3(calls []toolcall.Call) (string, error) { return arrayV3.Render(calls) }

// arrayV3 is how the pre-v11 form writes calls.
var arrayV3 = prompt.JSONArray{Format: "mistral", Open: toolCallsText + " ", Begin: prompt.NameArgumentsBegin, Tail: prompt.IDMember}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileV13 is the v13 tokenizer's prompt (Mistral Large 3,
	// Devstral 2): the tools right after the system prompt, calls as
	// [TOOL_CALLS]NAME[ARGS]ARGS, reasoning dropped. The default.
	ProfileV13 = "v13"
	// ProfileMagistral is Magistral's (v13 with reasoning): ProfileV13 with
	// each assistant turn's reasoning kept as [THINK]...[/THINK], and
	// Magistral's default system prompt when the conversation has none.
	ProfileMagistral = "magistral"
	// ProfileSmall32 is Mistral-Small-3.2's template (v11): its default
	// system prompt (with today's date) when the conversation has none,
	// the tools before the last user message, calls as
	// [TOOL_CALLS]NAME[CALL_ID]ID[ARGS]ARGS with no text, and results as
	// [TOOL_RESULTS]ID[TOOL_CONTENT]...[/TOOL_RESULTS].
	ProfileSmall32 = "mistral-small-3.2"
	// ProfileMinistral3 is Ministral 3 Instruct's template: ProfileV13
	// with its default system prompt when the conversation has none.
	ProfileMinistral3 = "ministral-3"
	// ProfileMinistral3Reasoning is Ministral 3 Reasoning's template:
	// ProfileV13 with its default system prompt, which tells the model to
	// think in [THINK]...[/THINK], when the conversation has none.
	ProfileMinistral3Reasoning = "ministral-3-reasoning"
	// ProfileMedium35 is Mistral Medium 3.5's template: ProfileMagistral
	// without a default system prompt, and with the reasoning effort as
	// [MODEL_SETTINGS]{"reasoning_effort": ...}[/MODEL_SETTINGS] after
	// the tools.
	ProfileMedium35 = "mistral-medium-3.5"
)

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfileV13, Models: []string{"ministral", "mistral", "devstral"}, Template: []string{"[TOOL_CALLS]", "[ARGS]", "![CALL_ID]", "![THINK]"}},
	{Name: ProfileMagistral, Models: []string{"magistral"}},
	// The Mistral models before v11 get Mistral-Small-3.2's profile,
	// whose tools also come before the last user message.
	{Name: ProfileSmall32, Models: []string{"mistralsmall3", "devstralsmall2505", "mistralnemo", "mistral7b", "mixtral", "codestral"},
		Template: []string{"[TOOL_CALLS]", "[ARGS]", "[CALL_ID]", "![THINK]"}},
	{Name: ProfileMinistral3, Models: []string{"ministral3"}},
	{Name: ProfileMinistral3Reasoning, Models: []string{"ministral3 reasoning"}},
	{Name: ProfileMedium35, Models: []string{"mistralmedium3.5"}},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

// magistralSystem is Magistral Small 2509's default system prompt.
const magistralSystem = "First draft your thinking process (inner monologue) until you arrive at a response. Format your response using Markdown, and use LaTeX for any mathematical equations. Write both your thoughts and the response in the same language as the input.\n\n" +
	"Your thinking process must follow the template below:[THINK]Your thoughts or/and draft, like working through an exercise on scratch paper. Be as casual and as long as you want until you are confident to generate the response. Use the same language as the input.[/THINK]Here, provide a self-contained response."

// ministral3ReasoningSystem is Ministral 3 Reasoning's default system
// prompt.
const ministral3ReasoningSystem = "# HOW YOU SHOULD THINK AND ANSWER\n\n" +
	"First draft your thinking process (inner monologue) until you arrive at a response. Format your response using Markdown, and use LaTeX for any mathematical equations. Write both your thoughts and the response in the same language as the input.\n\n" +
	"Your thinking process must follow the template below:[THINK]Your thoughts or/and draft, like working through an exercise on scratch paper. Be as casual and as long as you want until you are confident to generate the response to the user.[/THINK]Here, provide a self-contained response."

// ministral3System is Ministral-3-14B-Instruct-2512's default system
// prompt; its template writes {today} and {yesterday} as they are.
const ministral3System = "You are Ministral-3-14B-Instruct-2512, a Large Language Model (LLM) created by Mistral AI, a French startup headquartered in Paris.\nYou power an AI assistant called Le Chat.\nYour knowledge base was last updated on 2023-10-01.\nThe current date is {today}.\n\n" +
	"When you're not sure about some information or when the user's request requires up-to-date or specific data, you must use the available tools to fetch the information. Do not hesitate to use tools whenever they can provide a more accurate or complete response. If no relevant tools are available, then clearly state that you don't have the information and avoid making up anything.\n" +
	"If the user's question is not clear, ambiguous, or does not provide enough context for you to accurately answer the question, you do not try to answer it right away and you rather ask the user to clarify their request (e.g. \"What are some good restaurants around me?\" => \"Where are you?\" or \"When is the next flight to Tokyo\" => \"Where do you travel from?\").\n" +
	"You are always very attentive to dates, in particular you try to resolve dates (e.g. \"yesterday\" is {yesterday}) and when asked about information at specific dates, you discard information that is at another date.\n" +
	mistralCapabilities

// mistralCapabilities ends Mistral's default system prompts (Mistral
// Small 3.2's, Ministral 3's): the language rule and the capabilities.
const mistralCapabilities = "You follow these instructions in all languages, and always respond to the user in the language they use or request.\n" +
	"Next sections describe the capabilities that you have.\n\n" +
	"# WEB BROWSING INSTRUCTIONS\n\n" +
	"You cannot perform any web search or access internet to open URLs, links etc. If it seems like the user is expecting you to do so, you clarify the situation and ask the user to copy paste the text directly in the chat.\n\n" +
	"# MULTI-MODAL INSTRUCTIONS\n\n" +
	"You have the ability to read images, but you cannot generate images. You also cannot transcribe audio files or videos.\n" +
	"You cannot read nor transcribe audio files or videos.\n\n" +
	"# TOOL CALLING INSTRUCTIONS\n\n" +
	"You may have access to tools that you can use to fetch information or perform actions. You must use these tools in the following situations:\n\n" +
	"1. When the request requires up-to-date information.\n" +
	"2. When the request requires specific data that you do not have in your knowledge base.\n" +
	"3. When the request involves actions that you cannot perform without tools.\n\n" +
	"Always prioritize using tools to provide the most accurate and helpful response. If tools are not available, inform the user that you cannot perform the requested action at the moment."

// small32System is Mistral-Small-3.2's default system prompt; DATE is
// replaced by the date.
const small32System = "You are Mistral Small 3, a Large Language Model (LLM) created by Mistral AI, a French startup headquartered in Paris.\nYour knowledge base was last updated on 2023-10-01. The current date is DATE.\n\n" +
	"When you're not sure about some information or when the user's request requires up-to-date or specific data, you must use the available tools to fetch the information. Do not hesitate to use tools whenever they can provide a more accurate or complete response. If no relevant tools are available, then clearly state that you don't have the information and avoid making up anything.\n\n" +
	"If the user's question is not clear, ambiguous, or does not provide enough context for you to accurately answer the question, you do not try to answer it right away and you rather ask the user to clarify their request (e.g. \"What are some good restaurants around me?\" => \"Where are you?\" or \"When is the next flight to Tokyo\" => \"Where do you travel from?\").\n" +
	"You are always very attentive to dates, and when asked about information at specific dates, you discard information that is at another date.\n" +
	mistralCapabilities

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	toolsJSON, err := prompt.ToolArray(tools, prompt.OpenAIToolJSON, "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if profile == ProfileSmall32 {
		return renderSmall32(msgs, toolsJSON, opts.Date)
	}
	system, keepReasoning := "", profile == ProfileMagistral || profile == ProfileMedium35
	switch profile {
	case ProfileMagistral:
		system = magistralSystem
	case ProfileMinistral3:
		system = ministral3System
		if !opts.Date.IsZero() {
			system = strings.NewReplacer("{today}", opts.Date.Format(time.DateOnly), "{yesterday}", opts.Date.AddDate(0, 0, -1).Format(time.DateOnly)).Replace(system)
		}
	case ProfileMinistral3Reasoning:
		system = ministral3ReasoningSystem
	case ProfileMedium35:
		effort := opts.ReasoningEffort
		if effort == "" {
			effort = "none"
		}
		toolsJSON += `[MODEL_SETTINGS]{"reasoning_effort": ` + string(jsonvalue.AppendString(nil, effort)) + `}[/MODEL_SETTINGS]`
	}
	var b strings.Builder
	b.WriteString("<s>")
	if len(msgs) == 0 || msgs[0].Role != "system" {
		if system != "" {
			b.WriteString("[SYSTEM_PROMPT]" + system + "[/SYSTEM_PROMPT]")
		}
		b.WriteString(toolsJSON)
	}
	for i, m := range msgs {
		switch m.Role {
		case "system":
			b.WriteString("[SYSTEM_PROMPT]" + m.Content + "[/SYSTEM_PROMPT]")
			if i == 0 {
				b.WriteString(toolsJSON)
			}
		case "user":
			b.WriteString("[INST]" + m.Content + "[/INST]")
		case "assistant":
			if keepReasoning && m.Reasoning != "" {
				b.WriteString("[THINK]" + m.Reasoning + "[/THINK]")
			}
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(m.Content + calls + eosText)
		case "tool":
			b.WriteString("[TOOL_RESULTS]" + m.Content + "[/TOOL_RESULTS]")
		}
	}
	return toolcall.Prompt{Text: b.String()}, nil
}

// renderSmall32 writes msgs as Mistral-Small-3.2's template does.
func renderSmall32(msgs []toolcall.Message, toolsJSON string, day time.Time) (toolcall.Prompt, error) {
	system, ok, rest := prompt.System(msgs)
	if !ok {
		system = strings.Replace(small32System, "DATE", prompt.Day(day), 1)
	}
	lastUser := prompt.LastOf(rest, "user")
	var b strings.Builder
	b.WriteString("<s>[SYSTEM_PROMPT]" + system + "[/SYSTEM_PROMPT]")
	for i, m := range rest {
		switch m.Role {
		case "system":
			b.WriteString("[SYSTEM_PROMPT]" + m.Content + "[/SYSTEM_PROMPT]")
		case "user":
			if i == lastUser {
				b.WriteString(toolsJSON)
			}
			b.WriteString("[INST]" + m.Content + "[/INST]")
		case "assistant":
			if len(m.ToolCalls) == 0 {
				b.WriteString(m.Content + eosText)
				continue
			}
			for _, c := range m.ToolCalls {
				args, err := prompt.SpacedArgs("mistral", c)
				if err != nil {
					return toolcall.Prompt{}, err
				}
				b.WriteString(toolCallsText + c.Name + callIDText + nineID(c.ID) + argsText + args)
			}
			b.WriteString(eosText)
		case "tool":
			b.WriteString("[TOOL_RESULTS]" + nineID(m.ToolCallID) + "[TOOL_CONTENT]" + m.Content + "[/TOOL_RESULTS]")
		}
	}
	return toolcall.Prompt{Text: b.String()}, nil
}

// nineID returns id when it is 9 letters and digits, as Mistral's IDs
// are, else 9 letters and digits made from it (the same for the same id).
func nineID(id string) string {
	if len(id) == 9 && strings.IndexFunc(id, func(r rune) bool { return !isAlnum(r) }) < 0 {
		return id
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	n := h.Sum64()
	const digits = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	var b [9]byte
	for i := range b {
		b[i] = digits[n%uint64(len(digits))]
		n /= uint64(len(digits))
	}
	return string(b[:])
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// RenderPrompt writes a conversation as the profile's template does.
//
// v13 (and the profiles built on it): <s>, the system text in
// [SYSTEM_PROMPT] ... [/SYSTEM_PROMPT] (Magistral's, Ministral 3's and
// Ministral 3 Reasoning's default one when the conversation has none),
// the tools as a JSON array in [AVAILABLE_TOOLS] ... [/AVAILABLE_TOOLS]
// right after it (or first, with no system prompt), Mistral Medium 3.5's
// [MODEL_SETTINGS] after them, user turns [INST] ... [/INST], an
// assistant's reasoning (Magistral, Mistral Medium 3.5: [THINK] ...
// [/THINK]), its text, then its calls as RenderCalls writes them, then
// </s>, and each tool result verbatim in [TOOL_RESULTS] ...
// [/TOOL_RESULTS]. The model writes next.
//
// Mistral-Small-3.2 (v11): as its template, byte for byte; a call ID that
// is not 9 letters and digits (the template refuses those) is written as
// one that is, made from it, and so is its result's.
//
// The templates refuse conversations whose user and assistant turns do not
// alternate (two calls' turns between two user messages, say); the
// renderer writes them all the same.
//
// opts.Date is the date Mistral-Small-3.2's default system prompt gives,
// as "2025-06-28"; the zero time is today's (UTC), as the template writes
// it. Ministral 3's default system prompt holds {today} and {yesterday},
// which its template writes as they are: with opts.Date they are that
// date and the day before, as mistral-common fills them.
// opts.ReasoningEffort is Mistral Medium 3.5's reasoning_effort ("" is
// "none"); the other templates have no reasoning switch.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("mistral", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<s>", "</s>", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]", "[TOOL_CALLS]", "[TOOL_RESULTS]", "[/TOOL_RESULTS]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]", "[CALL_ID]", "[ARGS]", "[THINK]", "[/THINK]", "[MODEL_SETTINGS]", "[/MODEL_SETTINGS]"}
