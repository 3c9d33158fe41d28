package scenes

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // the Strange World deck
)

func TestDiff(t *testing.T) {
	a := rules.Table{Zones: map[string]*rules.Zone{"map": {}}}
	b := rules.Table{Zones: map[string]*rules.Zone{"map": {}}}
	a.Zones["map"].Set(rules.Pos{}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "SA", Num: 1}}})
	b.Zones["map"].Set(rules.Pos{}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "SA", Num: 2}}})
	b.Zones["map"].Items = []rules.Item{{Card: rules.CardRef{ID: rules.CardID{Deck: "SW", Num: 31}}, Row: 0, Col: 0.5}}
	d := Diff(a, b)
	if len(d) != 2 || !strings.Contains(d[0], `map (0,0): got "SA-001", want "SA-002"`) || !strings.Contains(d[1], "item SW-031 at (0,0.5) missing") {
		t.Errorf("diff %q", d)
	}
	if d := Diff(a, a); len(d) != 0 {
		t.Errorf("a table differs from itself: %q", d)
	}
}

// TestStrangeWorldTruth: the Fumaroles under a Dark City are on the table
// (Full) but hidden from the camera (Visible), and every Dark City lies on
// a junction.
func TestStrangeWorldTruth(t *testing.T) {
	g, err := StrangeWorld(Options{Seed: 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, zone := range []string{"p1", "p2"} {
		full, vis := g.Full.Zone(zone), g.Visible.Zone(zone)
		if len(full.Items) == 0 {
			t.Fatalf("%s: no Dark City", zone)
		}
		hidden := len(full.Cells) - len(vis.Cells)
		if hidden != 2 {
			t.Errorf("%s: %d cells hidden, want the Dark City's 2 Fumaroles", zone, hidden)
		}
		for _, it := range full.Items {
			if it.Card.ID.Num >= 31 && it.Card.ID.Num <= 35 && it.Row == float64(int(it.Row)) == (it.Col == float64(int(it.Col))) {
				t.Errorf("%s: Dark City at (%g,%g) is not on a junction", zone, it.Row, it.Col)
			}
		}
	}
	if g.Visible.Zone("sun") == nil || len(g.Visible.Zone("sun").Cells) != 1 {
		t.Error("no Sun in view")
	}
}
