// Command stream replays a recorded model response through a stream.Stream
// in small deltas, as a model server would send it, and prints every event
// the moment it comes out: prose as soon as it is safe, each tool call whole.
//
//	go run ./examples/stream
//	go run ./examples/stream -format lfm2 -delta 1
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	_ "github.com/toolparse/toolparse/formats" // every shipped format registers itself
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// recorded holds one response per format, written the way the model writes
// it, special tokens and all.
var recorded = map[string]string{
	"llama4": "<|header_start|>assistant<|header_end|>\n\nI'll check both cities for you.\n" +
		`[get_weather(city="San Francisco", unit='fahrenheit'), get_weather(city="Tokyo", unit=Celsius)]` +
		"<|eom|>",
	"pythonic": `[get_weather(city="San Francisco", unit='fahrenheit'), get_weather(city="Tokyo")]` +
		" I'll check both cities for you.<|eot_id|>",
	"lfm2": "I'll check both cities for you.<|tool_call_start|>" +
		`[get_weather(city="San Francisco", unit="fahrenheit"), get_weather(city="Tokyo")]` +
		"<|tool_call_end|>" + `[get_weather(city="San Francisco", unit="fahrenheit"), get_weather(city="Tokyo")]` +
		"<|tool_call_end|><|im_end|>",
	"olmo3": "I'll check both cities for you.\n<function_calls>\n" +
		`get_weather(city="San Francisco", unit="fahrenheit")` + "\n" + `get_weather(city="Tokyo")` +
		"\n</function_calls><|im_end|>",
}

func main() {
	format := flag.String("format", "llama4", "the model's tool-call format: llama4, lfm2, olmo3 or pythonic")
	delta := flag.Int("delta", 0, "delta size in bytes; 0 means random sizes from 1 to 6")
	seed := flag.Uint64("seed", 1, "seed for the random delta sizes")
	flag.Parse()

	f, ok := toolcall.Lookup(*format)
	text, recordedOK := recorded[*format]
	if !ok || !recordedOK {
		fmt.Fprintf(os.Stderr, "stream: no recorded response for format %q\n", *format)
		os.Exit(2)
	}
	req := toolcall.Request{Tools: []toolcall.Tool{{
		Name:       "get_weather",
		Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"enum":["celsius","fahrenheit"]}},"required":["city"]}`),
	}}}

	fmt.Printf("model text (%d bytes):\n%s\n\nevents:\n", len(text), text)
	r := rand.New(rand.NewPCG(*seed, 0))
	s := stream.New(f, req)
	for rest := text; rest != ""; {
		n := *delta
		if n <= 0 {
			n = 1 + r.IntN(6)
		}
		n = min(n, len(rest))
		show(s.Feed(rest[:n]))
		rest = rest[n:]
	}
	show(s.Close())
	for _, d := range s.Diagnostics() {
		fmt.Printf("diagnostic %s at %d: %s\n", d.Kind, d.Offset, d.Message)
	}
}

func show(events []toolcall.Event) {
	for _, e := range events {
		if e.Call != nil {
			fmt.Printf("call     #%d %s %s %s\n", e.Call.Index, e.Call.ID, e.Call.Name, e.Call.Arguments)
			continue
		}
		fmt.Printf("content  %q\n", e.Content)
	}
}
