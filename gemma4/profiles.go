package gemma4

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileGemma4 is Gemma 4's template (31B, 26B-A4B, E4B, E2B), with
	// thinking off by default. The default.
	ProfileGemma4 = "gemma4"
	// ProfileFunctionGemma is FunctionGemma's (functiongemma-270m-it):
	// Gemma 3's turns, a developer turn with the tools' declarations, no
	// reasoning.
	ProfileFunctionGemma = "functiongemma"
)
