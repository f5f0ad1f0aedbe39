package formatstest

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"testing"
)

// GoldensFile is the file, in a format package's directory, that lists
// the golden directories of testdata/templates/golden with the options
// with which the format must write the same bytes (the Goldens of its
// Writers, when its tests give none). A line is a Golden: its Dir, then
// any of profile=NAME, thinking=true or thinking=false, date (the
// GoldenDate), keep-reasoning, no-tools, only=NAME,NAME... and
// reasoning=open or reasoning=closed, apart by spaces. A line starting
// with # is a comment.
const GoldensFile = "testdata/templates/goldens.txt"

// readGoldens reads GoldensFile, run from a format package's directory
// (as its tests are): nil when there is none.
func readGoldens(t *testing.T) []Golden {
	t.Helper()
	data, err := os.ReadFile(GoldensFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var goldens []Golden
	for n, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(line, "#") {
			continue
		}
		g := Golden{Dir: fields[0]}
		for _, f := range fields[1:] {
			key, value, _ := strings.Cut(f, "=")
			switch key {
			case "profile":
				g.Opts.Profile = value
			case "thinking":
				on, err := strconv.ParseBool(value)
				if err != nil {
					t.Fatalf("%s:%d: %v", GoldensFile, n+1, err)
				}
				g.Opts.Thinking = &on
			case "date":
				g.Opts.Date = GoldenDate
			case "keep-reasoning":
				g.Opts.KeepReasoning = true
			case "no-tools":
				g.NoTools = true
			case "only":
				g.Only = strings.Split(value, ",")
			case "reasoning":
				g.Reasoning = map[string]Reasoning{"open": ReasoningOpen, "closed": ReasoningClosed}[value]
				if g.Reasoning == AnyReasoning {
					t.Fatalf("%s:%d: reasoning %q, want open or closed", GoldensFile, n+1, value)
				}
			default:
				t.Fatalf("%s:%d: unknown option %q", GoldensFile, n+1, f)
			}
		}
		goldens = append(goldens, g)
	}
	return goldens
}
