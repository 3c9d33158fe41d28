package wit

import (
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// The bundled demo game (make demo): 3 players, 15 placements, pushes, a
// wrong card, a refused push. Its golden output sits beside it.
const demoReplay = "../../cmd/tableref/testdata/demo-continental.jsonl"

func TestGoldenDemoContinental(t *testing.T) {
	g := rulestest.Golden(t, demoReplay)
	checkFinal(t, g, []int{8, 9, 7}, []int{2})
	c := g.(*continental)
	if len(c.Placements) != 15 {
		t.Errorf("%d placements, want 15", len(c.Placements))
	}
	wrong, pushes := 0, 0
	for _, pl := range c.Placements {
		if !pl.Right {
			wrong++
		}
		if pl.Push != "" {
			pushes++
		}
	}
	if wrong != 1 || pushes < 3 {
		t.Errorf("%d wrong cards and %d pushes; the demo shows 1 wrong card and several pushes", wrong, pushes)
	}
	rulestest.RoundTrip(t, ModeContinental, g)
}

func TestGoldenContinentalBadInput(t *testing.T) {
	g := rulestest.Golden(t, "testdata/continental-bad-input.jsonl")
	checkFinal(t, g, []int{2, 3}, []int{2})
}

func TestGoldenCartographerTieBreak(t *testing.T) {
	g := rulestest.Golden(t, "testdata/cartographer-tiebreak.jsonl")
	checkFinal(t, g, []int{1, 3, 3}, []int{2})
	s := g.Scores()
	if len(s[1].TieBreak) != 1 || len(s[2].TieBreak) != 1 || s[1].TieBreak[0] <= s[2].TieBreak[0] {
		t.Errorf("Erica's tie-break %v must beat Jane's %v", s[1].TieBreak, s[2].TieBreak)
	}
	rulestest.RoundTrip(t, ModeCartographer, g)
}

// checkFinal checks a replayed game is over with these totals and winners.
func checkFinal(t *testing.T, g rules.Game, totals, winners []int) {
	t.Helper()
	if !g.Finished() {
		t.Fatal("the game is not finished")
	}
	for i, s := range g.Scores() {
		if i >= len(totals) || s.Total != totals[i] {
			t.Errorf("%s: %d points, want %v", s.Name, s.Total, totals)
		}
	}
	w := g.Winners()
	if len(w) != len(winners) {
		t.Fatalf("winners %v, want %v", w, winners)
	}
	for i := range w {
		if w[i] != winners[i] {
			t.Errorf("winners %v, want %v", w, winners)
		}
	}
}

// The same game on a boxed game's cards with tableref's deck: circles in
// words, and a tie the referee cannot break without the cards' numbers.
func TestGoldenCartographerOnABox(t *testing.T) {
	g := rulestest.Golden(t, "testdata/cartographer-box.jsonl")
	checkFinal(t, g, []int{1, 3, 3}, nil) // undecided: the tie-break is on the cards
	for _, s := range g.Scores() {
		if len(s.TieBreak) != 0 {
			t.Errorf("%s has tie-break value %v: it would come from numbers the cards do not print", s.Name, s.TieBreak)
		}
	}
}
