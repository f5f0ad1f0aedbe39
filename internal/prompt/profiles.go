package prompt

import "github.com/toolparse/toolparse/toolcall"

// ProfileNames lists the names of a descriptor's profiles, in order: a
// format's Profiles when its descriptor describes every profile, the
// default first.
func ProfileNames(profiles []toolcall.Profile) []string {
	names := make([]string, len(profiles))
	for i, p := range profiles {
		names[i] = p.Name
	}
	return names
}
