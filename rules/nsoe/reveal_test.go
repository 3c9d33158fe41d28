package nsoe

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

// TestJudgedWhenTurnedWherever: a card is judged when it is turned
// coordinates up (REFERENCE.md §5.3: place it without turning it, then
// turn it over), on every free square of the board: while it lies name
// side up the referee says nothing and the turn stays, once it is turned
// the verdict comes. The old referee judged a name-side card the scanner
// filed to the board (among the board's cards) at once and one beyond
// them only once turned, so 9 of 17 verdicts of a filmed game came before
// the card was turned (issue 29).
func TestJudgedWhenTurnedWherever(t *testing.T) {
	laid := []string{"Roma@4,4", "Oslo@1,3", "Atene@7,6"}
	squares := 0
	for row := 0; row < 9; row++ {
		for col := 0; col < 9; col++ {
			at := rules.Pos{Row: row, Col: col}
			g := newTest(t, nil, "Ana", "Ben")
			see(t, g, board(t, laid[0]))
			see(t, g, board(t, laid[:2]...))
			see(t, g, board(t, laid...))
			if !board(t, laid...).Zone(Zone).At(at).Card.IsZero() {
				continue
			}
			squares++
			turn := g.Turn
			tab := board(t, laid...)
			vienna := rules.CardRef{ID: cid(t, "Vienna")}
			tab.Zone(Zone).Set(at, rules.Cell{Card: vienna})
			if evs := see(t, g, tab); len(evs) != 0 || g.Turn != turn || len(g.Board) != 3 {
				t.Errorf("Vienna name side up at %v: turn %d, board %d cards, said:%s", at, g.Turn, len(g.Board), describe(evs))
				continue
			}
			vienna.Side = rules.Back
			tab.Zone(Zone).Set(at, rules.Cell{Card: vienna})
			evs := see(t, g, tab)
			if len(evs) == 0 || evs[0].Kind != rules.EventVerdict || evs[0].Card != vienna.ID {
				t.Errorf("Vienna turned at %v: said:%s", at, describe(evs))
			}
		}
	}
	if want := 9*9 - 3; squares != want {
		t.Fatalf("%d free squares tried, want %d", squares, want)
	}
}
