package pythonic

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the generic pythonic format, compatible with vLLM's "pythonic"
// parser: a call list that opens the response, and call lists later in the
// text whose every name is a requested tool.
var Format toolcall.Format = format{table.Named("pythonic"), constraints}

type format struct {
	block.Named
	*grammar.Constraints
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format: Format,
		Reply:  prompt.Reply{Sep: "\n", End: "<|eot_id|>", Render: RenderCalls}.Write,
		// Models served with the generic pythonic reader (Gemma's
		// community templates) are prompted the Llama way, with call lists.
		Profiles:  []toolcall.Profile{{Models: []string{"gemma !gemma4 !functiongemma"}}},
		PromptAs:  "llama4",
		EndOfTurn: []string{"<|eot_id|>", "<end_of_turn>", "<|eot|>", "<|im_end|>", "<|endoftext|>", "</s>", "<|role_end|>", "<|eom_id|>", "<|eom|>"},
	})
}
