package block

// The tokens of a Marked format's table.
const (
	MarkedOpen    Token = iota // the marker that opens the block
	MarkedEnd                  // the marker that ends it
	MarkedTurnEnd              // the first end-of-turn token
)

// Marked is a format whose calls stand in one kind of block (kind 0),
// read as Kind says, from the marker Open to the marker End (an End
// outside a block is dropped), and whose turn ends at each of TurnEnds:
// what follows is the next turn, and the response ended. Its table's
// tokens are MarkedOpen, MarkedEnd, the end-of-turn tokens from
// MarkedTurnEnd, then More.
type Marked struct {
	Open, End string
	Kind      Kind
	TurnEnds  []string
	More      []Marker
	Hooks     func() Hooks // as Format's
}

// Format is m's table.
func (m Marked) Format() Format {
	markers := []Marker{MarkedOpen: {Text: m.Open, Role: Opens}, MarkedEnd: {Text: m.End}}
	for _, e := range m.TurnEnds {
		markers = append(markers, Marker{Text: e, EndsTurn: true})
	}
	return Format{TurnEnds: true, Markers: append(markers, m.More...), Kinds: []Kind{m.Kind}, Hooks: m.Hooks}
}
