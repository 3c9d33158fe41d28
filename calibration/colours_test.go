package calibration

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

func cubeSamples() []Sample {
	return []Sample{
		{rules.Red, Lab{45, 62, 45}, 2}, {rules.Red, Lab{48, 58, 41}, 2},
		{rules.Blue, Lab{35, 15, -55}, 2},
		{rules.Black, Lab{18, 0, -1}, 1.5},
		{rules.Green, Lab{50, -45, 35}, 2},
		{rules.Grey, Lab{58, 0, 1}, 1.5},
	}
}

func TestBuildProfilesAndClassify(t *testing.T) {
	ps := BuildProfiles(cubeSamples())
	if len(ps) != 5 {
		t.Fatalf("%d profiles, want 5", len(ps))
	}
	order := []rules.Colour{rules.Red, rules.Blue, rules.Black, rules.Green, rules.Grey}
	for i, p := range ps {
		if p.Colour != order[i] {
			t.Errorf("profile %d is %s, want %s (fixed order)", i, p.Colour, order[i])
		}
		if p.Spread <= 0 {
			t.Errorf("%s: spread %v", p.Colour, p.Spread)
		}
	}
	if ps[0].Samples != 2 || math.Abs(ps[0].Lab[0]-46.5) > 1e-9 {
		t.Errorf("red: %+v, want the mean of its two samples", ps[0])
	}
	for _, tc := range []struct {
		lab  Lab
		want rules.Colour
		ok   bool
	}{
		{Lab{44, 60, 44}, rules.Red, true},
		{Lab{30, 12, -50}, rules.Blue, true},
		{Lab{25, 1, 0}, rules.Black, true},     // lighter black, under a lamp
		{Lab{60, -40, 30}, rules.Green, true},  // lighter green
		{Lab{70, 40, 70}, rules.Red, false},    // orange: nobody's colour
		{Lab{95, 0, 0}, rules.Grey, false},     // white paper: not a cube
		{Lab{50, -5, -30}, rules.Blue, false},  // a pale teal
		{Lab{38, 0, 0}, rules.Black, false},    // between black and grey: unknown, not a guess
		{Lab{58, 30, 20}, rules.Red, false},    // pinkish grey
		{Lab{80, -70, 60}, rules.Green, false}, // far too bright a green
	} {
		got, _, ok := Classify(ps, tc.lab)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("Classify(%v) = %s %v, want %s %v", tc.lab, got, ok, tc.want, tc.ok)
		}
	}
}

// TestSpreadsNeverOverlap: two close colours get spreads that leave a gap
// between them, so a sample half way is unknown.
func TestSpreadsNeverOverlap(t *testing.T) {
	ps := BuildProfiles([]Sample{{rules.Black, Lab{20, 0, 0}, 4}, {rules.Grey, Lab{44, 0, 0}, 4}})
	d := ps[0].Lab.Dist(ps[1].Lab)
	if ps[0].Spread+ps[1].Spread >= d {
		t.Errorf("spreads %v + %v reach across the distance %v", ps[0].Spread, ps[1].Spread, d)
	}
	if _, _, ok := Classify(ps, Lab{32, 0, 0}); ok {
		t.Error("half way between black and grey was classified")
	}
}

func TestLabDistWeighsLightnessHalf(t *testing.T) {
	if d := (Lab{50, 0, 0}).Dist(Lab{70, 0, 0}); d != 10 {
		t.Errorf("ΔL 20 → %v, want 10", d)
	}
	if d := (Lab{50, 0, 0}).Dist(Lab{50, 3, 4}); d != 5 {
		t.Errorf("Δab 5 → %v", d)
	}
}

func TestColourOrder(t *testing.T) {
	mat := ColourOrder(DefaultShakerLayout())
	want := map[rules.Pos]rules.Colour{{Row: 0, Col: 0}: rules.Red, {Row: 0, Col: 1}: rules.Blue, {Row: 0, Col: 2}: rules.Black,
		{Row: 1, Col: 0}: rules.Green, {Row: 1, Col: 1}: rules.Grey, {Row: 1, Col: 2}: rules.White}
	if len(mat) != len(want) {
		t.Fatalf("shaker order %v", mat)
	}
	for p, c := range want {
		if mat[p] != c {
			t.Errorf("shaker %v: %s, want %s", p, mat[p], c)
		}
	}
	board := ColourOrder(DefaultBoardLayout())
	if len(board) != 5 || board[rules.Pos{Row: 0, Col: 4}] != rules.Grey || board[rules.Pos{Row: 0, Col: 0}] != rules.Red {
		t.Errorf("board order %v", board)
	}
}

func TestLayoutCells(t *testing.T) {
	l := DefaultBoardLayout()
	// Inside the 15 mm asphalt edge, 30 mm squares.
	if c := l.Cell(1, 2); c[0] != (geom.Pt{X: 75, Y: 45}) || c[2] != (geom.Pt{X: 105, Y: 75}) {
		t.Errorf("cell (1,2) = %v", c)
	}
	// Codes seen in an image twice as big as the layout's mm, shifted.
	var codes geom.Quad
	for i, m := range l.Markers {
		codes[i] = geom.Pt{X: 2*m[0] + 100, Y: 2*m[1] + 50}
	}
	h, ok := l.ToLayout(codes)
	if !ok {
		t.Fatal("no homography")
	}
	if p := h.Apply(geom.Pt{X: 130, Y: 80}); p.Dist(geom.Pt{X: 15, Y: 15}) > 1e-6 {
		t.Errorf("image (130,80) → %v, want the grid's corner", p)
	}
}

func TestZones(t *testing.T) {
	z := &Zones{
		Players:  []PlayerMarker{{Player: 1, At: [2]float64{-400, 0}}, {Player: 2, At: [2]float64{400, 0}}},
		Polygons: []Polygon{{Zone: "offer", Points: [][2]float64{{-50, -50}, {50, -50}, {50, 50}, {-50, 50}}}},
		Grids:    []Grid{{Zone: "board", Corners: [4][2]float64{{0, 0}, {90, 0}, {90, 90}, {0, 90}}, Rows: 3, Cols: 3}},
	}
	m := z.MarkerPositions(map[int]geom.Pt{2: {X: 0, Y: 300}, 3: {X: 0, Y: -300}})
	if len(m) != 3 || m[2] != (geom.Pt{X: 0, Y: 300}) || m[1] != (geom.Pt{X: -400, Y: 0}) {
		t.Errorf("merged markers %v", m)
	}
	if p, _ := Nearest(m, geom.Pt{X: 10, Y: 250}); p != 2 {
		t.Errorf("nearest to (10,250): P%d", p)
	}
	if p, _ := Nearest(map[int]geom.Pt{3: {X: 0, Y: 10}, 1: {X: 0, Y: -10}}, geom.Pt{}); p != 1 {
		t.Errorf("a tie goes to the lower player, got P%d", p)
	}
	if p, _ := Nearest(nil, geom.Pt{}); p != 0 {
		t.Error("no markers: want 0")
	}
	if z.PolygonZone(geom.Pt{X: 10, Y: 10}) != "offer" || z.PolygonZone(geom.Pt{X: 100, Y: 10}) != "" {
		t.Error("polygon membership")
	}
	g := z.Grid("board")
	if r, c, ok := g.Cell(geom.Pt{X: 45, Y: 70}); !ok || int(r) != 2 || int(c) != 1 {
		t.Errorf("board cell of (45,70) = %v,%v %v", r, c, ok)
	}
	if _, _, ok := g.Cell(geom.Pt{X: 95, Y: 10}); ok {
		t.Error("(95,10) is off the board")
	}
	if q := g.CellQuad(1, 1); q[0].Dist(geom.Pt{X: 30, Y: 30}) > 1e-9 {
		t.Errorf("cell quad %v", q)
	}
	z.SetPlayers(map[int]geom.Pt{2: {X: 1.234, Y: 5}, 1: {X: 0, Y: 0}})
	if len(z.Players) != 2 || z.Players[0].Player != 1 || z.Players[1].At != [2]float64{1.2, 5} {
		t.Errorf("SetPlayers: %+v", z.Players)
	}
}

// TestCheckProfilesRefusesConfusion: profiles whose own samples would be
// read as another colour (or as none) are refused, naming the colours;
// well-separated samples pass.
func TestCheckProfilesRefusesConfusion(t *testing.T) {
	good := []Sample{
		{Colour: rules.Red, Lab: Lab{45, 60, 35}, Spread: 2}, {Colour: rules.Red, Lab: Lab{47, 62, 33}, Spread: 2},
		{Colour: rules.Blue, Lab: Lab{40, 25, -60}, Spread: 2}, {Colour: rules.Blue, Lab: Lab{41, 24, -62}, Spread: 2},
	}
	if err := CheckProfiles(BuildProfiles(good), good); err != nil {
		t.Errorf("separate colours refused: %v", err)
	}
	// Under a lamp blue drifted towards black across the table: one blue
	// sample lies nearer black's.
	bad := append(append([]Sample(nil), good...),
		Sample{Colour: rules.Black, Lab: Lab{16, 3, -8}, Spread: 2}, Sample{Colour: rules.Black, Lab: Lab{17, 2, -6}, Spread: 2},
		Sample{Colour: rules.Blue, Lab: Lab{20, 8, -16}, Spread: 2})
	err := CheckProfiles(BuildProfiles(bad), bad)
	if !errors.Is(err, ErrConfused) || !strings.Contains(err.Error(), "blue") {
		t.Errorf("confused blue and black: %v", err)
	}
}

// TestSiteLookMatch: a site is matched by pixels showing its colours in
// about their shares, never by a one-colour tile of one of them, nor by a
// colour it does not show.
func TestSiteLookMatch(t *testing.T) {
	site := SiteLook{Palette: []Lab{{75, 5, 35}, {45, 50, 25}, {55, -35, 22}}, Weights: []float64{0.4, 0.3, 0.3}}
	px := func(parts ...struct {
		c Lab
		n int
	}) []Lab {
		var out []Lab
		for _, p := range parts {
			for i := 0; i < p.n; i++ {
				out = append(out, p.c)
			}
		}
		return out
	}
	type part = struct {
		c Lab
		n int
	}
	if m := site.Match(px(part{Lab{76, 6, 33}, 35}, part{Lab{46, 48, 26}, 35}, part{Lab{54, -33, 22}, 30})); m > 1 {
		t.Errorf("the site itself, moved a little: match %.2f", m)
	}
	if m := site.Match(px(part{Lab{45, 50, 25}, 100})); m <= 1 {
		t.Errorf("a red tile: match %.2f", m)
	}
	if m := site.Match(px(part{Lab{40, 25, -60}, 100})); m <= 1 {
		t.Errorf("a blue tile: match %.2f", m)
	}
}
