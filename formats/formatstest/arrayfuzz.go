package formatstest

import (
	"testing"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// FuzzArray is the fuzz target of a format that writes its calls as one
// JSON array and reasons before it: the stream's promises hold for any
// document (docs seed it) in random deltas, with tool f offered, told
// nothing of the prompt, that it opened the reasoning, or that it closed
// it.
func FuzzArray(f *testing.F, format toolcall.Format, docs []string) {
	streamtest.Fuzz(f, format, toolcall.Request{Tools: streamtest.Tools("f")}, docs, stream.StartInReasoning(), stream.StartOutsideReasoning())
}

// CheckArray runs, as subtests, what a format that s spells owes, read
// on a stream told the prompt left the reasoning closed unless a row
// says otherwise: the assistant turns of the goldens (ArrayGoldenTurns),
// the rows of ArrayCases and of ArrayReasoningCases, a call then TurnEnd
// and NextTurn read as the call alone with an end_of_turn diagnostic,
// and the promises of ArrayPromises on docs.
func CheckArray(t *testing.T, format toolcall.Format, s Array, docs []string) {
	t.Helper()
	out := stream.StartOutsideReasoning()
	t.Run("GoldenTurns", func(t *testing.T) { streamtest.Run(t, format, ArrayGoldenTurns(s), out) })
	t.Run("Cases", func(t *testing.T) { streamtest.Run(t, format, ArrayCases(s), out) })
	t.Run("Reasoning", func(t *testing.T) { streamtest.RunReasoning(t, format, nil, ArrayReasoningCases(s)) })
	t.Run("EndOfTurn", func(t *testing.T) {
		streamtest.CheckEndOfTurnCall(t, format, s.Open+`[{"name": "f", "arguments": {}}]`+s.Close+"\n"+s.TurnEnd+"\n"+s.NextTurn, out)
	})
	t.Run("Promises", func(t *testing.T) { streamtest.CheckPromises(t, format, ArrayPromises(s, docs)) })
}
