package llama4

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is Llama 4 Scout and Maverick's tool-call format, read leniently:
// every syntax the model writes, anywhere in the response, in any mix.
var Format toolcall.Format = format{}

type format struct{}

func (format) Name() string { return "llama4" }

func (format) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return block.NewDecoder(&table, req)
}

// DefaultPolicy implements policy.Defaulter: Llama 4 plans whole
// tasks as one parallel list, so by default only calls that cannot depend
// on an earlier call of the same response are returned.
func (format) DefaultPolicy() policy.Mode { return policy.Independent }

func init() {
	toolcall.Register(Format, "llama4_pythonic", "llama4_lenient", "llama4_json")
}
