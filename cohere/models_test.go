package cohere_test

import (
	"testing"

	_ "github.com/toolparse/toolparse/formats" // every format, so that a name another format claims shows
	"github.com/toolparse/toolparse/models"
)

// Command R7B and Command A go here, under their Hugging Face IDs and
// Ollama tags; Command R and R+, which write "Action: ```json" with no
// markers, do not.
func TestModelNames(t *testing.T) {
	for _, name := range []string{
		"CohereForAI/c4ai-command-r7b-12-2024", "CohereLabs/c4ai-command-r7b-arabic-02-2025", "command-r7b:7b", "command-r7b-arabic:7b",
		"CohereLabs/c4ai-command-a-03-2025", "CohereLabs/command-a-reasoning-08-2025", "CohereLabs/command-a-vision-07-2025", "command-a:111b",
		"c4ai-command-r7b-12-2024-Q4_K_M.gguf",
	} {
		if m, ok := models.Lookup(name); !ok || m.Format != "cohere" || m.Profile != "r7b" {
			t.Errorf("%s: %+v, %v; want cohere/r7b", name, m, ok)
		}
	}
	for _, name := range []string{
		"CohereForAI/c4ai-command-r-v01", "CohereForAI/c4ai-command-r-plus", "CohereForAI/c4ai-command-r-plus-08-2024",
		"CohereForAI/c4ai-command-r-08-2024", "command-r:35b", "command-r-plus:104b", "command-r-plus-4bit",
	} {
		if m, ok := models.Lookup(name); ok && m.Format == "cohere" {
			t.Errorf("%s: %+v; Command R and R+ write another syntax", name, m)
		}
	}
}
