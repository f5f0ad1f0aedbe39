package llama4

import "github.com/toolparse/toolparse/toolcall"

// MetaOptions are ProfileMeta's variants, for the tests.
type MetaOptions = metaOptions

// RenderMetaPrompt is RenderPrompt with ProfileMeta's variant meta.
func RenderMetaPrompt(msgs []toolcall.Message, tools []toolcall.Tool, meta MetaOptions) (toolcall.Prompt, error) {
	return renderPrompt(msgs, tools, toolcall.PromptOptions{}, meta)
}
