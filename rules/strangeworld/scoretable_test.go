package strangeworld

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// zoneOfWorld is what the camera sees of a world: the view of each cell,
// the Dark Cities on their junctions (side by side: front; stacked:
// back) and the Travellers half way between their rows.
func zoneOfWorld(w *World) *rules.Zone {
	z := &rules.Zone{}
	for _, c := range w.Cards {
		z.Set(c.Pos(), rules.Cell{Card: c.view()})
	}
	for _, c := range w.Cities {
		r, col := junction(c.A, c.B)
		ref := rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: c.Card}}
		if c.A.Col == c.B.Col {
			ref.Side = rules.Back
		}
		z.Items = append(z.Items, rules.Item{Card: ref, Row: r, Col: col})
	}
	for _, tr := range w.Travellers {
		z.Items = append(z.Items, rules.Item{Card: rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: tr.Card}}, Row: float64(tr.Row) + 0.5, Col: float64(tr.Col)})
	}
	return z
}

// TestScoreWorldsTableSW1: the rulebook's scoring example photographed
// scores its 46 stars with the same breakdown, also when the Dark City
// hides both its Fumaroles from the camera (they are counted from the
// junction); the portal in row 2 is read from the table.
func TestScoreWorldsTableSW1(t *testing.T) {
	m, _ := rules.LookupMode(ModeSolo)
	s, err := m.Check(rules.Setup{Mode: ModeSolo, Players: []string{"Ana"}})
	if err != nil {
		t.Fatal(err)
	}
	want := sw1World(t).Score(DefaultOptions())
	full := zoneOfWorld(sw1World(t))
	hidden := full.Clone()
	hidden.Set(pos(3, 1), rules.Cell{})
	hidden.Set(pos(3, 2), rules.Cell{})
	for name, z := range map[string]*rules.Zone{"fumaroles seen": full, "fumaroles under the city": hidden} {
		scores, evs, err := m.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{"p1": z}})
		if err != nil {
			t.Fatal(err)
		}
		rulestest.CheckEvents(t, evs)
		if len(scores) != 1 || scores[0].Total != 46 {
			t.Fatalf("%s: %+v, want 46", name, scores)
		}
		for i, p := range scores[0].Parts {
			if p != want[i] {
				t.Errorf("%s: %s %d (%s), want %d (%s)", name, p.Category, p.Points, p.Detail, want[i].Points, want[i].Detail)
			}
		}
		assumed := 0
		for _, e := range evs {
			if e.Kind == rules.EventInfo && strings.Contains(e.Long, "counted as a Fumarole") {
				assumed++
			}
		}
		if wantAssumed := map[string]int{"fumaroles seen": 0, "fumaroles under the city": 2}[name]; assumed != wantAssumed {
			t.Errorf("%s: %d cells assumed, want %d", name, assumed, wantAssumed)
		}
		if last := evs[len(evs)-1]; last.Short[1] != "Devoured!" {
			t.Errorf("%s: solo verdict %q, want the ≤59 rank", name, last.Short)
		}
	}
}

// TestScoreWorldsTableOddThings: a card in a world that belongs beside it
// and a Dark City off any junction are said and left out.
func TestScoreWorldsTableOddThings(t *testing.T) {
	m, _ := rules.LookupMode(ModeMulti)
	s, _ := m.Check(rules.Setup{Mode: ModeMulti, Players: []string{"Ana", "Ben"}})
	z := zoneOfWorld(sw1World(t))
	z.Set(pos(4, 0), rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: sunNum}}})
	z.Items = append(z.Items, rules.Item{Card: rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: firstCityNum + 1}}, Row: 1.5, Col: 1.5})
	scores, evs, err := m.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{"p1": z}})
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, e := range evs {
		if e.Kind == rules.EventWarning {
			said = append(said, e.Long)
		}
	}
	if len(said) != 2 || !strings.Contains(said[0], "Sun lies in a cell") || !strings.Contains(said[1], "not on the junction") {
		t.Errorf("warnings %q", said)
	}
	if scores[0].Total != 46 || scores[1].Total != 0 {
		t.Errorf("scores %d and %d, want 46 and an empty world's 0", scores[0].Total, scores[1].Total)
	}
}
