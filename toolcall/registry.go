package toolcall

import (
	"sort"
	"sync"
)

var registry struct {
	sync.RWMutex
	byName map[string]Format
}

// Register makes f available to Lookup under f.Name() and every alias.
// A later registration under the same name replaces the earlier one, so a
// program can swap a shipped format for its own.
func Register(f Format, aliases ...string) {
	registry.Lock()
	defer registry.Unlock()
	if registry.byName == nil {
		registry.byName = make(map[string]Format)
	}
	registry.byName[f.Name()] = f
	for _, a := range aliases {
		registry.byName[a] = f
	}
}

// Lookup returns the format registered under name or one of its aliases.
func Lookup(name string) (Format, bool) {
	registry.RLock()
	defer registry.RUnlock()
	f, ok := registry.byName[name]
	return f, ok
}

// Names lists every registered name and alias, sorted.
func Names() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.byName))
	for n := range registry.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
