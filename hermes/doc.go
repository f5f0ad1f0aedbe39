// Package hermes reads the tool calls of the Hermes JSON format, which
// Qwen2.5, Qwen3 (not the coder models), Qwen3-Next and NousResearch's
// Hermes 2 Pro and Hermes 3 write: each call a JSON object between
// <tool_call> and </tool_call>.
//
// Inside a block: a JSON object with "name" and "arguments" (or
// "parameters") in any order, the arguments an object or a JSON string
// holding one (which is decoded once); several objects separated by ',',
// ';' or whitespace; a JSON array of them; OpenAI's {"type": "function",
// "function": {...}} shape; and, leniently, pythonic calls. Any name is
// accepted in a block. Blocks may stand back to back or be separated by
// whitespace, with prose before, between and after them; prose is kept.
// Nothing outside a block is a call (JSON in prose is prose), with one
// exception: Hermes 2 Theta writes call objects separated by <|im_start|>
// with no tags; text after <|im_start|> up to the next one (or the end)
// that is nothing but JSON call objects naming requested tools is calls.
//
// A block whose </tool_call> is missing at the end of the response is
// read as it stands; so is one that a new <tool_call> interrupts. A block
// that is not calls is content, verbatim, markers included, with a
// diagnostic. A stray </tool_call> is dropped; <|im_end|> and
// <|endoftext|> are consumed and also end an open block.
//
// Reasoning: Qwen3 writes <think> ... </think>, and with thinking on its
// template opens <think> in the prompt. Unless the caller says which
// (stream.StartInReasoning, stream.StartOutsideReasoning), the start of the
// output is held until it shows: a </think> makes what came before it
// reasoning; a <think>, a <tool_call> or the end makes it content. When the
// caller said the prompt opened it, a <tool_call> before </think> ends the
// reasoning, as Qwen3 sometimes writes it.
//
// RenderCalls writes the Qwen3 template's form; RenderPrompt writes the
// Qwen3 ChatML template (tools in the system turn, tool results in user
// turns), Grammar and StructuralTag constrain decoding to the request's
// tools.
package hermes
