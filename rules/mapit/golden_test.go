package mapit

import (
	"slices"
	"testing"

	"github.com/tableref/tableref/rules/rulestest"
)

// A whole game with the World deck: MI-1…MI-5 in play, challenges right
// and wrong, inserts, a card off the cross, a refused self-challenge, the
// last card challenged, and the guesses of three rounds.
func TestGoldenWorldThreeRounds(t *testing.T) {
	g := rulestest.Golden(t, "testdata/world-three-rounds.jsonl")
	if !g.Finished() || !slices.Equal(g.Winners(), []int{1}) {
		t.Fatalf("finished %v, winners %v", g.Finished(), g.Winners())
	}
	var tokens []int
	for _, s := range g.Scores() {
		tokens = append(tokens, s.Total)
	}
	if !slices.Equal(tokens, []int{9, 6, 5}) {
		t.Errorf("tokens %v, want Ana 9, Ben 6, Caro 5", tokens)
	}
	rulestest.RoundTrip(t, ModeID, g)
}
