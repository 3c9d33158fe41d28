package strangeworld

import (
	"testing"

	"github.com/tableref/tableref/rules/rulestest"
)

// The golden replays are whole games played by hand; their scores were
// worked out on paper (docs/strange-world.md shows the solo world).
func TestGoldenSolo(t *testing.T) {
	g := rulestest.Golden(t, "testdata/solo.jsonl")
	if !g.Finished() {
		t.Fatal("the solo game should be over")
	}
	s := g.Scores()[0]
	want := map[string]int{CatMountains: 5, CatWater: 5, CatAnimals: 10, CatSwamps: 6, CatCities: 9, CatMoons: 16, CatTravellers: 11}
	for cat, v := range want {
		if got := part(t, s.Parts, cat); got != v {
			t.Errorf("%s %d, want %d", cat, got, v)
		}
	}
	if s.Total != 62 || RankSolo(s.Total).Rank != 2 {
		t.Errorf("total %d, want 62 (kicked out of the skies)", s.Total)
	}
	rulestest.RoundTrip(t, ModeSolo, g)
}

func TestGoldenTwoPlayers(t *testing.T) {
	g := rulestest.Golden(t, "testdata/duo.jsonl")
	if !g.Finished() {
		t.Fatal("the game should be over")
	}
	sc := g.Scores()
	if sc[0].Total != 48 || sc[1].Total != 51 {
		t.Errorf("totals %d and %d, want Ana 48, Ben 51", sc[0].Total, sc[1].Total)
	}
	if w := g.Winners(); len(w) != 1 || w[0] != 2 {
		t.Errorf("winners %v, want Ben", w)
	}
	rulestest.RoundTrip(t, ModeMulti, g)
}
