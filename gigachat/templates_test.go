package gigachat_test

import (
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (what llama.cpp's copies of GigaChat 3's and 3.1's chat templates
// render for the shared conversations) and the options with which the
// format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "gigachat31"},
	{Dir: "gigachat3", Opts: toolcall.PromptOptions{Profile: gigachat.Profile3}},
}
