package toolcall

import "strings"

// matchTool finds the requested tool a call's name refers to (names may hold '-' and '.'):
// an exact match first; otherwise the one tool whose name equals it ignoring
// case and treating '-', '_' and '.' as the same character, or equals it after
// dropping a "functions." prefix; failing those, the same for the name with
// Markdown's escape \_ read as '_' (Mistral and Mixtral write
// get\_weather). It returns the tool's index in tools, or -1 when no tool
// matches or the loose match is ambiguous.
func matchTool(tools []Tool, name string) int {
	if k := matchName(tools, name); k >= 0 || !strings.Contains(name, `\_`) {
		return k
	}
	return matchName(tools, strings.ReplaceAll(name, `\_`, "_"))
}

// matchName is matchTool for the name as written.
func matchName(tools []Tool, name string) int {
	for i := range tools {
		if tools[i].Name == name {
			return i
		}
	}
	found := -1
	trimmed, hasPrefix := strings.CutPrefix(name, "functions.")
	for i := range tools {
		if looseEqual(tools[i].Name, name) || (hasPrefix && (tools[i].Name == trimmed || looseEqual(tools[i].Name, trimmed))) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// SameName reports whether two tool names are equal ignoring ASCII case
// and treating '-', '_' and '.' as the same character.
func SameName(a, b string) bool { return looseEqual(a, b) }

// looseEqual compares two names ignoring ASCII case and treating '-', '_' and
// '.' as equal. Non-ASCII bytes must match exactly.
func looseEqual(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if foldName(a[i]) != foldName(b[i]) {
			return false
		}
	}
	return true
}

// AppendFoldedName appends name as SameName compares it to dst: ASCII
// letters in lower case, '-' and '.' as '_'. Two names are the same name
// exactly when their folded forms are equal.
func AppendFoldedName(dst []byte, name string) []byte {
	for i := 0; i < len(name); i++ {
		dst = append(dst, foldName(name[i]))
	}
	return dst
}

func foldName(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c + 'a' - 'A'
	case c == '-' || c == '.':
		return '_'
	}
	return c
}

// IsKnownTool reports whether name matches one of the request's tools, or
// the request offers no tools at all (offline parsing, where every well-formed
// call is accepted).
func (r *Request) IsKnownTool(name string) bool {
	return len(r.Tools) == 0 || r.Match(name) >= 0
}

// Parallel reports whether the request allows more than one call.
func (r *Request) Parallel() bool {
	return r.ParallelToolCalls == nil || *r.ParallelToolCalls
}
