package scanner

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

var poker = geom.Pt{X: 63.5, Y: 88.9}

func card(n int) rules.CardRef { return rules.CardRef{ID: rules.CardID{Deck: "SA", Num: n}} }

// layoutCards lays cards on a grid: cells in zone units, with a gap, the
// zone turned by angle about origin, each card jittered by up to jitter mm
// and jitterDeg degrees.
func layoutCards(rng *rand.Rand, cells []rules.Pos, origin geom.Pt, angle, gap, jitter, jitterDeg float64) []*placed {
	pitch := geom.Pt{X: poker.X + gap, Y: poker.Y + gap}
	toTable := geom.Translate(origin.X, origin.Y).Mul(geom.Rotate(angle))
	var out []*placed
	for i, p := range cells {
		local := geom.Pt{X: float64(p.Col)*pitch.X + (rng.Float64()*2-1)*jitter, Y: float64(p.Row)*pitch.Y + (rng.Float64()*2-1)*jitter}
		out = append(out, &placed{ref: card(i + 1), at: toTable.Apply(local), angle: angle + (rng.Float64()*2-1)*jitterDeg, size: poker})
	}
	return out
}

func cellsOf(cs []cell) map[rules.CardRef]rules.Pos {
	out := map[rules.CardRef]rules.Pos{}
	for _, c := range cs {
		out[c.p.ref] = c.pos
	}
	return out
}

// TestFitGridLayouts: maps with holes, touching or with gaps up to 4 mm,
// turned zones (a player across the table) and hand-laid jitter all come
// back to their cells, numbered from the north-west occupied cell.
func TestFitGridLayouts(t *testing.T) {
	shape := []rules.Pos{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 1, Col: 4}, {Row: 2, Col: 1}, {Row: 3, Col: 1}, {Row: 3, Col: 2}, {Row: 3, Col: 3}}
	for _, tc := range []struct {
		name                          string
		angle, gap, jitter, jitterDeg float64
	}{
		{"touching", 0, 0, 0, 0},
		{"gaps", 3, 4, 2, 2},
		{"hand laid", -4, 2, 4, 4},
		{"far side", 180, 1.5, 3, 3},
		{"left side", 90, 1, 3, 3},
		{"slanted", 33, 2, 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			cards := layoutCards(rng, shape, geom.Pt{X: 120, Y: -80}, tc.angle, tc.gap, tc.jitter, tc.jitterDeg)
			g, cs, probs := fitGrid("map", cards, nil)
			if len(probs) > 0 {
				t.Fatalf("problems: %v", probs)
			}
			got := cellsOf(cs)
			for i, want := range shape {
				if got[card(i+1)] != want {
					t.Errorf("card %d at %v, want %v", i+1, got[card(i+1)], want)
				}
			}
			if d := math.Abs(calibration.AngleDiff(g.Angle, tc.angle)); d > 2 {
				t.Errorf("zone north %.1f°, want %.1f°", g.Angle, tc.angle)
			}
			if math.Abs(g.Pitch.X-poker.X-tc.gap) > 1.5 || math.Abs(g.Pitch.Y-poker.Y-tc.gap) > 1.5 {
				t.Errorf("pitch %v, want cards + %v mm", g.Pitch, tc.gap)
			}
		})
	}
}

// TestFitGridConflicts: a card half way between two cells and two cards
// in one cell are reported and left out, never guessed; a card laid
// sideways is reported.
func TestFitGridConflicts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	shape := []rules.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}
	cards := layoutCards(rng, shape, geom.Pt{}, 0, 1, 1, 1)
	between := &placed{ref: card(20), at: geom.Pt{X: 1.5 * (poker.X + 1), Y: 2 * (poker.Y + 1)}, size: poker}
	twin := &placed{ref: card(21), at: cards[4].at.Add(geom.Pt{X: 6, Y: -5}), size: poker}
	sideways := &placed{ref: card(22), at: geom.Pt{X: 3 * (poker.X + 1), Y: 0}, angle: 90, size: poker}
	_, cs, probs := fitGrid("p2", append(cards, between, twin, sideways), nil)
	kinds := map[ProblemKind][]rules.CardRef{}
	for _, p := range probs {
		kinds[p.Kind] = append(kinds[p.Kind], p.Cards...)
		if p.Zone != "p2" || p.Text == "" {
			t.Errorf("problem %+v", p)
		}
	}
	if len(kinds[ProblemBetween]) != 1 || kinds[ProblemBetween][0] != card(20) {
		t.Errorf("between cells: %v", kinds[ProblemBetween])
	}
	if len(kinds[ProblemSameCell]) != 2 {
		t.Errorf("same cell: %v", kinds[ProblemSameCell])
	}
	if len(kinds[ProblemTurned]) != 1 || kinds[ProblemTurned][0] != card(22) {
		t.Errorf("turned: %v", kinds[ProblemTurned])
	}
	got := cellsOf(cs)
	if len(got) != 5 {
		t.Errorf("%d cards kept, want 5 (card 5 and its twin left out): %v", len(got), got)
	}
	if _, ok := got[card(5)]; ok {
		t.Error("card 5 shares its cell and was kept")
	}
}

// TestFitGridItems: a Dark City on the junction of two cells and a
// Traveller beside two rows, outside the world, come back as half cells.
func TestFitGridItems(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	shape := []rules.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 2, Col: 0}, {Row: 2, Col: 1}}
	cards := layoutCards(rng, shape, geom.Pt{X: 10, Y: 10}, 8, 1, 2, 2)
	g0, _, _ := fitGrid("p1", cards, nil)
	city := &placed{ref: card(31), at: g0.At(1, 0.5).Add(geom.Pt{X: 3, Y: -4}), angle: 8, size: poker, item: true}
	trav := &placed{ref: card(41), at: g0.At(1.5, -1).Add(geom.Pt{X: -5, Y: 2}), angle: 8, size: poker, item: true}
	_, cs, probs := fitGrid("p1", append(cards, city, trav), nil)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	for _, c := range cs {
		switch c.p.ref {
		case card(31):
			if !c.item || c.row != 1 || c.col != 0.5 {
				t.Errorf("dark city at %v,%v item=%v", c.row, c.col, c.item)
			}
		case card(41):
			if !c.item || c.row != 1.5 || c.col != -1 {
				t.Errorf("traveller at %v,%v item=%v", c.row, c.col, c.item)
			}
		}
	}
}

// TestFitGridPriorKeepsNumbers: with the last snapshot's grid, a push
// that moves a row one cell east keeps every other card's cell, even when
// the new card lies west of column 0.
func TestFitGridPriorKeepsNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	before := []rules.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}}
	cards := layoutCards(rng, before, geom.Pt{}, 2, 1.5, 2, 2)
	g, _, _ := fitGrid("map", cards, nil)
	// Push row 0 east; the new card takes (0,0); another goes at (1,-1).
	after := []rules.Pos{{Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 0, Col: 0}, {Row: 1, Col: -1}}
	moved := layoutCards(rng, after, geom.Pt{}, 2, 1.5, 2, 2)
	// Nudge the whole lattice 6 mm: still the same cells.
	for _, c := range moved {
		c.at = c.at.Add(geom.Pt{X: 6, Y: 4})
	}
	_, cs, probs := fitGrid("map", moved, &g)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	got := cellsOf(cs)
	for i, want := range after {
		if got[card(i+1)] != want {
			t.Errorf("card %d at %v, want %v", i+1, got[card(i+1)], want)
		}
	}
}
