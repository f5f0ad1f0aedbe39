// Package cohere reads the tool calls of Cohere's Command models that
// write actions: Command R7B (c4ai-command-r7b-12-2024, its Arabic
// variant) and Command A (c4ai-command-a-03-2025, Command A Reasoning,
// Command A Vision):
//
//	<|START_THINKING|>I will look the weather up.<|END_THINKING|><|START_ACTION|>[
//	    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}}
//	]<|END_ACTION|><|END_OF_TURN_TOKEN|>
//
// The rules:
//
//   - Calls are a JSON list of call objects between <|START_ACTION|> and
//     <|END_ACTION|>, one action per step. Each object holds the tool's
//     name under "tool_name", its arguments, an object, under
//     "parameters" (a JSON string holding an object, null or no member at
//     all are read too: no arguments), and the model's number for the call
//     under "tool_call_id". The spellings "name", "arguments" and "id" are
//     read too; other members are ignored; one object without the list
//     around it is read as one call. Python literals (single quotes, True,
//     None) are read as JSON.
//   - The model numbers its calls ("0", "1", ...; the template numbers
//     them across the conversation, so a later turn's go on from the
//     earlier ones'): the call keeps the ID the model wrote when it is
//     well formed (at most stream.MaxModelIDLen letters, digits, '_',
//     '-', '.' and ':'), the stream gives it one of its own when not, and
//     stream.WithIDs still overrides it. The client sends the ID back with
//     the call's result, and RenderPrompt writes the result under the
//     number of the call it answers.
//   - A call completes only at <|END_ACTION|> (or where the response or the
//     turn ends after a list that closed): its calls come then, all
//     together; the first call's arguments stream as they come when the
//     stream asks for it. An action that is not such a list, or one of
//     whose elements is not a call, is content, verbatim, markers and
//     all, with a diagnostic; an action the response cuts off is no call.
//   - Reasoning stands between <|START_THINKING|> and <|END_THINKING|>;
//     an action or a response that begins before <|END_THINKING|> ends it.
//     R7B's template ends the prompt with an empty reasoning block unless
//     thinking is asked for, when the model opens it itself: either way the
//     output starts outside reasoning.
//   - Text to the user stands between <|START_RESPONSE|> and
//     <|END_RESPONSE|> (R7B) or <|START_TEXT|> and <|END_TEXT|> (Command
//     A): the markers never reach the content, and what stands between
//     them, or outside them, is content. A stray <|END_THINKING|> is
//     dropped too.
//   - <|END_OF_TURN_TOKEN|> ends the turn and the response: what follows it
//     (a next turn the server did not stop before) is dropped, with an
//     end_of_turn diagnostic when it holds more than whitespace.
//
// Command R and Command R+ (c4ai-command-r-v01, c4ai-command-r-plus,
// their 08-2024 releases, Ollama's command-r and command-r-plus) write
// another syntax, "Action: ```json [...]```" with no markers: they are
// not this format's, and models.Lookup sends none of them here.
//
// RenderPrompt writes the prompt Command R7B's tool_use chat template
// writes (profile r7b: llama.cpp's
// CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja; golden directory
// command_r7b in testdata), byte for byte, with these deliberate
// differences: a tool result names the call it answers by the latest
// call before it with its ID (the template takes the first, which names
// the wrong call when IDs repeat across turns, as a client's own IDs or a
// model that numbers from 0 again may); consecutive tool results always
// share one turn (the template drops a result whose ID was that of a
// result after the first of an earlier run); a tool without parameters
// is written with {} (the template fails). The template writes a tool's
// name and description into quotes without escaping them, and so does
// RenderPrompt; testdata/more holds more of the template's
// prompts that RenderPrompt matches.
//
// Command A's template is not written here (there is no golden to check
// it against): Command A's model names map to the r7b profile, whose
// calls, reasoning and turn tokens it shares, and whose reading serves
// it. Its own template has the model write prose between <|START_TEXT|>
// and <|END_TEXT|>, and Command A Reasoning's may open the reasoning
// (read that output with stream.StartInReasoning): a gateway serving
// Command A should let the model server's template write its prompt.
//
// Grammar and StructuralTag constrain an action as RenderCalls writes it:
// any number as a call's ID, the request's tools as its name, each tool's
// schema for its parameters.
package cohere
