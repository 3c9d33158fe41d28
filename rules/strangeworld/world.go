package strangeworld

import (
	"sort"

	"github.com/tableref/tableref/rules"
)

// Placed is one occupied cell of a world, in the engine's frame (the
// frame of the zone when the starting card was first seen; Offset maps it
// to the camera's current frame).
type Placed struct {
	Row      int  `json:"row"`
	Col      int  `json:"col"`
	Land     int  `json:"land"`               // number of the starting or Land card
	Down     bool `json:"down,omitempty"`     // Tzimime side up
	Fumarole int  `json:"fumarole,omitempty"` // number of the Fumarole covering it
	Used     bool `json:"used,omitempty"`     // has been part of a completed portal
}

// Pos is the cell's position.
func (p *Placed) Pos() rules.Pos { return rules.Pos{Row: p.Row, Col: p.Col} }

// City is a Dark City on the junction of two Fumarole cells.
type City struct {
	Card int       `json:"card"`
	A    rules.Pos `json:"a"`
	B    rules.Pos `json:"b"`
}

// TravellerAt is a welcomed Traveller: beside rows Row and Row+1, in
// column Col just outside the world.
type TravellerAt struct {
	Card int  `json:"card"`
	Row  int  `json:"row"`
	Col  int  `json:"col"`
	West bool `json:"west"`
}

// Portal is a completed Dimensional Portal: two cards side by side.
type Portal struct {
	W rules.Pos `json:"w"`
	E rules.Pos `json:"e"`
}

// World is one player's world as the referee knows it.
type World struct {
	Cards      []*Placed     `json:"cards"`
	Cities     []City        `json:"cities,omitempty"`
	Travellers []TravellerAt `json:"travellers,omitempty"`
	Portals    []Portal      `json:"portals,omitempty"`
	Offset     rules.Pos     `json:"offset"` // camera frame = engine frame + Offset
}

// At returns the card at p, or nil.
func (w *World) At(p rules.Pos) *Placed {
	for _, c := range w.Cards {
		if c.Row == p.Row && c.Col == p.Col {
			return c
		}
	}
	return nil
}

// active returns the type of the face-up, uncovered Land card at p: the
// only cards that have icons, animals and portals.
func (w *World) active(p rules.Pos) *LandType {
	c := w.At(p)
	if c == nil || c.Down || c.Fumarole != 0 {
		return nil
	}
	if card, ok := std.Card(c.Land); ok {
		return card.Type
	}
	return nil
}

// fumarole reports whether a Fumarole covers p.
func (w *World) fumarole(p rules.Pos) bool {
	c := w.At(p)
	return c != nil && c.Fumarole != 0
}

// bounds returns the bounding box of the occupied cells and extra.
func (w *World) bounds(extra ...rules.Pos) (nw, se rules.Pos, ok bool) {
	ps := append([]rules.Pos(nil), extra...)
	for _, c := range w.Cards {
		ps = append(ps, c.Pos())
	}
	for i, p := range ps {
		if i == 0 {
			nw, se, ok = p, p, true
			continue
		}
		nw.Row, nw.Col = min(nw.Row, p.Row), min(nw.Col, p.Col)
		se.Row, se.Col = max(se.Row, p.Row), max(se.Col, p.Col)
	}
	return nw, se, ok
}

// sorted returns the cards in reading order, for deterministic walks.
func (w *World) sorted() []*Placed {
	out := append([]*Placed(nil), w.Cards...)
	sort.Slice(out, func(i, j int) bool { return lessPos(out[i].Pos(), out[j].Pos()) })
	return out
}

// lessPos is reading order: north to south, then west to east.
func lessPos(a, b rules.Pos) bool {
	if a.Row != b.Row {
		return a.Row < b.Row
	}
	return a.Col < b.Col
}

// view is what the camera should see at a cell: the Fumarole on top, the
// anonymous Tzimime back, or the card's front.
func (c *Placed) view() rules.CardRef {
	switch {
	case c.Fumarole != 0:
		return rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: c.Fumarole}}
	case c.Down:
		return tzimime
	}
	return rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: c.Land}}
}

// tzimime is the anonymous back every face-down Land card shows.
var tzimime = rules.CardRef{ID: rules.CardID{Deck: DeckCode}, Side: rules.Back}

// isBack reports whether ref shows a Land card's Tzimime side: the shared
// back, or (a sticker printed per card) that card's own back.
func isBack(ref rules.CardRef, land int) bool {
	return ref == tzimime || (ref.ID == rules.CardID{Deck: DeckCode, Num: land} && ref.Side == rules.Back)
}

// inCity reports whether the Fumarole at p is already part of a Dark City.
func (w *World) inCity(p rules.Pos) bool {
	for _, c := range w.Cities {
		if c.A == p || c.B == p {
			return true
		}
	}
	return false
}

// travellerCol returns the column the world's Travellers stand in and
// their side, if any has come.
func (w *World) travellerCol() (col int, west, ok bool) {
	if len(w.Travellers) == 0 {
		return 0, false, false
	}
	t := w.Travellers[0]
	return t.Col, t.West, true
}

// intactPortal reports whether the portal still shows: both its cards face
// up and uncovered.
func (w *World) intactPortal(pt Portal) bool {
	return w.active(pt.W) != nil && w.active(pt.E) != nil
}

// portalOf returns the completed portal that the card at p is part of.
func (w *World) portalOf(p rules.Pos) (Portal, bool) {
	for _, pt := range w.Portals {
		if pt.W == p || pt.E == p {
			return pt, true
		}
	}
	return Portal{}, false
}

func junction(a, b rules.Pos) (row, col float64) {
	return float64(a.Row+b.Row) / 2, float64(a.Col+b.Col) / 2
}
