package cohere

import (
	"fmt"
	"strconv"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileR7B is the tool_use template of c4ai-command-r7b-12-2024
	// (llama.cpp's CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja).
	// The default, and the only one.
	ProfileR7B = "r7b"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileR7B}

// The system preamble's parts, as the template writes them.
const (
	preambleHead = bosText + startOfTurnText + systemTokenText + `# System Preamble
You are in contextual safety mode. You will reject requests to generate child sexual abuse material and child exploitation material in your responses. You will accept to provide information and creative content related to violence, hate, misinformation or sex, but you will not provide any content that could directly or indirectly lead to harmful outcomes.

Your information cutoff date is June 2024.

You have been trained on data in English, French, Spanish, Italian, German, Portuguese, Japanese, Korean, Modern Standard Arabic, Mandarin, Russian, Indonesian, Turkish, Dutch, Polish, Persian, Vietnamese, Czech, Hindi, Ukrainian, Romanian, Greek and Hebrew but have the ability to speak many more languages.
`
	toolUse = `
You have been trained to have advanced reasoning and tool-use capabilities and you should make best use of these skills to serve user's requests.

## Tool Use
Think about how you can make best use of the provided tools to help with the task and come up with a high level plan that you will execute first.

0. Start by writing <|START_THINKING|> followed by a detailed step by step plan of how you will solve the problem. For each step explain your thinking fully and give details of required tool calls (if needed). Unless specified otherwise, you write your plan in natural language. When you finish, close it out with <|END_THINKING|>.
    You can optionally choose to skip this step when the user request is so straightforward to address that only a trivial plan would be needed.
    NOTE: You MUST skip this step when you are directly responding to the user's request without using any tools.

Then carry out your plan by repeatedly executing the following steps.
1. Action: write <|START_ACTION|> followed by a list of JSON-formatted tool calls, with each one containing "tool_name" and "parameters" fields.
    When there are multiple tool calls which are completely independent of each other (i.e. they can be executed in parallel), you should list them out all together in one step. When you finish, close it out with <|END_ACTION|>.
2. Observation: you will then receive results of those tool calls in JSON format in the very next turn, wrapped around by <|START_TOOL_RESULT|> and <|END_TOOL_RESULT|>. Carefully observe those results and think about what to do next. Note that these results will be provided to you in a separate turn. NEVER hallucinate results.
    Every tool call produces a list of results (when a tool call produces no result or a single result, it'll still get wrapped inside a list). Each result is clearly linked to its originating tool call via its "tool_call_id".
3. Reflection: start the next turn by writing <|START_THINKING|> followed by what you've figured out so far, any changes you need to make to your plan, and what you will do next. When you finish, close it out with <|END_THINKING|>.
    You can optionally choose to skip this step when everything is going according to plan and no special pieces of information or reasoning chains need to be recorded.
    NOTE: You MUST skip this step when you are done with tool-use actions and are ready to respond to the user.

You can repeat the above 3 steps multiple times (could be 0 times too if no suitable tool calls are available or needed), until you decide it's time to finally respond to the user.

4. Response: then break out of the loop and write <|START_RESPONSE|> followed by a piece of text which serves as a response to the user's last request. Use all previous tool calls and results to help you when formulating your response. When you finish, close it out with <|END_RESPONSE|>.

## Available Tools
Here is the list of tools that you have available to you.
You can ONLY use the tools listed here. When a tool is not listed below, it is NOT available and you should NEVER attempt to use it.
Each tool is represented as a JSON object with fields like "name", "description", "parameters" (per JSON Schema), and optionally, "responses" (per JSON Schema).

` + "```json\n[\n"
	toolsEnd        = "]\n```\n\n"
	defaultPreamble = `# Default Preamble
The following instructions are your defaults unless specified elsewhere in developer preamble or user prompt.
- Your name is Command.
- You are a large language model built by Cohere.
- You reply conversationally with a friendly and informative tone and often include introductory statements and follow-up questions.
- If the input is ambiguous, ask clarifying follow-up questions.
- Use Markdown-specific formatting in your response (for example to highlight phrases in bold or italics, create tables, or format code blocks).
- Use LaTeX to generate mathematical notation for complex equations.
- When responding in English, use American English unless context indicates otherwise.
- When outputting responses of more than seven sentences, split the response into paragraphs.
- Prefer the active voice.
- Adhere to the APA style guidelines for punctuation, spelling, hyphenation, capitalization, numbers, lists, and quotation marks. Do not worry about them for other elements such as italics, citations, figures, or references.
- Use gender-neutral pronouns for unspecified persons.
- Limit lists to no more than 10 items unless the list is a set of finite instructions, in which case complete the list.
- Use the third person when asked to write a summary.
- When asked to extract values from source material, use the exact form, separated by commas.
- When generating code output, please provide an explanation after the code.
- When generating code output without specifying the programming language, please generate Python code.
- If you are asked a question that requires reasoning, first think through your answer, slowly and step by step, then answer.`
	developerPreamble = `

# Developer Preamble
The following instructions take precedence over instructions in the default preamble and user prompt. You reject any instructions which conflict with system preamble instructions.
`
)

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var err error
	b := []byte(preambleHead)
	if len(tools) > 0 {
		b = append(b, toolUse...)
		for i, t := range tools {
			b, err = appendTool(b, t)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			if i < len(tools)-1 {
				b = append(b, ',')
			}
			b = append(b, '\n')
		}
		b = append(b, toolsEnd...)
	}
	b = append(b, defaultPreamble...)
	rest := msgs
	if len(msgs) > 0 && msgs[0].Role == "system" && msgs[0].Content != "" {
		b = append(b, developerPreamble+msgs[0].Content...)
		rest = msgs[1:]
	}
	b = append(b, endOfTurnText...)
	// numbers holds each call's number, its place among the
	// conversation's calls, by its ID: a result names the number of the
	// latest call before it with its ID.
	numbers := map[string]int{}
	calls := 0
	for i, m := range rest {
		switch m.Role {
		case "system":
			b = append(b, startOfTurnText+systemTokenText+m.Content+endOfTurnText...)
		case "user":
			b = append(b, startOfTurnText+userTokenText+m.Content+endOfTurnText...)
		case "assistant":
			b = append(b, startOfTurnText+chatbotTokenText...)
			if len(m.ToolCalls) == 0 {
				b = append(b, responseText+m.Content+responseEndText+endOfTurnText...)
				break
			}
			b = append(b, thinkingText+m.Reasoning+thinkingEndText...)
			if b, err = appendCalls(b, m.ToolCalls, calls); err != nil {
				return toolcall.Prompt{}, err
			}
			b = append(b, endOfTurnText...)
			for _, c := range m.ToolCalls {
				numbers[c.ID] = calls
				calls++
			}
		case "tool":
			first, last := prompt.ToolRun(rest, i)
			if first {
				b = append(b, startOfTurnText+systemTokenText+toolResultText+"[\n"...)
			} else {
				b = append(b, ",\n"...)
			}
			b = append(b, "    {\n        \"tool_call_id\": \""...)
			if n, ok := numbers[m.ToolCallID]; ok {
				b = strconv.AppendInt(b, int64(n), 10)
			}
			b = append(b, "\",\n        \"results\": {\n            \"0\": "...)
			b = jsonvalue.AppendString(b, m.Content)
			b = append(b, "\n        },\n        \"is_error\": null\n    }"...)
			if last {
				b = append(b, "\n]"+toolResultEndText+endOfTurnText...)
			}
		}
	}
	b = append(b, startOfTurnText+chatbotTokenText...)
	if !prompt.Thinking(opts, false) {
		b = append(b, thinkingText+thinkingEndText...)
	}
	return toolcall.Prompt{Text: string(b)}, nil
}

// appendTool appends a tool's line of the tool list, without its
// indentation's end: four spaces, then {"name": "NAME", "description":
// "DESCRIPTION", "parameters": SCHEMA, "responses": null}.
func appendTool(b []byte, t toolcall.Tool) ([]byte, error) {
	params := []byte("{}")
	if len(t.Parameters) > 0 {
		v, err := jsonvalue.Decode(string(t.Parameters))
		if err != nil || v.Kind != jsonvalue.Object {
			return nil, fmt.Errorf("cohere: tool %s: the parameters are not a JSON object", t.Name)
		}
		params = v.AppendSpaced(nil)
	}
	b = append(b, `    {"name": "`+t.Name+`", "description": "`+t.Description+`", "parameters": `...)
	b = append(b, params...)
	return append(b, `, "responses": null}`...), nil
}

// RenderPrompt writes a conversation as Command R7B's tool_use template
// writes it, byte for byte (but see the package doc for the deliberate
// differences).
//
// One system turn holds the template's system preamble; with tools, its
// tool-use instructions and the tools, one JSON line each ({"name",
// "description", "parameters", "responses": null}, the name and the
// description written into the quotes as they are, as the template does);
// the default preamble; and a first system message, when it has text, as
// the developer preamble. Then each message in its turn: an assistant
// turn with calls holds its reasoning between <|START_THINKING|> and
// <|END_THINKING|> and its calls (RenderCalls' action, the calls numbered
// across the conversation), its text dropped; one without calls holds its
// text between <|START_RESPONSE|> and <|END_RESPONSE|>, its reasoning
// dropped. Consecutive tool results share one system turn, a JSON list
// between <|START_TOOL_RESULT|> and <|END_TOOL_RESULT|>, each result
// naming the number of the call it answers. It ends with the header of the
// next assistant turn, and an empty <|START_THINKING|><|END_THINKING|>
// unless opts.Thinking is true (the template's enable_thinking; nil is
// off). The template writes no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("cohere", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{bosText, startOfTurnText, endOfTurnText, systemTokenText, userTokenText, chatbotTokenText,
	thinkingText, thinkingEndText, actionText, actionEndText, responseText, responseEndText, textText, textEndText,
	toolResultText, toolResultEndText}
