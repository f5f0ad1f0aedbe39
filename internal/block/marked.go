package block

// The tokens of a Marked table.
const (
	MarkedOpen    Token = iota // the marker that opens the block
	MarkedEnd                  // the marker that ends it
	MarkedTurnEnd              // the first end-of-turn token
)

// Marked is the table of a format whose calls stand in one kind of
// block, read as kind says, from the marker open to the marker end (an
// end outside a block is dropped), and whose turn ends at each of eots:
// what follows is the next turn, and the response ended. Its tokens are
// MarkedOpen, MarkedEnd and the end-of-turn tokens from MarkedTurnEnd;
// more markers follow those.
func Marked(open, end string, kind Kind, eots []string, more ...Marker) Format {
	markers := []Marker{MarkedOpen: {Text: open, Role: Opens}, MarkedEnd: {Text: end}}
	for _, e := range eots {
		markers = append(markers, Marker{Text: e, EndsTurn: true})
	}
	return Format{TurnEnds: true, Markers: append(markers, more...), Kinds: []Kind{kind}}
}
