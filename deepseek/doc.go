// Package deepseek reads the tool calls of DeepSeek V3, R1 (R1-0528) and
// V3.1 / V3.2-Exp. Calls stand in a section,
// <｜tool▁calls▁begin｜> ... <｜tool▁calls▁end｜>, each call between
// <｜tool▁call▁begin｜> and <｜tool▁call▁end｜>, in one of two forms, told
// apart per call:
//
//	V3/R1: function<｜tool▁sep｜>NAME\n```json\n{...}\n```
//	V3.1:  NAME<｜tool▁sep｜>{...}
//
// (the newline before the closing fence may be missing). The markers'
// bars are U+FF5C and their spaces U+2581; they are matched as bytes,
// never normalised. The arguments are JSON, on one line or many (a Python
// dict is read too). Calls follow one another with or without newlines
// between them. A call that does not parse is content, verbatim, with a
// diagnostic, and the others still count. Prose before and after the
// section is content. A missing <｜tool▁call▁end｜> or <｜tool▁calls▁end｜>
// at the end of the response is tolerated, and so is a call with no
// section around it. <｜end▁of▁sentence｜> is consumed and ends an open
// section; stray end markers are dropped.
//
// Reasoning: <think> ... </think>. R1's template, and V3.1's with
// thinking on, open <think> in the prompt, so the output may start inside
// reasoning: unless the caller says which (stream.ForPrompt with the
// prompt RenderPrompt wrote, stream.StartInReasoning,
// stream.StartOutsideReasoning), the start of the output is held until a
// </think> makes it reasoning, or a <think>, a call marker or the end
// makes it content.
//
// RenderCalls writes the V3.1 form and RenderCallsR1 the V3/R1 form.
//
// RenderPrompt writes the prompt each profile's chat template writes, byte
// for byte, with one addition: neither template writes the tools, so the
// tool section DeepSeek's model card gives for the system prompt follows
// the system text (the goldens are compared without tools):
//   - v3.1 (default): DeepSeek-V3.1's template (llama.cpp's
//     deepseek-ai-DeepSeek-V3.1.jinja; golden directories deepseek_v31 and
//     deepseek_v31@think): reasoning dropped from history, calls with
//     their arguments as the request gave them, no <｜Assistant｜> after
//     tool results and no generation prompt after them, and <think> or
//     </think> after the generation prompt as Thinking says (nil: </think>).
//   - r1: DeepSeek-R1's template, which its distills share (llama.cpp's
//     deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja; golden directory
//     deepseek_r1), with its bugs (see ProfileR1's RenderPrompt doc),
//     which are what every server gives the model.
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); a call's JSON must close (R1's closing fence may be missing
// or cut). A missing <｜tool▁call▁end｜> or <｜tool▁calls▁end｜> after it is
// tolerated, and so is one the end cuts, which is dropped, not content.
// <｜end▁of▁sentence｜> ends the response: what follows it is dropped, with
// one end_of_turn diagnostic.
package deepseek
