package solaropen_test

import (
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (what llama.cpp's copy of Solar-Open-100B's chat template renders for
// the shared conversations) and the options with which the format must
// write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "solar_open", Opts: toolcall.PromptOptions{Date: formatstest.GoldenDate}},
}
