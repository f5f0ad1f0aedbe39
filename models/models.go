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
// read alike. The rules below are tried in order; the first whose family
// the name holds wins, so a distilled model goes with the model whose
// template it keeps (DeepSeek-R1-Distill-Qwen-32B is DeepSeek-R1) and a
// fine-tune with its template's family (Hermes-3-Llama-3.1-8B is Hermes).
//
//	family in the name                       format       profile
//	deepseek r1, v3 (0324)                   deepseek     r1
//	deepseek (v3.1, v3.2, chat)              deepseek     v3.1
//	hermes (Hermes 2 Pro, 3, 4)              hermes       hermes
//	kimi k2 (Instruct, Thinking, K2.5)       kimi_k2      k2-thinking
//	gpt-oss                                  harmony      gpt-oss
//	glm-4.7, glm-5                           glm45        glm-4.7
//	glm-4.5, glm-4.6, glm-4 (9b, 0414)       glm45        glm-4.6
//	qwen3-coder, qwen3.5, qwen3.6            qwen3_coder  qwen3-coder
//	qwen3 ... thinking, qwq                  hermes       qwen3-thinking
//	qwen3 (hybrid, 2507 Instruct, Next)      hermes       qwen3
//	qwen2.5, qwen2                           hermes       qwen2.5
//	magistral                                mistral      magistral
//	mistral-small-3.1/3.2, devstral-small    mistral      mistral-small-3.2
//	  2505, mistral-nemo, mistral-7b,
//	  mixtral, codestral
//	ministral-3, mistral-large-3, devstral   mistral      v13
//	  (2507, 2), and other mistral names
//	llama-4                                  llama4       meta
//	llama-3.2                                llama3_json  llama-3.2
//	llama-3, 3.1, 3.3                        llama3_json  llama-3.1
//	lfm2.5 ... 8b                            lfm2         lfm2.5-8b
//	lfm2.5                                   lfm2         lfm2.5
//	lfm2                                     lfm2         lfm2
//	olmo-3 ... think                         olmo3        olmo-3-think
//	olmo-3                                   olmo3        olmo-3.1
//	gemma                                    pythonic     (none)
//
// Models that have no profile of their own get the closest one (the
// Mistral models before v11 get Mistral-Small-3.2's, whose tools also come
// before the last user message); their prompts are then near the
// template, not byte for byte.
package models

import "strings"

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
}

func r(format, profile string, parts ...string) rule {
	return rule{parts: parts, model: Model{format, profile}}
}

func (x rule) except(not ...string) rule { x.not = not; return x }

var rules = []rule{
	r("deepseek", "r1", "deepseek", "r1"),
	r("deepseek", "r1", "deepseek", "v3").except("v3.1", "v3.2"),
	r("deepseek", "v3.1", "deepseek"),
	r("hermes", "hermes", "hermes"),
	r("kimi_k2", "k2-thinking", "kimi"),
	r("harmony", "gpt-oss", "gptoss"),
	r("glm45", "glm-4.7", "glm4.7"),
	r("glm45", "glm-4.7", "glm5"),
	r("glm45", "glm-4.6", "glm4"),
	r("qwen3_coder", "qwen3-coder", "qwen3coder"),
	r("qwen3_coder", "qwen3-coder", "qwen3.5"),
	r("qwen3_coder", "qwen3-coder", "qwen3.6"),
	r("hermes", "qwen3-thinking", "qwen3", "thinking"),
	r("hermes", "qwen3-thinking", "qwq"),
	r("hermes", "qwen3", "qwen3"),
	r("hermes", "qwen2.5", "qwen2"),
	r("hermes", "qwen2.5", "qwen25"),
	r("mistral", "magistral", "magistral"),
	r("mistral", "mistral-small-3.2", "mistralsmall3"),
	r("mistral", "mistral-small-3.2", "devstralsmall2505"),
	r("mistral", "mistral-small-3.2", "mistralnemo"),
	r("mistral", "mistral-small-3.2", "mistral7b"),
	r("mistral", "mistral-small-3.2", "mixtral"),
	r("mistral", "mistral-small-3.2", "codestral"),
	r("mistral", "v13", "ministral"),
	r("mistral", "v13", "mistral"),
	r("mistral", "v13", "devstral"),
	r("llama4", "meta", "llama4"),
	r("llama3_json", "llama-3.2", "llama3.2"),
	r("llama3_json", "llama-3.1", "llama3"),
	r("lfm2", "lfm2.5-8b", "lfm2.5", "8b"),
	r("lfm2", "lfm2.5", "lfm2.5"),
	r("lfm2", "lfm2", "lfm2"),
	r("olmo3", "olmo-3-think", "olmo3", "think"),
	r("olmo3", "olmo-3.1", "olmo3"),
	r("pythonic", "", "gemma"),
}

// maxName bounds the name Lookup reads: model names are short.
const maxName = 512

// Lookup returns the format and prompt profile for a model's name, and
// false when no rule knows it.
func Lookup(name string) (Model, bool) {
	key := squash(name)
	if key == "" {
		return Model{}, false
	}
	for _, x := range rules {
		if holdsInOrder(key, x.parts) && !holdsAny(key, x.not) {
			return x.model, true
		}
	}
	return Model{}, false
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

// holdsInOrder reports whether s holds each of parts, each after the
// last.
func holdsInOrder(s string, parts []string) bool {
	for _, p := range parts {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

func holdsAny(s string, parts []string) bool {
	for _, p := range parts {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}
