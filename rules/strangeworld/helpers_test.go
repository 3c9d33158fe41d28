package strangeworld

import (
	"fmt"
	"testing"

	"github.com/tableref/tableref/rules"
)

// copies hands out distinct physical cards of a type, as a real deck would.
type copies map[string]int

// card returns the next unused copy of the type with the given key.
func (cs copies) card(t testing.TB, key string) int {
	t.Helper()
	if n, ok := cs.try(key); ok {
		return n
	}
	t.Fatalf("no copy %d of card type %q", cs[key]+1, key)
	return 0
}

func (cs copies) try(key string) (int, bool) {
	for _, n := range std.order {
		c := std.Cards[n]
		if c.Type != nil && c.Type.Key == key && c.Copy == cs[key]+1 {
			cs[key]++
			return n, true
		}
	}
	return 0, false
}

// hidden returns a card whose identity does not matter (it lies face down
// or under a Fumarole), from types the test worlds rarely use.
func (cs copies) hidden(t testing.TB) int {
	t.Helper()
	for _, key := range []string{"blue-yellow", "red-blue", "grey-blue", "red-yellow", "blue-portal"} {
		if n, ok := cs.try(key); ok {
			return n
		}
	}
	t.Fatal("no more hidden cards")
	return 0
}

// layout builds a world from rows of type keys (row 0 on top): "" empty,
// "TZ" a face-down card, "FUM" a Fumarole over a card. Face-up portal
// cards side by side are paired into portals from west to east.
func layout(t testing.TB, rows ...[]string) *World {
	t.Helper()
	w := &World{}
	cs := copies{}
	fum := 0
	for r, row := range rows {
		for c, key := range row {
			switch key {
			case "":
			case "TZ":
				w.Cards = append(w.Cards, &Placed{Row: r, Col: c, Land: cs.hidden(t), Down: true})
			case "FUM":
				fum++
				w.Cards = append(w.Cards, &Placed{Row: r, Col: c, Land: cs.hidden(t), Fumarole: firstFumaroleNum + fum - 1})
			default:
				w.Cards = append(w.Cards, &Placed{Row: r, Col: c, Land: cs.card(t, key)})
			}
		}
	}
	for _, c := range w.sorted() {
		p := c.Pos()
		e := p.Add(rules.East)
		if tp, te := w.active(p), w.active(e); tp != nil && te != nil && tp.Portal && te.Portal && !c.Used && !w.At(e).Used {
			w.Portals = append(w.Portals, Portal{W: p, E: e})
			c.Used, w.At(e).Used = true, true
		}
	}
	return w
}

// travellerNum returns the card number of a Traveller by name.
func travellerNum(t testing.TB, name string) int {
	t.Helper()
	for i, tr := range Travellers {
		if tr.Name == name {
			return firstTravNum + i
		}
	}
	t.Fatalf("no Traveller %q", name)
	return 0
}

// part returns the points of one category.
func part(t testing.TB, parts []rules.ScorePart, cat string) int {
	t.Helper()
	for _, p := range parts {
		if p.Category == cat {
			return p.Points
		}
	}
	t.Fatalf("no score category %q in %v", cat, parts)
	return 0
}

// playOn places a copy of a type at p in w and resolves it, as the
// engine does after judging the placement legal.
func playOn(t testing.TB, w *World, cs copies, p rules.Pos, key string) Resolution {
	t.Helper()
	if why := w.checkPlacement(p); why != "" {
		t.Fatalf("placing %s at %v: %s", key, p, why)
	}
	w.Cards = append(w.Cards, &Placed{Row: p.Row, Col: p.Col, Land: cs.card(t, key)})
	return w.resolve(p, DefaultOptions())
}

func flipsOf(r Resolution) string {
	s := ""
	for _, f := range r.Flips {
		s += fmt.Sprintf("%v:%s ", f.Pos, f.Reason)
	}
	return s
}

func pos(r, c int) rules.Pos { return rules.Pos{Row: r, Col: c} }
