package strangeworld

import "testing"

// A Traveller beside a world's top row reaches above the world by a row:
// the message names it as the row above the world, never "rows 0-1" (a row
// number players cannot find).
func TestRowHintNamesRowsBeyondTheWorld(t *testing.T) {
	w := &World{}
	for r := 2; r < 6; r++ {
		w.Cards = append(w.Cards, &Placed{Row: r, Col: 0})
	}
	g := &Game{}
	for top, want := range map[int]string{
		1: "the row above the world and row 1",
		2: "rows 1-2 from the top",
		4: "rows 3-4 from the top",
		5: "rows 4-5 from the top", // the world may still grow down
	} {
		if got := g.rowHint(w, top); got != want {
			t.Errorf("rowHint(top %d) = %q, want %q", top, got, want)
		}
	}
}
