package mapit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/warn"
)

// Zone is the table zone the scanner reads the cross into: the centre
// card at (0,0), the west and east arms along row 0, the north and south
// arms along column 0.
const Zone = "map"

// Arm is one of the four arms of the cross.
type Arm int

// The arms in the order they are checked and listed.
const (
	North Arm = iota
	East
	South
	West
)

var arms = [4]Arm{North, East, South, West}

func (a Arm) String() string { return [4]string{"north", "east", "south", "west"}[a] }

// armOf says which arm a cell is on and how far from the centre; ok is
// false for the centre itself and for cells off the cross.
func armOf(p rules.Pos) (a Arm, dist int, ok bool) {
	switch {
	case p.Row == 0 && p.Col > 0:
		return East, p.Col, true
	case p.Row == 0 && p.Col < 0:
		return West, -p.Col, true
	case p.Col == 0 && p.Row < 0:
		return North, -p.Row, true
	case p.Col == 0 && p.Row > 0:
		return South, p.Row, true
	}
	return 0, 0, false
}

// Cross is what lies on the compass rose: the centre card and each arm's
// cards from the centre outwards. Only the order along an arm matters
// (a gap left by a removed card changes nothing), and which side of a card
// is up does not matter either: challenged cards are flipped and back.
type Cross struct {
	Centre rules.CardID      `json:"centre,omitzero"`
	Arms   [4][]rules.CardID `json:"arms"`
}

// Empty reports whether nothing lies on the cross.
func (c Cross) Empty() bool { return c.Centre.IsZero() && c.Len() == 0 }

// Len is the number of cards on the arms (the centre card not counted).
func (c Cross) Len() int {
	n := 0
	for _, a := range c.Arms {
		n += len(a)
	}
	return n
}

// Cards lists every card on the cross, the centre first.
func (c Cross) Cards() []rules.CardID {
	var out []rules.CardID
	if !c.Centre.IsZero() {
		out = append(out, c.Centre)
	}
	for _, a := range c.Arms {
		out = append(out, a...)
	}
	return out
}

// Locate finds a card on an arm: which arm and its index from the centre.
func (c Cross) Locate(id rules.CardID) (Arm, int, bool) {
	for _, a := range arms {
		if i := slices.Index(c.Arms[a], id); i >= 0 {
			return a, i, true
		}
	}
	return 0, 0, false
}

// Equal reports whether two crosses hold the same cards in the same order.
func (c Cross) Equal(o Cross) bool {
	if c.Centre != o.Centre {
		return false
	}
	for _, a := range arms {
		if !slices.Equal(c.Arms[a], o.Arms[a]) {
			return false
		}
	}
	return true
}

// clone copies the arms so that edits leave c alone.
func (c Cross) clone() Cross {
	out := Cross{Centre: c.Centre}
	for _, a := range arms {
		out.Arms[a] = slices.Clone(c.Arms[a])
	}
	return out
}

// without returns the cross with a card taken off its arm.
func (c Cross) without(id rules.CardID) Cross {
	out := c.clone()
	if a, i, ok := c.Locate(id); ok {
		out.Arms[a] = slices.Delete(out.Arms[a], i, i+1)
	}
	return out
}

// swapped returns the cross with two cards of one arm exchanged.
func (c Cross) swapped(x, y rules.CardID) Cross {
	out := c.clone()
	ax, ix, okx := c.Locate(x)
	ay, iy, oky := c.Locate(y)
	if okx && oky && ax == ay {
		out.Arms[ax][ix], out.Arms[ay][iy] = y, x
	}
	return out
}

// ReadCross reads the cross from the "map" zone. A card off the cross, an
// arm without a centre card or a face-down card without identity is an
// error that names it.
func ReadCross(z *rules.Zone, name func(rules.CardID) string) (Cross, error) {
	var c Cross
	type onArm struct {
		id   rules.CardID
		dist int
	}
	var lay [4][]onArm
	var off []string
	var first string
	for _, p := range z.Positions() {
		id := z.At(p).Card.ID
		if id.IsZero() {
			return Cross{}, warn.New("Not a card at", p.String(), "the cross holds a colour at %v, not a card", p)
		}
		if id.Anonymous() {
			return Cross{}, warn.New("Turn card face up", p.String(), "a card at %v shows no name: turn it face up", p)
		}
		if p == (rules.Pos{}) {
			c.Centre = id
			continue
		}
		a, d, ok := armOf(p)
		if !ok {
			if len(off) == 0 {
				first = name(id)
			}
			off = append(off, fmt.Sprintf("%s at %v", name(id), p))
			continue
		}
		lay[a] = append(lay[a], onArm{id, d})
	}
	if len(off) > 0 {
		return Cross{}, warn.New("Off the cross:", first, "off the cross: %s (cards go only north, south, east or west of the centre card)", strings.Join(off, ", "))
	}
	for _, a := range arms {
		slices.SortFunc(lay[a], func(x, y onArm) int { return x.dist - y.dist })
		for _, e := range lay[a] {
			c.Arms[a] = append(c.Arms[a], e.id)
		}
	}
	if c.Centre.IsZero() && c.Len() > 0 {
		return Cross{}, warn.New("Centre card", "missing", "the centre card is missing from the compass rose (0,0)")
	}
	return c, nil
}

// Addition is one card laid on an arm at Index from the centre (0 = next
// to the centre card); an index below the arm's last means an insert.
type Addition struct {
	Card  rules.CardID
	Arm   Arm
	Index int
}

// Added infers what happened between two crosses: nothing (ok false, nil
// error), one card added at the end of an arm or inserted between two
// cards, or something the rules do not allow (an error saying what).
func Added(from, to Cross, name func(rules.CardID) string) (Addition, bool, error) {
	if from.Equal(to) {
		return Addition{}, false, nil
	}
	if from.Centre != to.Centre {
		return Addition{}, false, warn.New("Put centre back:", name(from.Centre), "the centre card changed from %s to %s: put %s back", name(from.Centre), name(to.Centre), name(from.Centre))
	}
	before := map[rules.CardID]bool{}
	for _, id := range from.Cards() {
		before[id] = true
	}
	var gone, added []string
	var add Addition
	for _, id := range to.Cards() {
		if !before[id] {
			added = append(added, name(id))
			add.Card = id
		}
		delete(before, id)
	}
	for _, id := range from.Cards() {
		if before[id] {
			gone = append(gone, name(id))
		}
	}
	switch {
	case len(gone) > 0:
		return Addition{}, false, warn.New("Put back:", gone[0], "%s left the cross: put it back where it was", strings.Join(gone, ", "))
	case len(added) > 1:
		return Addition{}, false, warn.New("One card a turn", fmt.Sprintf("%d new cards", len(added)), "%d new cards (%s): place one card per turn", len(added), strings.Join(added, ", "))
	case len(added) == 0:
		return Addition{}, false, warn.New("Cards moved:", "put them back", "cards on the cross changed places: put them back as they were")
	}
	add.Arm, add.Index, _ = to.Locate(add.Card)
	if !to.without(add.Card).Equal(from) {
		return Addition{}, false, warn.New("Cards moved:", "put them back", "cards on the cross changed places as %s was laid: only the cards outside it may shift outwards", name(add.Card))
	}
	return add, true, nil
}
