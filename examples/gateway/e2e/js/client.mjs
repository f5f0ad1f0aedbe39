// Streams one chat completion from the gateway at process.argv[2] with the
// official OpenAI client, and prints what the client reassembled: content,
// tool calls, finish_reason, and how many chunks carried tool calls.
import OpenAI from "openai";

const client = new OpenAI({ baseURL: process.argv[2] + "/v1", apiKey: "none" });
const request = JSON.parse(process.argv[3]);
const stream = client.chat.completions.stream(request);
let toolChunks = 0;
for await (const chunk of stream) {
  if (chunk.choices[0]?.delta?.tool_calls) toolChunks++;
}
const done = await stream.finalChatCompletion();
const choice = done.choices[0];
console.log(JSON.stringify({
  content: choice.message.content ?? "",
  calls: (choice.message.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
  finish_reason: choice.finish_reason,
  tool_chunks: toolChunks,
}));
