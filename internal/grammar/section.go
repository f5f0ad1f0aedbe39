package grammar

import (
	"cmp"
	"strings"

	"github.com/toolparse/toolparse/toolcall"
)

// Section is how a format whose calls stand in one section writes them:
// Open, Lead, the calls, Trail, Close. Its Grammar and StructuralTag serve
// the formats whose constraints are nothing more; a Frame with an Open is
// one whose calls its Begin, End and Sep write.
type Section struct {
	Open  string // the section's start
	Close string // its end
	// Lead and Trail stand inside the section, before and after the
	// calls: the grammar writes each in one literal with Open or Close,
	// the structural tag in its tag's content (Cohere's list brackets).
	Lead, Trail string
	// Trigger is what starts the section in free text; where empty,
	// Open less a newline at its end.
	Trigger string
	// Calls returns a builder that holds the rules of the calls c allows,
	// and the expression for them.
	Calls func(c Choice) (*Builder, string, error)
}

// calls reads req and writes the calls it allows.
func (s Section) calls(req toolcall.Request) (Choice, *Builder, string, error) {
	c, err := ChoiceOf(req)
	if err != nil {
		return c, nil, "", err
	}
	b, calls, err := s.Calls(c)
	return c, b, calls, err
}

// Grammar returns an EBNF grammar for the section holding the calls req
// allows.
func (s Section) Grammar(req toolcall.Request) (string, error) {
	_, b, calls, err := s.calls(req)
	if err != nil {
		return "", err
	}
	return b.String(Lit(s.Open+s.Lead) + " " + calls + " " + Lit(s.Trail+s.Close)), nil
}

// StructuralTag returns xgrammar's structural tag for req, triggered on
// Trigger: one tag from Open to Close whose content is the grammar of
// what stands between them. "auto" lets free text come first; "required"
// and a named tool put the section at the start; parallel_tool_calls false
// and a named tool allow one call.
func (s Section) StructuralTag(req toolcall.Request) ([]byte, error) {
	c, b, calls, err := s.calls(req)
	if err != nil {
		return nil, err
	}
	if s.Lead != "" || s.Trail != "" {
		calls = Lit(s.Lead) + " " + calls + " " + Lit(s.Trail)
	}
	tag := Tag{Begin: s.Open, Content: GrammarFormat(b.String(calls)), End: s.Close}
	return StructuralTag(Triggered(cmp.Or(s.Trigger, strings.TrimSuffix(s.Open, "\n")), []Tag{tag}, c))
}
