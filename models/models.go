// Package models maps a model's name, as users write it, to the format its
// output is read with and the prompt profile of its chat template: Hugging
// Face IDs ("Qwen/Qwen3-Coder-30B-A3B-Instruct"), Ollama tags
// ("qwen3-coder:30b"), and the names servers serve models under
// ("openai/gpt-oss-20b", a local path ending in the model's directory, a
// GGUF file name).
//
// Names are compared case-insensitively, without the organisation (what
// comes before the last '/') and with '-', '_' and ' ' ignored, so
// "Llama-3.3-70B-Instruct", "llama3.3:70b" and "meta-llama/Llama-3.3-70B"
// read alike. The names each format serves are in its descriptor (each
// prompt profile's Models, see toolcall.Profile): Lookup knows the formats
// described when it runs, so import package formats (or the format
// packages you serve) first. Of the rules a name matches, the family named
// first in the name wins, so a distilled model goes with the model whose
// template it keeps (DeepSeek-R1-Distill-Qwen-32B is DeepSeek-R1) and a
// fine-tune with its template's family (Hermes-3-Llama-3.1-8B is Hermes);
// at the same place the longest rule wins (Qwen3-Coder is not Qwen3). A
// name no rule knows gets no guess.
package models

import (
	"slices"
	"strings"

	"github.com/toolparse/toolparse/toolcall"
)

// Model is what a model's name tells.
type Model struct {
	Format  string // a registered format's name (toolcall.Lookup)
	Profile string // one of the format's prompt profiles; "" its default
}

// rule maps the names that hold every one of its parts, in order, and none
// of its exclusions to a Model.
type rule struct {
	parts []string
	not   []string
	model Model
	order int // the rule's place among every format's, for ties
}

// parse reads one of a profile's Models ("deepseek v3 !v3.1") as a rule:
// its words squashed as names are, "!" marking an exclusion.
func parse(pattern string, m Model, order int) rule {
	x := rule{model: m, order: order}
	for _, w := range strings.Fields(pattern) {
		if not, ok := strings.CutPrefix(w, "!"); ok {
			x.not = append(x.not, squash(not))
		} else if w = squash(w); w != "" {
			x.parts = append(x.parts, w)
		}
	}
	return x
}

// rules reads every described format's profiles' model names, in the
// order they were described.
func rules() []rule {
	var out []rule
	for _, d := range toolcall.Descriptors() {
		for _, p := range d.Profiles {
			for _, pattern := range p.Models {
				if x := parse(pattern, Model{d.Format.Name(), p.Name}, len(out)); len(x.parts) > 0 {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

// maxName bounds the name Lookup reads: model names are short.
const maxName = 512

// Lookup returns the format and prompt profile for a model's name, and
// false when no described format knows it. Of the rules a name matches,
// the one whose first part comes earliest in the name wins (the family
// named first: a distilled model keeps its teacher's template, a
// fine-tune its tuner's); at the same place, the longest rule (the most
// specific); then the format described first.
func Lookup(name string) (Model, bool) {
	key := squash(name)
	if key == "" {
		return Model{}, false
	}
	best, bestAt, bestLen := rule{order: -1}, 0, 0
	for _, x := range rules() {
		at := holdsInOrder(key, x.parts)
		if at < 0 || slices.ContainsFunc(x.not, func(p string) bool { return strings.Contains(key, p) }) {
			continue
		}
		n := 0
		for _, p := range x.parts {
			n += len(p)
		}
		if best.order < 0 || at < bestAt || at == bestAt && n > bestLen {
			best, bestAt, bestLen = x, at, n
		}
	}
	if best.order < 0 {
		return Model{}, false
	}
	return best.model, true
}

// squash lowercases the name's last path element (a GGUF file's name
// without its extension), drops '-', '_' and ' ', and writes ':' (an
// Ollama tag's start) as '@', which no rule's part holds: "devstral:24b"
// is no "devstral2".
func squash(name string) string {
	if len(name) > maxName {
		name = name[:maxName]
	}
	name = strings.TrimRight(name, "/")
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(strings.ToLower(name), ".gguf")
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case '-', '_', ' ':
		case ':':
			b.WriteByte('@')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// holdsInOrder reports where in s its first part is when s holds each of
// parts, each after the last, or -1 when it does not.
func holdsInOrder(s string, parts []string) int {
	first := -1
	for _, p := range parts {
		i := strings.Index(s, p)
		if i < 0 {
			return -1
		}
		if first < 0 {
			first = i
		}
		s = s[i+len(p):]
	}
	return first
}
