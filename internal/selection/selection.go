// Package selection is the policy package's machinery: the modes, the
// built-in tool lists and the Selector that applies a policy to the calls
// of one response, for the stream. It is internal so that the format
// packages (llama4's default mode) need not import the public policy
// package, which sits above them; policy re-exports the modes and lists,
// and its package doc describes the rules.
package selection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/toolcall"
)

// Mode names a policy.
type Mode string

// The policies.
const (
	Independent Mode = "independent" // a leading run of reads, or of edits to distinct files; else the first call
	Reads       Mode = "reads"       // a leading run of read-only calls; else the first call
	First       Mode = "first"       // the first call
	All         Mode = "all"         // every call
)

var modes = [...]Mode{Independent, Reads, First, All}

// Modes returns every mode, in a new slice.
func Modes() []Mode { return append([]Mode(nil), modes[:]...) }

// DefaultReadOnly returns common agent tools that only read, in a new
// slice (the built-in list cannot be changed from outside).
func DefaultReadOnly() []string { return append([]string(nil), defaultReadOnly...) }

// DefaultEdit returns common agent tools that edit one file, in a new slice.
func DefaultEdit() []string { return append([]string(nil), defaultEdit...) }

// FileArgs returns the arguments that name the file an edit changes, in a
// new slice.
func FileArgs() []string { return append([]string(nil), fileArgs...) }

var defaultReadOnly = []string{
	"read_file", "read", "read_many_files", "view", "view_file", "open_file", "cat", "get_file_contents",
	"list_dir", "list_directory", "list_files", "ls", "glob", "find_files", "find", "file_search",
	"grep", "grep_search", "search", "search_files", "search_code", "codebase_search",
	"web_search", "brave_web_search", "web_fetch", "fetch",
}

var defaultEdit = []string{
	"edit_file", "edit", "multi_edit", "write_file", "write", "create_file", "append_to_file", "delete_file",
	"str_replace", "str_replace_editor", "search_replace", "replace_in_file", "insert", "insert_edit_into_file",
	"apply_patch", "apply_diff", "patch_file",
}

var fileArgs = []string{"path", "file_path", "file", "filename", "target_file"}

// ParseMode returns the mode called name; an unknown name is an error that
// lists the valid ones.
func ParseMode(name string) (Mode, error) {
	for _, m := range modes {
		if string(m) == strings.ToLower(strings.TrimSpace(name)) {
			return m, nil
		}
	}
	return "", fmt.Errorf("policy: unknown policy %q; valid policies are independent, reads, first and all", name)
}

// Selector applies a policy to the calls of one response, in order.
type Selector struct {
	mode         Mode // the policy's (its lists are reads and edits)
	n            int  // calls seen
	run          runKind
	files        map[string]bool
	ended        bool
	reads, edits toolList // the policy's lists
}

// toolList answers whether a name is on a list of tool names, as
// toolcall.SameName compares them: a built-in list by one lookup of the
// folded name (the read-only one extended by reading verbs), another name
// by name. It remembers its last answer: a response's parallel calls
// often name one tool.
type toolList struct {
	names   []string  // a list of the policy's own
	builtin foldedSet // or the built-in list's names
	verbs   bool      // a name that begins with a reading verb is on it
	last    string
	lastIs  bool
}

func (l *toolList) has(name string) bool {
	if name == l.last && name != "" {
		return l.lastIs
	}
	is := false
	if l.builtin != nil {
		is = l.builtin.has(name) || l.verbs && readVerb(name)
	} else {
		is = isOneOf(name, l.names)
	}
	l.last, l.lastIs = name, is
	return is
}

type runKind uint8

const (
	noRun runKind = iota
	readRun
	editRun
)

// NewSelector returns a selector for one response under a policy's mode
// (empty: All) and lists of read-only and edit tools (nil: the built-in
// ones), as policy.Policy holds them.
func NewSelector(mode Mode, readOnly, edit []string) *Selector {
	if mode == "" {
		mode = All
	}
	s := &Selector{mode: mode, reads: toolList{names: readOnly}, edits: toolList{names: edit}}
	if readOnly == nil { // the built-in lists
		s.reads = toolList{builtin: builtinReadOnly, verbs: true}
	}
	if edit == nil {
		s.edits = toolList{builtin: builtinEdit}
	}
	return s
}

// Keep decides the next call: whether it is returned and, if not, why.
func (s *Selector) Keep(c toolcall.Call) (bool, string) {
	first := s.n == 0
	s.n++
	switch s.mode {
	case All:
		return true, ""
	case First:
		if first {
			return true, ""
		}
		return false, "the policy is first: only the first call is returned"
	}
	if s.ended {
		return false, s.reason(afterRun)
	}
	read := s.isReadOnly(c.Name)
	file, edit := "", false
	if s.mode == Independent && s.isEdit(c.Name) {
		file = editedFile(c.Arguments)
		edit = file != ""
	}
	if first {
		switch {
		case read:
			s.run = readRun
		case edit:
			s.run = editRun
			s.files = map[string]bool{file: true}
		default:
			s.ended = true // the first call alone
		}
		return true, ""
	}
	switch {
	case s.run == readRun && read:
		return true, ""
	case s.run == editRun && edit && !s.files[file]:
		s.files[file] = true
		return true, ""
	}
	s.ended = true
	if s.run == editRun {
		return false, s.reason(afterEdits)
	}
	return false, s.reason(afterReads)
}

// KeepsAll reports whether every call is kept whatever came before it
// (the mode is All).
func (s *Selector) KeepsAll() bool { return s.mode == All }

// Peek tells, before the next call's arguments are known, what Keep will
// decide for a call named name, without deciding it: keep, and whether
// the name alone decides it. Every mode is decidable from the calls before
// and the name, except one case: under Independent, an edit tool's call
// after a run of edits is kept only if it edits a file of its own, which
// its arguments tell (decided is false then).
func (s *Selector) Peek(name string) (keep, decided bool) {
	first := s.n == 0
	switch {
	case s.mode == All || first:
		return true, true
	case s.mode == First || s.ended:
		return false, true
	case s.run == readRun:
		return s.isReadOnly(name), true
	case s.run == editRun && s.mode == Independent && s.isEdit(name):
		return false, false
	}
	return false, true
}

const (
	afterRun = iota
	afterReads
	afterEdits
)

var reasons = map[Mode][3]string{}

func init() {
	for _, m := range []Mode{Independent, Reads} {
		p := "the policy is " + string(m) + ": "
		reasons[m] = [3]string{
			p + "this call comes after the run of independent calls ended",
			p + "it may depend on the read-only calls before it",
			p + "it does not edit a file of its own after the edits before it",
		}
	}
}

// reason says why a call is dropped, without building a string per call.
func (s *Selector) reason(k int) string {
	if r, ok := reasons[s.mode]; ok {
		return r[k]
	}
	return "the policy is " + string(s.mode)
}

// readPrefixes are the verbs that start the names of tools that only read.
var readPrefixes = []string{"get_", "list_", "read_", "search_", "find_", "fetch_", "view_", "show_", "describe_", "lookup_"}

// isReadOnly reports whether name is a read-only tool: on the list, or, with
// the built-in list, named with a reading verb.
func (s *Selector) isReadOnly(name string) bool { return s.reads.has(name) }

// readVerb reports whether name begins with a reading verb.
func readVerb(name string) bool {
	for _, p := range readPrefixes {
		if len(name) > len(p) && toolcall.SameName(name[:len(p)], p) {
			return true
		}
	}
	return false
}

// isEdit reports whether name is an edit tool's.
func (s *Selector) isEdit(name string) bool { return s.edits.has(name) }

// foldedSet holds names as toolcall.SameName compares them (ASCII case
// folded, '-' and '.' as '_'), so that a built-in list is one lookup, not
// a comparison per name, for every call of every response.
type foldedSet map[string]struct{}

var builtinReadOnly, builtinEdit = newFoldedSet(defaultReadOnly), newFoldedSet(defaultEdit)

func newFoldedSet(names []string) foldedSet {
	set := foldedSet{}
	for _, n := range names {
		var buf [maxFolded]byte
		set[string(toolcall.AppendFoldedName(buf[:0], n))] = struct{}{}
	}
	return set
}

// maxFolded is the longest name a foldedSet is asked about on the stack;
// the built-in names are shorter, so a longer name is none of them.
const maxFolded = 64

func (set foldedSet) has(name string) bool {
	if len(name) > maxFolded {
		return false
	}
	var buf [maxFolded]byte
	_, ok := set[string(toolcall.AppendFoldedName(buf[:0], name))]
	return ok
}

// isOneOf reports whether name is one of names, as toolcall.SameName
// compares them.
func isOneOf(name string, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return toolcall.SameName(name, n) })
}

// editedFile returns the file an edit's arguments name, or "".
func editedFile(args string) string {
	file, _ := jsonkeys.StringMember(args, fileArgs...)
	return file
}
