// Package toolparse turns the raw text an LLM writes into OpenAI-style tool
// calls while it streams.
//
// A gateway creates one stream.Stream per response, feeds it every text
// delta from the model server, and forwards what comes out: prose as soon as
// it is safe, each tool call whole:
//
//	s := stream.New(llama4.Format, req)
//	for delta := range deltas {
//		for _, e := range s.Feed(delta) {
//			forward(e) // e.Content or e.Call
//		}
//	}
//	for _, e := range s.Close() {
//		forward(e)
//	}
//
// stream.Parse does the same for a whole response; it is New, one Feed and
// Close, so streaming and non-streaming results agree for every split of the
// text.
//
// The packages:
//   - toolcall: the shared types (Call, Tool, Request, Event, Result), the
//     Format and Decoder interfaces, the format registry and tool-name matching;
//   - pythonic: the Python call-literal parser, its resumable Recognizer, and
//     the generic pythonic format;
//   - llama4, lfm2, olmo3, hermes (Qwen2.5/Qwen3/Hermes), qwen3coder
//     (Qwen3-Coder, Qwen3.5), harmony (gpt-oss), mistral, llama3json
//     (Llama 3.x), deepseek, kimik2 (Kimi K2), glm45 (GLM-4.5 to GLM-5): the
//     formats of those model families, each with RenderCalls, RenderPrompt,
//     Grammar and StructuralTag;
//   - openai: OpenAI chat-completion request and response types, and a
//     writer of streamed chunks from a stream's events;
//   - schema: arguments coerced to and validated against the tools' JSON
//     Schemas, and tools from Go structs;
//   - policy: which calls of a parallel list are returned;
//   - stream: Stream, Parse and their options;
//   - stream/streamtest: rapid properties that check any Format.
//
// Every format reads the text once, in time linear in its length: no regular
// expression runs over model text, nothing rescans earlier deltas, and model
// text is never evaluated. Text that does not parse comes back as content,
// verbatim, with a Diagnostic saying why.
package toolparse
