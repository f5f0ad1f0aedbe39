// Package policy decides which calls of a parallel list a gateway returns.
//
// Models such as Llama 4 plan a whole task as one parallel list: read a
// file, edit text they have not read yet, run the tests. The blind steps
// fail. The default for llama4, Independent, returns only the calls that
// cannot depend on an earlier call of the same response: a leading run of
// read-only calls, or a leading run of edits to distinct files; otherwise
// the first call. Other formats return every call (All).
//
// Each decision is final when the call arrives, so a stream can hand a call
// on at once: a run continues while its calls fit and ends at the first
// that does not; every later call is dropped. Dropped calls are reported by
// the stream as diagnostics of kind "policy", never turned into content.
//
// Tool names are compared loosely (ignoring case, with '-', '_' and '.'
// equal), like tool-name matching. With the built-in read-only list, a name
// that starts with a reading verb (get_, list_, read_, search_, find_,
// fetch_, view_, show_, describe_, lookup_) counts as read-only too, so two
// get_weather calls of one response are both returned. An edit's file is its path, file_path,
// file, filename or target_file argument; an edit without one ends a run of
// edits, since its target is unknown.
//
// The library reads no environment variables: the gateway example reads
// the llama4 plugin's LLAMA4_TOOL_CALL_POLICY, LLAMA4_READONLY_TOOLS and
// LLAMA4_EDIT_TOOLS into a Policy. The stream applies its lists to every
// format and its mode to formats whose default is not All (llama4).
package policy

import (
	"fmt"
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

// Defaulter is implemented by formats whose models call for a policy other
// than returning every call (llama4: Independent). The stream uses it when
// the caller names no mode.
type Defaulter interface {
	DefaultPolicy() Mode
}

// Policy says which calls are returned. The zero value returns every call.
type Policy struct {
	Mode     Mode
	ReadOnly []string // tool names that only read; nil means DefaultReadOnly()
	Edit     []string // tool names that edit one file; nil means DefaultEdit()
}

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

// NewSelector returns a selector for one response.
func NewSelector(p Policy) *Selector {
	if p.Mode == "" {
		p.Mode = All
	}
	s := &Selector{mode: p.Mode, reads: toolList{names: p.ReadOnly}, edits: toolList{names: p.Edit}}
	if p.ReadOnly == nil { // the built-in lists
		s.reads = toolList{builtin: builtinReadOnly, verbs: true}
	}
	if p.Edit == nil {
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

func isOneOf(name string, names []string) bool {
	for _, n := range names {
		if toolcall.SameName(name, n) {
			return true
		}
	}
	return false
}

// editedFile returns the file an edit's arguments name, or "".
func editedFile(args string) string {
	file, _ := jsonkeys.StringMember(args, fileArgs...)
	return file
}
