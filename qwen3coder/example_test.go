package qwen3coder_test

import (
	"encoding/json"
	"fmt"

	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Qwen3-Coder writes every value as text; the tool's schema types it.
func Example() {
	text := "I will write the file.\n<tool_call>\n<function=write_file>\n<parameter=path>\nmain.py\n</parameter>\n<parameter=content>\nif a < b:\n    print(\"ok\")\n</parameter>\n<parameter=mode>\n644\n</parameter>\n</function>\n</tool_call>"
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "write_file", Parameters: json.RawMessage(
		`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"},"mode":{"type":"integer"}}}`)}}}
	res := stream.Parse(qwen3coder.Format, text, req)
	fmt.Printf("content: %q\n", res.Content)
	for _, c := range res.Calls {
		fmt.Println(c.Name, c.Arguments)
	}
	// Output:
	// content: "I will write the file."
	// write_file {"path":"main.py","content":"if a < b:\n    print(\"ok\")","mode":644}
}
