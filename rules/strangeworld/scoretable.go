package strangeworld

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/rules"
)

// Scoring the finished worlds from one photo (rules.Mode.ScoreTable, set
// in game.go).

// scoreWorldsTable scores each player's world (zones p1…p4) in the 7
// categories of §7.10. The photo shows what lies on top: a Fumarole for a
// covered card, the Tzimime back for a face-down one, Dark Cities and
// Travellers as items. A Dark City hides the Fumaroles under it from the
// camera; an empty cell at either end of its junction is taken as that
// Fumarole. Portals are read from the table: face-up portal cards side by
// side, paired from the west.
func scoreWorldsTable(s rules.Setup, t rules.Table) ([]rules.Score, []rules.Event, error) {
	o, err := parseOptions(s)
	if err != nil {
		return nil, nil, err
	}
	var scores []rules.Score
	var evs []rules.Event
	for p := 1; p <= len(s.Players); p++ {
		w, notes := worldFromZone(t.Zone(zoneName(p)), s.PlayerName(p))
		evs = append(evs, notes...)
		parts := w.Score(o)
		scores = append(scores, rules.Score{Player: p, Name: s.PlayerName(p), Total: Total(parts), Parts: parts})
	}
	if len(scores) == 1 {
		r := RankSolo(scores[0].Total)
		evs = append(evs, rules.Event{Kind: rules.EventInfo, Player: 1,
			Short: rules.Say(fmt.Sprintf("Score %d", scores[0].Total), r.Short), Long: r.Long})
	}
	return scores, evs, nil
}

// worldFromZone builds a world as the referee would know it at the end,
// from what the camera sees, with notes on what it had to assume or leave
// out.
func worldFromZone(z *rules.Zone, name string) (*World, []rules.Event) {
	w := &World{}
	if z == nil {
		return w, nil // no world in the photo: nothing scores
	}
	var notes []rules.Event
	note := func(kind rules.EventKind, l1, l2, long string, args ...any) {
		notes = append(notes, rules.Event{Kind: kind, Short: rules.Say(l1, l2), Long: fmt.Sprintf(long, args...)})
	}
	usedFum := map[int]bool{}
	for _, p := range z.Positions() {
		ref := z.At(p).Card
		card, ok := std.Lookup(ref.ID)
		switch {
		case ref.ID == tzimime.ID:
			w.Cards = append(w.Cards, &Placed{Row: p.Row, Col: p.Col, Down: true})
		case !ok:
			note(rules.EventWarning, "Unknown card", ref.ID.String(), "%s in %s's world at %v is not a Strange World card: left out.", ref.ID, name, p)
		case card.Kind == KindStart || card.Kind == KindLand:
			w.Cards = append(w.Cards, &Placed{Row: p.Row, Col: p.Col, Land: card.Num, Down: ref.Side == rules.Back})
		case card.Kind == KindFumarole:
			w.Cards = append(w.Cards, &Placed{Row: p.Row, Col: p.Col, Fumarole: card.Num})
			usedFum[card.Num] = true
		default:
			note(rules.EventWarning, "Not in a world:", rules.ShortName(card.Name, 16), "%s lies in a cell of %s's world at %v: it goes beside the world or on a junction.", card.Name, name, p)
		}
	}
	nw, _, _ := z.Bounds()
	for _, it := range z.Items {
		card, ok := std.Lookup(it.Card.ID)
		switch {
		case ok && card.Kind == KindCity:
			a, b, ok := junctionCells(it.Row, it.Col)
			if !ok {
				note(rules.EventWarning, "Dark City off", "a junction", "%s in %s's world lies at (%g,%g), not on the junction of two cells.", card.Name, name, it.Row, it.Col)
				continue
			}
			for _, q := range []rules.Pos{a, b} {
				if w.At(q) == nil {
					n := freeFumarole(usedFum)
					usedFum[n] = true
					w.Cards = append(w.Cards, &Placed{Row: q.Row, Col: q.Col, Fumarole: n})
					note(rules.EventInfo, "Under Dark City", fmt.Sprintf("Fumarole %v", q), "%s's cell %v lies under %s: counted as a Fumarole.", name, q, card.Name)
				}
			}
			w.Cities = append(w.Cities, City{Card: card.Num, A: a, B: b})
		case ok && card.Kind == KindTraveller:
			col := int(math.Round(it.Col))
			w.Travellers = append(w.Travellers, TravellerAt{Card: card.Num, Row: int(math.Floor(it.Row)), Col: col, West: col < nw.Col})
		default:
			note(rules.EventWarning, "Not an item:", it.Card.ID.String(), "%s lies off the grid of %s's world at (%g,%g): only Dark Cities and Travellers do.", it.Card.ID, name, it.Row, it.Col)
		}
	}
	w.Portals = readPortals(w)
	return w, notes
}

// junctionCells are the two cells a junction at (row, col) joins: one
// coordinate whole, the other half way.
func junctionCells(row, col float64) (a, b rules.Pos, ok bool) {
	r, c := math.Floor(row), math.Floor(col)
	switch {
	case row == r && col-c == 0.5:
		return rules.Pos{Row: int(r), Col: int(c)}, rules.Pos{Row: int(r), Col: int(c) + 1}, true
	case col == c && row-r == 0.5:
		return rules.Pos{Row: int(r), Col: int(c)}, rules.Pos{Row: int(r) + 1, Col: int(c)}, true
	}
	return a, b, false
}

// freeFumarole is a Fumarole number not seen on the table, standing for
// one hidden under a Dark City (which one it is does not score).
func freeFumarole(used map[int]bool) int {
	for n := firstFumaroleNum; n < firstFumaroleNum+numFumaroles; n++ {
		if !used[n] {
			return n
		}
	}
	return firstFumaroleNum
}

// readPortals pairs face-up portal cards side by side in each row, from
// the west: each card can be in one portal only.
func readPortals(w *World) []Portal {
	var out []Portal
	inPortal := map[rules.Pos]bool{}
	for _, c := range w.sorted() {
		p := c.Pos()
		e := p.Add(rules.East)
		if inPortal[p] || !isPortal(w, p) || !isPortal(w, e) {
			continue
		}
		out = append(out, Portal{W: p, E: e})
		inPortal[p], inPortal[e] = true, true
	}
	return out
}

func isPortal(w *World, p rules.Pos) bool {
	t := w.active(p)
	return t != nil && t.Portal
}
