package minimax_test

import "github.com/toolparse/toolparse/formats/formatstest"

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts MiniMax-M2's own chat template renders, llama.cpp's copy
// models/templates/MiniMax-M2.jinja) and the options with which the
// format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "minimax_m2"},
}
