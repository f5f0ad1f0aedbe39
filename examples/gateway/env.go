package main

import (
	"os"
	"strings"

	"github.com/toolparse/toolparse/policy"
)

// policyFromEnv reads the llama4 plugin's policy variables, which the
// library itself does not read: LLAMA4_TOOL_CALL_POLICY (a mode; empty
// leaves Mode empty, meaning the format's default), LLAMA4_READONLY_TOOLS
// and LLAMA4_EDIT_TOOLS (comma-separated tool names, spaces trimmed; unset
// or empty keeps the built-in list). The stream applies the lists to every
// format and the mode to formats whose default is not All (llama4), as the
// plugin's variables did.
func policyFromEnv() (policy.Policy, error) {
	var p policy.Policy
	if v := strings.TrimSpace(os.Getenv("LLAMA4_TOOL_CALL_POLICY")); v != "" {
		m, err := policy.ParseMode(v)
		if err != nil {
			return p, err
		}
		p.Mode = m
	}
	p.ReadOnly = toolList(os.Getenv("LLAMA4_READONLY_TOOLS"))
	p.Edit = toolList(os.Getenv("LLAMA4_EDIT_TOOLS"))
	return p, nil
}

// toolList splits a comma-separated list of tool names, dropping empty
// ones; nil when there are none.
func toolList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
