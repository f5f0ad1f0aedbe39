// Package formats registers every format toolparse ships: import it for
// its side effect and toolcall.Lookup, toolcall.Descriptors and
// models.Lookup know them all.
//
//	import _ "github.com/toolparse/toolparse/formats"
//
// It is the one place that lists the shipped formats; everything else
// walks the registry. A program that needs only some formats imports
// their packages instead.
package formats

import (
	_ "github.com/toolparse/toolparse/apertus"
	_ "github.com/toolparse/toolparse/apriel"
	_ "github.com/toolparse/toolparse/cohere"
	_ "github.com/toolparse/toolparse/deepseek"
	_ "github.com/toolparse/toolparse/dsml"
	_ "github.com/toolparse/toolparse/functools"
	_ "github.com/toolparse/toolparse/gemma4"
	_ "github.com/toolparse/toolparse/gigachat"
	_ "github.com/toolparse/toolparse/glm45"
	_ "github.com/toolparse/toolparse/granite"
	_ "github.com/toolparse/toolparse/harmony"
	_ "github.com/toolparse/toolparse/hermes"
	_ "github.com/toolparse/toolparse/kimik2"
	_ "github.com/toolparse/toolparse/kimik3"
	_ "github.com/toolparse/toolparse/lfm2"
	_ "github.com/toolparse/toolparse/llama3json"
	_ "github.com/toolparse/toolparse/llama4"
	_ "github.com/toolparse/toolparse/minimax"
	_ "github.com/toolparse/toolparse/minimaxm3"
	_ "github.com/toolparse/toolparse/mistral"
	_ "github.com/toolparse/toolparse/nemotronv2"
	_ "github.com/toolparse/toolparse/olmo3"
	_ "github.com/toolparse/toolparse/pythonic"
	_ "github.com/toolparse/toolparse/qwen3coder"
	_ "github.com/toolparse/toolparse/seedoss"
	_ "github.com/toolparse/toolparse/solaropen"
)
