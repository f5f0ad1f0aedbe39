package models

import (
	"strings"

	"github.com/toolparse/toolparse/toolcall"
)

// maxTemplate bounds the template text FromTemplate reads: chat templates
// are some kilobytes, the largest some tens.
const maxTemplate = 1 << 20

// FromTemplate returns the format and prompt profile a chat template's
// text is for (a GGUF file's tokenizer.chat_template, a
// tokenizer_config.json's chat_template, a chat_template.jinja, or
// llama-server's GET /props chat_template), read by the texts the
// template holds, without running it: each described profile's Template
// (see toolcall.Profile) names the call markers, role tokens and words its
// template writes, and the one whose texts the template holds wins; of
// several, the one whose texts are longest in all (the most specific).
// False when no profile's texts fit, or when two profiles of different
// formats fit alike: a wrong format loses every call, so FromTemplate
// rather says it does not know.
func FromTemplate(template string) (Model, bool) {
	if len(template) > maxTemplate {
		template = template[:maxTemplate]
	}
	var best Model
	bestLen, tie := 0, false
	for _, d := range toolcall.Descriptors() {
		for _, p := range d.Profiles {
			n := holdsAll(template, p.Template)
			switch {
			case n <= 0:
			case n > bestLen:
				best, bestLen, tie = Model{d.Format.Name(), p.Name}, n, false
			case n == bestLen && best != (Model{d.Format.Name(), p.Name}):
				tie = true
			}
		}
	}
	if bestLen == 0 || tie {
		return Model{}, false
	}
	return best, true
}

// holdsAll returns the length of the texts of markers template holds,
// when it holds every one and none of the "!" ones; 0 otherwise.
func holdsAll(template string, markers []string) int {
	n := 0
	for _, m := range markers {
		if not, ok := strings.CutPrefix(m, "!"); ok {
			if strings.Contains(template, not) {
				return 0
			}
			continue
		}
		if !strings.Contains(template, m) {
			return 0
		}
		n += len(m)
	}
	return n
}
