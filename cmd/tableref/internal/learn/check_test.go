package learn

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/learn/learntest"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// A number both half-circles agree on is still asked, and not proposed,
// when it cannot be the card's: a figure lost on both ("75" read as "5")
// puts it far from the card's place among the deck's cards, even before
// any card was confirmed; one already printed by a confirmed card is not
// proposed either.
func TestCheckPlacesTheNumber(t *testing.T) {
	truth, err := learntest.Truth()
	if err != nil {
		t.Fatal(err)
	}
	id := rules.CardID{Deck: geo.DeckSA, Num: 18}
	c, _ := truth.Card(id)
	read := func(ns, we int) Read {
		return Read{ID: id, NS: NumberRead{Value: ns, Sure: true}, WE: NumberRead{Value: we, Sure: true},
			Name: NameRead{Text: c.Name, Expected: c.Name, Sure: true}}
	}
	s, err := Open(filepath.Join(t.TempDir(), "s.jsonl"), geo.DeckSA, geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := read(c.NS, c.WE)
	s.check(&r)
	if !r.NS.Sure || !r.WE.Sure {
		t.Fatalf("%s's own numbers %d and %d asked: %q, %q", c.Name, c.NS, c.WE, r.NS.Why, r.WE.Why)
	}
	lost := c.NS % 10 // the first figure lost on both half-circles
	r = read(lost, c.WE)
	s.check(&r)
	if r.NS.Sure || r.NS.Value != 0 || !strings.Contains(r.NS.Why, "would print") {
		t.Errorf("%s's north–south %d read as %d: sure %v, proposed %d (%q)", c.Name, c.NS, lost, r.NS.Sure, r.NS.Value, r.NS.Why)
	}
	other := truth.Cards()[0]
	if err := s.Confirm(Card{Num: other.ID.Num, Name: other.Name, NS: other.NS, WE: other.WE}); err != nil {
		t.Fatal(err)
	}
	r = read(c.NS, other.WE)
	s.check(&r)
	if r.WE.Sure || r.WE.Value != 0 {
		t.Errorf("%s's west–east read as %s's %d: sure %v, proposed %d", c.Name, other.Name, other.WE, r.WE.Sure, r.WE.Value)
	}
}
