package main

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/policy"
)

// The gateway reads the llama4 plugin's policy variables: a mode in any
// case, with spaces; tool lists with empty names dropped; an unknown mode
// is an error naming the valid ones; no mode leaves the format's default.
func TestPolicyFromEnv(t *testing.T) {
	t.Setenv("LLAMA4_TOOL_CALL_POLICY", " Reads ")
	t.Setenv("LLAMA4_READONLY_TOOLS", "inspect, peek ,")
	t.Setenv("LLAMA4_EDIT_TOOLS", "")
	p, err := policyFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if p.Mode != policy.Reads || len(p.ReadOnly) != 2 || p.ReadOnly[0] != "inspect" || p.ReadOnly[1] != "peek" || p.Edit != nil {
		t.Errorf("policyFromEnv() = %+v", p)
	}
	t.Setenv("LLAMA4_TOOL_CALL_POLICY", "sometimes")
	_, err = policyFromEnv()
	if err == nil || !strings.Contains(err.Error(), "independent, reads, first and all") {
		t.Errorf("a bad policy name: err = %v, want one that names the valid policies", err)
	}
	t.Setenv("LLAMA4_TOOL_CALL_POLICY", "")
	if p, err := policyFromEnv(); err != nil || p.Mode != "" {
		t.Errorf("no policy in the environment: %+v, %v", p, err)
	}
}
