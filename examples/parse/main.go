// Command parse reads raw model text (special tokens and all) from a file or
// standard input and prints what toolparse makes of it, for debugging a
// model's output.
//
//	go run ./examples/parse -format lfm2 response.txt
//	echo '[get_weather(city="Paris")]' | go run ./examples/parse -format pythonic
//	go run ./examples/parse -format llama4 -tools tools.json -stream response.txt
//
// Without -stream it prints the Result as JSON; with -stream it feeds the
// text in small deltas and prints every event as a JSON line.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	_ "github.com/toolparse/toolparse/lfm2" // the formats register themselves
	_ "github.com/toolparse/toolparse/llama4"
	_ "github.com/toolparse/toolparse/olmo3"
	_ "github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

func main() {
	format := flag.String("format", "llama4", "the model's format: llama4, lfm2, olmo3 or pythonic (or an alias)")
	toolsFile := flag.String("tools", "", "a JSON file of the request's tools: OpenAI tools or plain function objects")
	streaming := flag.Bool("stream", false, "feed the text in small deltas and print every event")
	delta := flag.Int("delta", 4, "delta size in bytes with -stream")
	flag.Parse()
	if err := run(*format, *toolsFile, *streaming, *delta, flag.Args(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "parse:", err)
		os.Exit(1)
	}
}

func run(format, toolsFile string, streaming bool, delta int, args []string, stdin io.Reader, out io.Writer) error {
	f, ok := toolcall.Lookup(format)
	if !ok {
		return fmt.Errorf("unknown format %q", format)
	}
	var req toolcall.Request
	if toolsFile != "" {
		tools, err := readTools(toolsFile)
		if err != nil {
			return err
		}
		req.Tools = tools
	}
	in := stdin
	if len(args) > 0 {
		file, err := os.Open(args[0])
		if err != nil {
			return err
		}
		defer file.Close()
		in = file
	}
	text, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	if !streaming {
		enc.SetIndent("", "  ")
		return enc.Encode(stream.Parse(f, string(text), req))
	}
	s := stream.New(f, req)
	write := func(evs []toolcall.Event) error {
		for _, e := range evs {
			var line any
			switch {
			case e.Call != nil:
				line = map[string]any{"call": e.Call}
			case e.Reasoning != "":
				line = map[string]string{"reasoning": e.Reasoning}
			default:
				line = map[string]string{"content": e.Content}
			}
			if err := enc.Encode(line); err != nil {
				return err
			}
		}
		return nil
	}
	for rest := string(text); rest != ""; {
		n := min(max(delta, 1), len(rest))
		if err := write(s.Feed(rest[:n])); err != nil {
			return err
		}
		rest = rest[n:]
	}
	if err := write(s.Close()); err != nil {
		return err
	}
	return enc.Encode(map[string]any{"diagnostics": s.Diagnostics()})
}

// readTools reads tools written the OpenAI way ({"type": "function",
// "function": {...}}) or as plain function objects.
func readTools(path string) ([]toolcall.Tool, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, fmt.Errorf("%s: want a JSON array of tools: %w", path, err)
	}
	tools := make([]toolcall.Tool, 0, len(items))
	for _, it := range items {
		var wrapped struct {
			Function *toolcall.Tool `json:"function"`
		}
		var t toolcall.Tool
		if json.Unmarshal(it, &wrapped) == nil && wrapped.Function != nil {
			t = *wrapped.Function
		} else if err := json.Unmarshal(it, &t); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		tools = append(tools, t)
	}
	return tools, nil
}
