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

import "github.com/toolparse/toolparse/internal/selection"

// Mode names a policy. It is defined in an internal package, so that a
// format can name its default mode without importing this package; it is
// the same type under this name.
type Mode = selection.Mode

// The policies.
const (
	Independent = selection.Independent // a leading run of reads, or of edits to distinct files; else the first call
	Reads       = selection.Reads       // a leading run of read-only calls; else the first call
	First       = selection.First       // the first call
	All         = selection.All         // every call
)

// Modes returns every mode, in a new slice.
func Modes() []Mode { return selection.Modes() }

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
func DefaultReadOnly() []string { return selection.DefaultReadOnly() }

// DefaultEdit returns common agent tools that edit one file, in a new slice.
func DefaultEdit() []string { return selection.DefaultEdit() }

// FileArgs returns the arguments that name the file an edit changes, in a
// new slice.
func FileArgs() []string { return selection.FileArgs() }

// ParseMode returns the mode called name; an unknown name is an error that
// lists the valid ones.
func ParseMode(name string) (Mode, error) { return selection.ParseMode(name) }
