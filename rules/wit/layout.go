package wit

import (
	"cmp"
	"maps"
	"slices"

	"github.com/tableref/tableref/rules"
)

// layout is where each card lies in a zone, whatever its side: the part of
// a snapshot that the placement rules look at.
type layout map[rules.Pos]rules.CardID

// layoutOf reads a zone's cards. A card in two cells keeps its first cell
// in reading order; callers check duplicates first (cardsIn).
func layoutOf(z *rules.Zone) layout {
	l := layout{}
	for _, p := range z.Positions() {
		if c := z.At(p); !c.Card.IsZero() {
			l[p] = c.Card.ID
		}
	}
	return l
}

// positions returns the occupied cells in reading order.
func (l layout) positions() []rules.Pos {
	out := slices.Collect(maps.Keys(l))
	slices.SortFunc(out, func(a, b rules.Pos) int {
		return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
	})
	return out
}

// index maps each card to its cell.
func (l layout) index() map[rules.CardID]rules.Pos {
	out := make(map[rules.CardID]rules.Pos, len(l))
	for p, id := range l {
		out[id] = p
	}
	return out
}

func (l layout) equal(o layout) bool {
	if len(l) != len(o) {
		return false
	}
	for p, id := range l {
		if o[p] != id {
			return false
		}
	}
	return true
}

func (l layout) clone() layout {
	out := make(layout, len(l))
	for p, id := range l {
		out[p] = id
	}
	return out
}

// without returns a copy of l with card id taken away.
func (l layout) without(id rules.CardID) layout {
	out := layout{}
	for p, c := range l {
		if c != id {
			out[p] = c
		}
	}
	return out
}

// connected reports whether every card can be reached from every other
// through orthogonal neighbours.
func (l layout) connected() bool {
	ps := l.positions()
	if len(ps) == 0 {
		return true
	}
	seen := map[rules.Pos]bool{ps[0]: true}
	todo := []rules.Pos{ps[0]}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, s := range rules.Steps {
			n := p.Add(s)
			if _, ok := l[n]; ok && !seen[n] {
				seen[n] = true
				todo = append(todo, n)
			}
		}
	}
	return len(seen) == len(l)
}

// zoneOf builds the zone holding l's cards with the sides found in the
// snapshot zone src (Front where src does not hold the card).
func zoneOf(l layout, src *rules.Zone) *rules.Zone {
	side := map[rules.CardID]rules.Side{}
	if src != nil {
		for _, c := range src.Cells {
			side[c.Card.ID] = c.Card.Side
		}
	}
	z := &rules.Zone{Cells: map[rules.Pos]rules.Cell{}}
	for p, id := range l {
		z.Cells[p] = rules.Cell{Card: rules.CardRef{ID: id, Side: side[id]}}
	}
	return z
}
