package toolcall

import (
	"slices"
	"sync"
)

// Descriptor is one model family's whole contract, in one place: its
// package fills one and registers it with Describe, and everything that
// asks which formats there are (the model table, a gateway, tools, tests)
// walks Descriptors.
type Descriptor struct {
	// Format reads the family's output; Format.Name() is its name.
	Format Format
	// Strict, when set, is a stricter reading of the same syntax that a
	// gateway serving prose-heavy traffic may prefer (llama4.Precise).
	Strict Format
	// Aliases are the other names Lookup finds the format under.
	Aliases []string
	// Profiles are the chat templates whose prompts the family writes,
	// the default first, each with the model names it serves. A profile
	// with an empty name serves models the family reads but writes no
	// prompt of its own for.
	Profiles []Profile
	// PromptAs, when the family has no Prompter of its own, names the
	// registered format whose Prompter writes its models' prompts.
	PromptAs string
	// EndOfTurn are the tokens that end a model's turn.
	EndOfTurn []string
	// SpecialTokens are the family's special tokens: what
	// PromptOptions.SpecialTokens escapes or refuses in client text.
	// Describe takes them from Format's SpecialTokens method when nil.
	SpecialTokens []string
	// DefaultPolicy names the policy mode the stream applies to the
	// family's parallel calls when the caller sets none ("" for the
	// stream's own default).
	DefaultPolicy string
	// Reply writes a whole reply as the family's models write one after
	// the default profile's prompt: the reasoning (inside the reasoning
	// the prompt opened, where it opens one; families whose models do not
	// reason ignore it), the content and the calls, and the end of the
	// turn. It stands in for a model in demos and tests, and the
	// conformance suite requires a stream to read it back as written.
	Reply func(reasoning, content string, calls []Call) (string, error)
	// Prompter, Renderer and Constrainer are the family's prompt writer,
	// call renderer and constrained-decoding grammars; Describe takes them
	// from Format when they are nil and Format implements them.
	Prompter    Prompter
	Renderer    Renderer
	Constrainer Constrainer
}

// Profile is one chat template a family writes prompts as.
type Profile struct {
	// Name is the profile's name, one of the Prompter's PromptProfiles.
	Name string
	// Models are the model names the profile's template is for, each the
	// words a name holds in order, space-separated, compared as
	// models.Lookup compares them (lower case, without '-', '_' and ' '
	// in the name); a word written "!word" is one the name must not hold:
	// "deepseek v3 !v3.1" is DeepSeek-V3-0324, not V3.1.
	Models []string
	// OpensReasoning says the profile's prompt ends inside reasoning, so
	// that the model's output starts as reasoning.
	OpensReasoning bool
	// Template are texts a chat template of this profile holds, as
	// written in the template's source (call markers, role tokens, a
	// default system prompt's words); "!text" is one it must not hold.
	// models.FromTemplate reads a template by them without running it.
	// None: the profile is never told from a template.
	Template []string
}

var registry struct {
	sync.RWMutex
	byName      map[string]Format
	descriptors []Descriptor
}

// Register makes f available to Lookup under f.Name() and every alias.
// A later registration under the same name replaces the earlier one, so a
// program can swap a shipped format for its own.
func Register(f Format, aliases ...string) {
	registry.Lock()
	defer registry.Unlock()
	register(f, aliases)
}

func register(f Format, aliases []string) {
	if registry.byName == nil {
		registry.byName = make(map[string]Format)
	}
	registry.byName[f.Name()] = f
	for _, a := range aliases {
		registry.byName[a] = f
	}
}

// Describe registers d: its Format under its name and aliases, as
// Register does, and d itself for Descriptors. A later description of a
// format of the same name replaces the earlier one. A descriptor without
// a Format is ignored.
func Describe(d Descriptor) {
	if d.Format == nil {
		return
	}
	if d.Prompter == nil {
		d.Prompter, _ = d.Format.(Prompter)
	}
	if d.Renderer == nil {
		d.Renderer, _ = d.Format.(Renderer)
	}
	if d.Constrainer == nil {
		d.Constrainer, _ = d.Format.(Constrainer)
	}
	if l, ok := d.Format.(interface{ SpecialTokens() []string }); ok && d.SpecialTokens == nil {
		d.SpecialTokens = l.SpecialTokens()
	}
	registry.Lock()
	defer registry.Unlock()
	register(d.Format, d.Aliases)
	name := d.Format.Name()
	if i := slices.IndexFunc(registry.descriptors, func(x Descriptor) bool { return x.Format.Name() == name }); i >= 0 {
		registry.descriptors[i] = d
		return
	}
	registry.descriptors = append(registry.descriptors, d)
}

// Descriptors lists every described format, in the order they were
// described (the order models.Lookup breaks ties in).
func Descriptors() []Descriptor {
	registry.RLock()
	defer registry.RUnlock()
	return slices.Clone(registry.descriptors)
}

// Lookup returns the format registered under name or one of its aliases.
func Lookup(name string) (Format, bool) {
	registry.RLock()
	defer registry.RUnlock()
	f, ok := registry.byName[name]
	return f, ok
}
