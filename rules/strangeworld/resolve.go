package strangeworld

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// worldSize is the side of a finished world.
const worldSize = 4

// checkPlacement says why a card may not go to p (REFERENCE.md §7.6), or
// "" when it may: an empty cell next to an occupied one, the world within
// 4×4, and not in or beyond the Travellers' column.
func (w *World) checkPlacement(p rules.Pos) string {
	if w.At(p) != nil {
		return "that cell is taken"
	}
	next := false
	for _, d := range rules.Steps {
		if w.At(p.Add(d)) != nil {
			next = true
		}
	}
	if !next {
		return "it must touch a card of the world by an edge"
	}
	nw, se, _ := w.bounds(p)
	if se.Row-nw.Row+1 > worldSize || se.Col-nw.Col+1 > worldSize {
		return "the world must fit in 4×4"
	}
	if col, west, ok := w.travellerCol(); ok && ((west && p.Col <= col) || (!west && p.Col >= col)) {
		return "a Traveller closes that side"
	}
	return ""
}

// Why a card is flipped Tzimime side up.
const (
	flipPortalUsed = "portal-used" // D1
	flipTwoPortals = "two-portals" // D1 (default)
	flipWater      = "water"       // D2
	flipSwamp      = "swamp"       // D3
	flipMoonLow    = "moon-low"    // D4a
	flipMoonUnder  = "moon-under"  // D4b
	flipVolcano    = "volcano"     // nothing to cover
)

var flipReasons = map[string][2]string{ // short (≤16), long
	flipPortalUsed: {"portal used", "it touches a card already used in a Dimensional Portal (D1)"},
	flipTwoPortals: {"two portals", "it would complete two Dimensional Portals at once (D1)"},
	flipWater:      {"water by water", "a water card may not touch another water card (D2)"},
	flipSwamp:      {"2nd swamp in row", "its row already holds a swamp (D3)"},
	flipMoonLow:    {"moon not on top", "a Moon must be played in the top row (D4a)"},
	flipMoonUnder:  {"card above moon", "a card was played in a row above this Moon (D4b)"},
	flipVolcano:    {"nothing to cover", "no card next to the volcano can take a Fumarole"},
}

// Flip is one card the player must turn Tzimime side up.
type Flip struct {
	Pos    rules.Pos `json:"pos"`
	Reason string    `json:"reason"`
}

// Resolution is what playing a card caused (REFERENCE.md §7.7).
type Resolution struct {
	Flips     []Flip      // in the order found; the played card first if flipped
	Portal    *Portal     // a completed portal: the player may welcome a Traveller
	Coverable []rules.Pos // volcano: the cells a Fumarole may cover
}

// PlayedDown reports whether the played card was flipped.
func (r Resolution) PlayedDown(p rules.Pos) bool {
	for _, f := range r.Flips {
		if f.Pos == p {
			return true
		}
	}
	return false
}

// resolve applies the effects of the card just placed at p, face up, to
// the world: desolation (D1–D4, in that order) flips cards, then, if the
// played card is still face up, its portal completes and its volcano
// erupts. The flips are applied to w at once; the camera catches up.
func (w *World) resolve(p rules.Pos, o Options) Resolution {
	var r Resolution
	played := w.At(p)
	t := w.active(p)
	flipPlayed := func(reason string) {
		if !played.Down {
			played.Down = true
			r.Flips = append(r.Flips, Flip{p, reason})
		}
	}
	// D1: a card used in a portal cannot be used in another.
	var partner *rules.Pos
	if t.Portal {
		var free []rules.Pos
		for _, d := range []rules.Pos{rules.West, rules.East} {
			q := p.Add(d)
			nt := w.active(q)
			if nt == nil || !nt.Portal {
				continue
			}
			if w.portalUsed(q, o) {
				flipPlayed(flipPortalUsed)
			} else {
				free = append(free, q)
			}
		}
		if len(free) == 2 {
			flipPlayed(flipTwoPortals)
		} else if len(free) == 1 {
			partner = &free[0]
		}
	}
	// D2: no two water cards side by side.
	if !played.Down && t.Icons.Has(Water) {
		for _, d := range rules.Steps {
			if w.hasIcon(p.Add(d), Water) {
				flipPlayed(flipWater)
			}
		}
	}
	// D3: one swamp per row.
	if !played.Down && t.Icons.Has(Swamp) {
		for _, c := range w.Cards {
			if c.Row == p.Row && c.Pos() != p && w.hasIcon(c.Pos(), Swamp) {
				flipPlayed(flipSwamp)
			}
		}
	}
	// D4a: a Moon lives only in the top row (counting every occupied cell).
	nw, _, _ := w.bounds()
	if !played.Down && t.Icons.Has(Moon) && p.Row != nw.Row {
		flipPlayed(flipMoonLow)
	}
	// D4b: a card played in a row above face-up Moons flips them.
	if !played.Down || o.MoonFlipWhenPlayedCardFlipped {
		for _, c := range w.sorted() {
			if c.Row > p.Row && w.hasIcon(c.Pos(), Moon) {
				c.Down = true
				r.Flips = append(r.Flips, Flip{c.Pos(), flipMoonUnder})
			}
		}
	}
	if played.Down {
		return r
	}
	// Step 2: the portal first, then the volcano.
	if partner != nil {
		pt := Portal{W: *partner, E: p}
		if partner.Col > p.Col {
			pt = Portal{W: p, E: *partner}
		}
		w.Portals = append(w.Portals, pt)
		played.Used = true
		w.At(*partner).Used = true
		r.Portal = &pt
	}
	if t.Icons.Has(Volcano) {
		for _, d := range rules.Steps {
			q := p.Add(d)
			if c := w.At(q); c != nil && c.Fumarole == 0 {
				r.Coverable = append(r.Coverable, q)
			}
		}
		if len(r.Coverable) == 0 {
			flipPlayed(flipVolcano)
		}
	}
	return r
}

// portalUsed reports whether the face-up portal card at q already belongs
// to a portal: ever (portalUsedByHistory) or one that still shows.
func (w *World) portalUsed(q rules.Pos, o Options) bool {
	if o.PortalUsedByHistory {
		return w.At(q).Used
	}
	pt, ok := w.portalOf(q)
	return ok && w.intactPortal(pt)
}

// flipText is the short and long explanation of a flip.
func flipText(reason string) (short, long string) {
	t, ok := flipReasons[reason]
	if !ok {
		return reason, reason
	}
	return t[0], t[1]
}

// describeCells names the cards at ps for a message.
func (w *World) describeCells(ps []rules.Pos) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += ", "
		}
		s += w.cellName(p)
	}
	return s
}

// cellName names what lies at p: the card (or "face-down card") and, if
// covered, the Fumarole.
func (w *World) cellName(p rules.Pos) string {
	c := w.At(p)
	if c == nil {
		return "empty cell"
	}
	name := cardName(c.Land)
	if c.Down {
		name = "face-down " + name
	}
	if c.Fumarole != 0 {
		name = fmt.Sprintf("%s under %s", name, cardName(c.Fumarole))
	}
	return name
}

func cardName(n int) string {
	if c, ok := std.Card(n); ok {
		return c.Name
	}
	return rules.CardID{Deck: DeckCode, Num: n}.String()
}

func cardShort(n int) string {
	if c, ok := std.Card(n); ok {
		return c.Short()
	}
	return rules.CardID{Deck: DeckCode, Num: n}.String()
}
