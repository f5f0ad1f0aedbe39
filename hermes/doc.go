// Package hermes reads the tool calls of the Hermes JSON format, which
// Qwen2.5, Qwen3 (not the coder models), Qwen3-Next, NousResearch's
// Hermes 2 Pro and Hermes 3, IBM Granite 4 and SmolLM3 write: each call a
// JSON object between <tool_call> and </tool_call>.
//
// Inside a block: a JSON object with "name" and "arguments" (or
// "parameters") in any order, the arguments an object or a JSON string
// holding one (which is decoded once); several objects separated by ',',
// ';' or whitespace; a JSON array of them; OpenAI's {"type": "function",
// "function": {...}} shape; and, leniently, pythonic calls. Any name is
// accepted in a block. Blocks may stand back to back or be separated by
// whitespace, with prose before, between and after them; prose is kept.
// Outside a block, JSON in prose is prose, with two exceptions. Qwen2.5,
// quantized or served by Ollama, often writes the call object bare, without
// <tool_call>, then prose, or pretty-printed over several lines: a JSON call
// object (the shapes above, keys in any order) that starts a line (after
// spaces; or the response, or right after a call) is a call when every call
// in it names a requested tool (never when the request offers none); one
// inside a sentence (Use {"name": ...} like this) stays prose, and so does a
// tool's description: an object whose arguments are a schema (a JSON Schema,
// or a type's name for each key: {"path": "string"}, {"path": {"type":
// "string"}}), or with a "description" beside its name and arguments (or its
// name alone), as an answer that lists its tools or shows a definition
// writes them; and so does one in a Markdown code fence opened after prose
// (an example, "send this body:"), with a "policy" diagnostic; a fence that
// opens the response is read. And Hermes 2 Theta writes call objects
// separated by <|im_start|> with no tags; text after <|im_start|> up to the
// next one (or the end) that is nothing but JSON call objects naming
// requested tools is calls.
//
// A block whose </tool_call> is missing at the end of the response is
// read as it stands; so is one that a new <tool_call> interrupts. A block
// that is not calls is content, verbatim, markers included, with a
// diagnostic. A stray </tool_call> is dropped; <|im_end|> and
// <|endoftext|> are consumed and also end an open block.
//
// Reasoning: Qwen3 writes <think> ... </think>. Its hybrid template
// leaves the prompt outside reasoning (the model opens <think> itself), so
// a stream told nothing streams the output from its first byte;
// Qwen3-Thinking-2507's template opens <think> in the prompt, and its
// prompt says so (toolcall.Prompt.InReasoning, for stream.ForPrompt). When
// the prompt opened it, a <tool_call> before </think> ends the reasoning,
// as Qwen3 sometimes writes it.
//
// RenderCalls writes the Qwen3 template's form; Grammar and StructuralTag
// constrain decoding to the request's tools.
//
// RenderPrompt writes the prompt each profile's chat template writes, byte
// for byte (the goldens of testdata/templates hold what each template
// rendered with jinja2, as Hugging Face's apply_chat_template does):
//   - qwen3 (default): Qwen3's hybrid template (llama.cpp's copy of
//     Qwen/Qwen3-0.6B's; golden directories qwen3 and qwen3@nothink). It
//     keeps an assistant turn's reasoning when the turn comes after the
//     last user query (a user message that is not a <tool_response>), and
//     on the last message; Thinking false ends the prompt with an empty
//     reasoning block, as enable_thinking=false does.
//   - qwen3-thinking: Qwen3-Thinking-2507's, which is qwen3's with a
//     generation prompt that opens <think>.
//   - qwen2.5: Qwen2.5-Instruct's (golden qwen25): no reasoning, and its
//     default system prompt ("You are Qwen, created by Alibaba Cloud. You
//     are a helpful assistant.") when the conversation has none.
//   - hermes: the tool_use template of NousResearch's Hermes 2 Pro and
//     Hermes 3 (llama.cpp's copy of Hermes-3-Llama-3.1-8B's; golden
//     hermes3), with its Python-style signatures, its Args lines run
//     together and the missing newline after a run of tool results.
//   - granite-4.0: IBM Granite 4.0's (the llama.cpp fork's
//     ibm-granite-granite-4.0.jinja; golden granite40; Granite 4.1 is
//     served with it): <|start_of_role|>ROLE<|end_of_role|> turns ended
//     by <|end_of_text|>, a system turn always (the system message, then
//     the tools as JSON lines with Granite's instructions; its default
//     system prompt when there is neither), calls as qwen3's, tool results
//     in one user turn, reasoning dropped; texts as they are (reasoning
//     written in an assistant's text stays there). Its documents are not
//     written.
//   - smollm3: SmolLM3's, as the llama.cpp fork's
//     HuggingFaceTB-SmolLM3-3B.jinja writes it (golden smollm3): a system
//     turn of metadata (Reasoning Mode: /think, or /no_think with Thinking
//     false or when the system message says /no_think) and custom
//     instructions (the system message without /think and /no_think, or
//     the default for the mode). That file is Unsloth's edit, which writes
//     neither the tools nor the date of the template SmolLM3 ships, and
//     like it drops an assistant's calls and reasoning from the history
//     (tool results become user turns): a model served with it is told
//     of no tools, so the profile suits a conversation without them.
//
// Deliberate differences: a call's name is written as a JSON string (the
// templates write it raw, which differs only for names holding '"' or
// '\'); numbers in arguments and schemas are written as the request
// wrote them (the templates re-print them as Python does: 1e5 becomes
// 100000.0); a reasoning_content of "" counts as none, so reasoning
// written in the text before </think> is used.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); the call object's JSON must close. A missing </tool_call>
// after it is tolerated, and so is one the end cuts (</tool_...), which is
// dropped, not content. <|im_end|>, <|endoftext|>, Ling's <|role_end|> and
// Granite 4's <|end_of_text|> are consumed, but hermes keeps reading after them: Hermes 2 Theta writes
// call objects after <|im_start|>, past <|im_end|>.
//
// At the end of the response, a call object in prose that is complete but
// for its closing brackets ({"type": "function", "function": {"name": ...,
// "parameters": {...}} one brace short, as Llama 3.2 under vLLM ends it)
// is closed and read, with a "syntax" diagnostic, when nothing inside it
// is cut (no string left open; its last byte closes an object or array).
package hermes
