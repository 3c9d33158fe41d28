package nsoe

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// euroGame starts a Nord Sud Ovest Est game with the Europe deck and the
// default printedBy option (publisher), lays Valencia as the reference
// city and London north of it in the same column, the cards marked
// tableref's (payload kind P) as printed says. It returns the game and
// the events of each placement.
func euroGame(t *testing.T, printed func(rules.CardID) bool) (rules.Game, [][]rules.Event) {
	t.Helper()
	g := rulestest.Start(t, rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}})
	z := &rules.Zone{}
	tab := rules.Table{Zones: map[string]*rules.Zone{Zone: z}}
	var out [][]rules.Event
	for _, c := range []struct {
		at  rules.Pos
		num int
	}{{rules.Pos{Row: 4, Col: 4}, 71}, {rules.Pos{Row: 0, Col: 4}, 3}} { // Valencia, Londra
		id := rules.CardID{Deck: "EU", Num: c.num}
		z.Set(c.at, rules.Cell{Card: rules.CardRef{ID: id, Side: rules.Back}})
		if printed(id) {
			tab.MarkTableref(id)
		}
		out = append(out, g.Observe(tab.Clone()))
	}
	return g, out
}

// On tableref's own printed cards (kind P) the referee says the degrees
// they print without the printedBy option; the restored game too (issue
// 29).
func TestNSOEKnowsItsOwnPrintedCards(t *testing.T) {
	g, evs := euroGame(t, func(rules.CardID) bool { return true })
	if len(evs[0]) == 0 || evs[0][0].Short != [2]string{"Ref: Valencia", "39N 0W"} {
		t.Errorf("reference on tableref's printed cards: %s, want its printed degrees", describe(evs[0]))
	}
	if len(evs[1]) == 0 || evs[1][0].Verdict != rules.Right || evs[1][0].Short[1] != "51N 0W" {
		t.Errorf("London on tableref's printed cards: %s, want its printed degrees", describe(evs[1]))
	}
	back := rulestest.RoundTrip(t, ModeID, g)
	if c, _ := back.(*Game).cat.City(rules.CardID{Deck: "EU", Num: 3}); c.Unprinted {
		t.Error("the restored game forgot the cards are tableref's")
	}
}

// A mixed table (London's code is a sticker's, kind C) goes by the
// option: with the default, no degrees on the screens.
func TestNSOEMixedTableStaysInWords(t *testing.T) {
	_, evs := euroGame(t, func(id rules.CardID) bool { return id.Num != 3 })
	if len(evs[1]) == 0 || evs[1][0].Verdict != rules.Right || strings.Contains(evs[1][0].Short[1], "51N") {
		t.Errorf("London on a mixed table: %s, want no printed degrees", describe(evs[1]))
	}
}
