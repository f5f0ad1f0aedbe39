package selection_test

import (
	"fmt"

	"github.com/toolparse/toolparse/internal/selection"
	"github.com/toolparse/toolparse/toolcall"
)

// Under the independent policy, a plan that reads, then edits what it has
// not seen, keeps only the reads.
func ExampleSelector() {
	s := selection.NewSelector(selection.Independent, nil, nil)
	for _, c := range []toolcall.Call{
		{Name: "read_file", Arguments: `{"path": "a.py"}`},
		{Name: "grep", Arguments: `{"pattern": "TODO"}`},
		{Name: "edit_file", Arguments: `{"path": "a.py"}`},
	} {
		if keep, why := s.Keep(c); keep {
			fmt.Println(c.Name, "kept")
		} else {
			fmt.Println(c.Name, "dropped:", why)
		}
	}
	// Output:
	// read_file kept
	// grep kept
	// edit_file dropped: the policy is independent: it may depend on the read-only calls before it
}
