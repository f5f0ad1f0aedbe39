package policy_test

import (
	"fmt"

	"github.com/toolparse/toolparse/policy"
)

// A mode read from configuration, in any case and with spaces; an unknown
// name is an error that lists the valid ones.
func ExampleParseMode() {
	m, err := policy.ParseMode(" Reads ")
	fmt.Println(m == policy.Reads, err)
	_, err = policy.ParseMode("sometimes")
	fmt.Println(err)
	// Output:
	// true <nil>
	// policy: unknown policy "sometimes"; valid policies are independent, reads, first and all
}
