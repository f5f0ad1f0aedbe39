// Command parse reads raw model text (special tokens and all) from a file or
// standard input and prints what toolparse makes of it, for debugging a
// model's output.
//
//	go run ./examples/parse -format lfm2 response.txt
//	echo '[get_weather(city="Paris")]' | go run ./examples/parse -format pythonic
//	go run ./examples/parse -format llama4 -tools tools.json -stream response.txt
//
// Without -stream it prints the result as JSON (content, reasoning, calls,
// diagnostics; lowercase keys, markers unescaped); with -stream it feeds
// the text in small deltas and prints every event as a JSON line. Call IDs
// are call_0, call_1, ... so outputs compare across runs; a one-line
// summary goes to standard error. -tool-choice and -parallel=false act as
// the request fields do.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	_ "github.com/toolparse/toolparse/formats" // every shipped format registers itself
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

func main() {
	var o options
	flag.StringVar(&o.format, "format", "llama4", "the model's format, one of: "+formatNames())
	flag.StringVar(&o.tools, "tools", "", "a JSON file of the request's tools: OpenAI tools or plain function objects")
	flag.StringVar(&o.toolChoice, "tool-choice", "", `tool_choice: "auto", "none", "required" or a tool's name`)
	flag.BoolVar(&o.parallel, "parallel", true, "parallel_tool_calls (-parallel=false keeps only the first call)")
	flag.BoolVar(&o.streaming, "stream", false, "feed the text in small deltas and print every event")
	flag.IntVar(&o.delta, "delta", 4, "delta size in bytes with -stream")
	flag.Parse()
	o.args = flag.Args()
	if err := run(o, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "parse:", err)
		os.Exit(1)
	}
}

type options struct {
	format, tools, toolChoice string
	parallel, streaming       bool
	delta                     int
	args                      []string
}

// The output, with lowercase keys.
type (
	callOut struct {
		Index     int    `json:"index"`
		ID        string `json:"id"`
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	diagOut struct {
		Kind    string `json:"kind"`
		Offset  int    `json:"offset"`
		Call    string `json:"call,omitempty"`
		Message string `json:"message"`
	}
	resultOut struct {
		Content     string    `json:"content"`
		Reasoning   string    `json:"reasoning,omitempty"`
		Calls       []callOut `json:"calls"`
		Diagnostics []diagOut `json:"diagnostics"`
	}
)

func calls(cs []toolcall.Call) []callOut {
	out := []callOut{}
	for _, c := range cs {
		out = append(out, callOut{c.Index, c.ID, c.Name, c.Arguments})
	}
	return out
}

func diags(ds []toolcall.Diagnostic) []diagOut {
	out := []diagOut{}
	for _, d := range ds {
		out = append(out, diagOut{d.Kind, d.Offset, d.Call, d.Message})
	}
	return out
}

func run(o options, stdin io.Reader, out, summary io.Writer) error {
	f, ok := toolcall.Lookup(o.format)
	if !ok {
		return fmt.Errorf("unknown format %q", o.format)
	}
	req := toolcall.Request{ToolChoice: o.toolChoice}
	if !o.parallel {
		req.ParallelToolCalls = &o.parallel
	}
	if o.tools != "" {
		tools, err := readTools(o.tools)
		if err != nil {
			return err
		}
		req.Tools = tools
	}
	in := stdin
	if len(o.args) > 0 {
		file, err := os.Open(o.args[0])
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
	enc.SetEscapeHTML(false) // markers such as <|python_start|> stay readable
	ids := stream.WithIDs(func(c toolcall.Call) string { return fmt.Sprintf("call_%d", c.Index) })
	var res resultOut
	if !o.streaming {
		r := stream.Parse(f, string(text), req, ids)
		res = resultOut{r.Content, r.Reasoning, calls(r.Calls), diags(r.Diagnostics)}
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else {
		s := stream.New(f, req, ids)
		write := func(evs []toolcall.Event) error {
			for _, e := range evs {
				var line any
				switch {
				case e.Call != nil:
					line = map[string]any{"call": calls([]toolcall.Call{*e.Call})[0]}
					res.Calls = append(res.Calls, callOut{})
				case e.Reasoning != "":
					line = map[string]string{"reasoning": e.Reasoning}
					res.Reasoning += e.Reasoning
				default:
					line = map[string]string{"content": e.Content}
					res.Content += e.Content
				}
				if err := enc.Encode(line); err != nil {
					return err
				}
			}
			return nil
		}
		for rest := string(text); rest != ""; {
			n := min(max(o.delta, 1), len(rest))
			if err := write(s.Feed(rest[:n])); err != nil {
				return err
			}
			rest = rest[n:]
		}
		if err := write(s.Close()); err != nil {
			return err
		}
		res.Diagnostics = diags(s.Diagnostics())
		if err := enc.Encode(map[string]any{"diagnostics": res.Diagnostics}); err != nil {
			return err
		}
	}
	kinds := map[string]int{}
	for _, d := range res.Diagnostics {
		kinds[d.Kind]++
	}
	var ks []string
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		ks = append(ks, fmt.Sprintf("%s %d", k, kinds[k]))
	}
	fmt.Fprintf(summary, "parse: %s, %d calls, %d bytes of content, %d of reasoning, %d diagnostics %v\n",
		f.Name(), len(res.Calls), len(res.Content), len(res.Reasoning), len(res.Diagnostics), ks)
	return nil
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

// formatNames lists the described formats' names.
func formatNames() string {
	var names []string
	for _, d := range toolcall.Descriptors() {
		names = append(names, d.Format.Name())
	}
	return strings.Join(names, ", ") + " (or an alias)"
}
