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
// Reasoning: <think> ... </think>. R1's and V3.1's templates open <think>
// in the prompt, so the output may start inside reasoning: unless the
// caller says which (stream.StartInReasoning, stream.StartOutsideReasoning),
// the start of the output is held until a </think> makes it reasoning, or
// a <think>, a call marker or the end makes it content.
//
// RenderCalls writes the V3.1 form and RenderCallsR1 the V3/R1 form;
// RenderPrompt writes V3.1's template.
package deepseek
