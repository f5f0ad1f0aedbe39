package formatstest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/toolcall"
)

// toy is a format defined here, as a user or a new family would: calls
// are JSON objects between <call> and </call>, and <eot> ends the turn.
var toy toolcall.Format = toyFormat{}

const (
	tCall block.Token = iota
	tCallEnd
	tEOT
)

var toyTable = block.Format{
	Markers: []block.Marker{
		tCall:    {Text: "<call>", Role: block.Opens},
		tCallEnd: {Text: "</call>"},
		tEOT:     {Text: "<eot>", EndsTurn: true},
	},
	Kinds: []block.Kind{
		{End: tCallEnd, Yields: []block.Token{tCall}, Scan: block.ScanCode, Follow: block.FollowDecode},
	},
	TurnEnds: true,
}

type toyFormat struct{}

func (toyFormat) Name() string { return "toy" }

func (toyFormat) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return block.NewDecoder(&toyTable, req)
}

func (toyFormat) RenderCalls(calls []toolcall.Call) (string, error) {
	var b strings.Builder
	for _, c := range calls {
		name, _ := json.Marshal(c.Name)
		b.WriteString(`<call>{"name": ` + string(name) + `, "arguments": ` + c.Arguments + `}</call>`)
	}
	return b.String(), nil
}

// A format defined in a test and described gets the whole suite.
func TestAToyFormatGetsTheSuite(t *testing.T) {
	d := toolcall.Descriptor{Format: toy, EndOfTurn: []string{"<eot>"}}
	toolcall.Describe(d)
	var found toolcall.Descriptor
	for _, x := range toolcall.Descriptors() {
		if x.Format.Name() == "toy" {
			found = x
		}
	}
	if found.Renderer == nil {
		t.Fatal("the described toy format is not listed with its renderer")
	}
	formatstest.Run(t, found)
}
