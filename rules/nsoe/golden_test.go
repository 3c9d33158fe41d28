package nsoe

import (
	"slices"
	"testing"

	"github.com/tableref/tableref/rules/rulestest"
)

// Three players with the Europe deck: tolerance edges (|Δ| = 2 passes,
// 3 fails), equal latitude in different rows (strict), a card off the
// board, a swap, and the last card starting the final round.
func TestGoldenEuropeThreePlayers(t *testing.T) {
	g := rulestest.Golden(t, "testdata/europe-three-players.jsonl")
	if !g.Finished() || !slices.Equal(g.Winners(), []int{1}) {
		t.Fatalf("finished %v, winners %v", g.Finished(), g.Winners())
	}
	rulestest.RoundTrip(t, ModeID, g)
}

// A 10-card deck on a 7×7 board with strict=false: equal latitude passes,
// and the piles run out, so the fewest cards win.
func TestGoldenSmallDeckPilesRunOut(t *testing.T) {
	g := rulestest.Golden(t, "testdata/small-deck-piles-run-out.jsonl")
	if !g.Finished() || !slices.Equal(g.Winners(), []int{2}) {
		t.Fatalf("finished %v, winners %v", g.Finished(), g.Winners())
	}
}
