package formatstest

// EndOfTurns are the documents of streamtest.CheckEndOfTurnCalls for a
// format that s spells: a block of one call, then the next turn's start,
// once after the end of turn and between (what the template writes
// between a turn's end and the next turn's start), once without the end
// of turn (a model that wrote the next turn's header without ending its
// own).
func (s Tagged) EndOfTurns(between string) []string {
	b := s.block(s.call("f"))
	return []string{b + s.TurnEnd + between + s.TurnStart + "user\nmore", b + "\n" + s.TurnStart + "user\nmore"}
}
