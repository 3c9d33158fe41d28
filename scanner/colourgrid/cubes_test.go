package colourgrid

import (
	"context"
	"slices"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// render renders a generated photo and finds its mats.
func render(t testing.TB, g scenes.Game, cal *calibration.File) (gocv.Mat, []Mat) {
	t.Helper()
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qr.NewReader(qr.Options{}).Read(context.Background(), frame)
	if err != nil {
		frame.Close()
		t.Fatal(err)
	}
	mats, part := Find(res.Codes, cal)
	if len(part) > 0 {
		t.Logf("partial: %v", part)
	}
	return frame, mats
}

func shakerOf(t *testing.T, mats []Mat) Mat {
	t.Helper()
	for _, m := range mats {
		if m.IsShaker() {
			return m
		}
	}
	t.Fatal("no shaker mat in view")
	return Mat{}
}

// readShakeOf renders a shake and reads its shaker mat uncalibrated.
func readShakeOf(t *testing.T, g scenes.Game) Reading {
	t.Helper()
	frame, mats := render(t, g, &calibration.File{})
	defer frame.Close()
	r, err := readShaker(frame, shakerOf(t, mats), Reference{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCubesFoundAnywhereInTheirCells: every cube of a shake is found in
// its cell, under the three lights, landing up to the edge of its cell:
// a white wild cube on the white mat too.
func TestCubesFoundAnywhereInTheirCells(t *testing.T) {
	for _, l := range scenes.Lights() {
		for seed := uint64(1); seed <= 3; seed++ {
			o := l.Options
			o.Seed = seed
			tab := scenes.NewCityTable(o, scenes.City{Players: 1, WildCubes: 3, CubeOffset: 7})
			g, err := tab.Shake(seed + 10)
			if err != nil {
				t.Fatal(err)
			}
			r := readShakeOf(t, g)
			want := g.Visible.Zone(calibration.ZoneShaker)
			for _, c := range r.Cells {
				w := want.At(c.Pos).Colour
				if c.Found == (geom.Quad{}) || c.Between {
					t.Errorf("%s seed %d: %s cube in %v not found (between %v)", l.Name, seed, w, c.Pos, c.Between)
				}
			}
		}
	}
}

var _ = rules.Red

// TestWhiteCubeCalibrates: on the white shaker mat the white wild cube is
// found by its outline and shadow, so `calibrate colours` takes a white
// sample under every light, and the white profile reads it back.
func TestWhiteCubeCalibrates(t *testing.T) {
	for _, l := range scenes.Lights() {
		o := l.Options
		o.Seed = 21
		tab := scenes.NewCityTable(o, scenes.City{Players: 1, WildCubes: 1, CubeOffset: 7})
		g, err := tab.Colours(scenes.ColourLayout{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		frame, mats := render(t, g, &calibration.File{})
		s, err := ColourSamples(frame, []Mat{shakerOf(t, mats)})
		frame.Close()
		if err != nil {
			t.Fatal(err)
		}
		got := map[rules.Colour]bool{}
		for _, c := range s.Cubes {
			got[c.Colour] = true
			if c.Colour == rules.White && c.Lab[0] < 85 {
				t.Errorf("%s: white sample %v is not white", l.Name, c.Lab)
			}
		}
		if len(s.Cubes) != 6 || !got[rules.White] {
			t.Errorf("%s: %d cube samples %v, want all six colours; notes %v", l.Name, len(s.Cubes), got, s.Notes)
		}
	}
}

// TestLearnDrop: `calibrate shaker` finds where a shaker dropping its
// cubes 42 mm apart, up to 3 mm off the mat's middle, lands them, within a
// millimetre; with the grid learnt, a shake whose outer cubes straddle the
// printed 30 mm cells is read whole.
func TestLearnDrop(t *testing.T) {
	for _, l := range scenes.Lights() {
		o := l.Options
		o.Seed = 31
		city := scenes.City{Players: 1, DropPitch: 42, DropShift: 3, CubeOffset: 1}
		tab := scenes.NewCityTable(o, city)
		g, err := tab.Shake(32)
		if err != nil {
			t.Fatal(err)
		}
		frame, mats := render(t, g, &calibration.File{})
		m := shakerOf(t, mats)
		d, err := LearnDrop(frame, m)
		frame.Close()
		if err != nil || d.Kept {
			t.Fatalf("%s: %v (kept %v)", l.Name, err, d.Kept)
		}
		drops := tab.DropPoints()
		mid := drops[1][1]
		gr := d.Layout.Grid
		if got := (geom.Pt{X: (gr[0] + gr[2]) / 2, Y: (gr[1] + gr[3]) / 2}); got.Dist(mid) > 1.5 {
			t.Errorf("%s: grid middle %v, the shaker drops round %v", l.Name, got, mid)
		}
		if p := d.Layout.CellSize(); p.X < 40.5 || p.X > 43.5 || p.Y < 40.5 || p.Y > 43.5 {
			t.Errorf("%s: pitch %v, want 42", l.Name, p)
		}
		// Another shake of that shaker, read with the printed cells and
		// with the learnt ones.
		g2, err := tab.Shake(33)
		if err != nil {
			t.Fatal(err)
		}
		frame, mats = render(t, g2, &calibration.File{})
		m = shakerOf(t, mats)
		printed, err := readShaker(frame, m, Reference{})
		if err != nil {
			t.Fatal(err)
		}
		m.Layout = d.Layout
		learnt, err := readShaker(frame, m, Reference{})
		frame.Close()
		if err != nil {
			t.Fatal(err)
		}
		between := func(r Reading) int {
			n := 0
			for _, c := range r.Cells {
				if c.Between || c.Found == (geom.Quad{}) {
					n++
				}
			}
			return n
		}
		if between(printed) == 0 {
			t.Errorf("%s: the printed cells read a 42 mm shake whole: the test shows nothing", l.Name)
		}
		if n := between(learnt); n != 0 {
			t.Errorf("%s: %d cells not read on the learnt grid", l.Name, n)
		}
	}
}

// TestDropKeepsAMatchingMat: shakes of a shaker that lands its cubes on
// the printed 30 mm cells, however they scatter within them, keep the
// printed grid.
func TestDropKeepsAMatchingMat(t *testing.T) {
	o := scenes.Lights()[0].Options
	o.Seed = 61
	tab := scenes.NewCityTable(o, scenes.City{Players: 1, CubeOffset: 7})
	var shakes []Shake
	var layout calibration.Layout
	for i := 0; i < 3; i++ {
		g, err := tab.Shake(uint64(62 + i))
		if err != nil {
			t.Fatal(err)
		}
		frame, mats := render(t, g, &calibration.File{})
		m := shakerOf(t, mats)
		s, err := FindShake(frame, m)
		frame.Close()
		if err != nil {
			t.Fatal(err)
		}
		shakes, layout = append(shakes, s), m.Layout
	}
	d, err := FitDrop(layout, shakes)
	if err != nil || !d.Kept || d.Layout.Grid != calibration.DefaultShakerLayout().Grid {
		t.Errorf("%+v %v", d, err)
	}
}

// TestShadowAloneInACellIsUnsure: a patch taken for a lamp's shadow, lying
// in a cell where no cube was found, makes that cell unknown when its
// colour is a calibrated cube's (a grey cube and a shadow look alike: the
// cell is not known to be empty), and leaves it empty when it is no cube's
// colour (the paper in a shadow) or when a cube was found in the cell.
func TestShadowAloneInACellIsUnsure(t *testing.T) {
	m := Mat{Zone: calibration.ZoneShaker, Layout: calibration.DefaultShakerLayout()}
	grey := calibration.Lab{57, 2, -5}
	ref := Reference{Profiles: []calibration.Profile{
		{Colour: rules.Colour("Y"), Lab: grey, Spread: 10},
		{Colour: rules.Colour("R"), Lab: calibration.Lab{43, 60, 40}, Spread: 10},
	}}
	mid := func(r, c int) geom.Pt { return m.Layout.Cell(r, c).Centre() }
	cells := make([]Cell, 9)
	count := make([]int, 9)
	count[4] = 1 // a cube was found in the middle cell
	shadows := []cubeFound{
		{centre: mid(0, 1), lab: grey, shadowLike: true},                       // grey-looking, alone: unsure
		{centre: mid(1, 1), lab: grey, shadowLike: true},                       // beside the middle cell's cube
		{centre: mid(2, 2), lab: calibration.Lab{80, 1, -2}, shadowLike: true}, // the paper in a shadow
		{centre: geom.Pt{X: -40, Y: -40}, lab: grey, shadowLike: true},         // off the grid
	}
	unsureOfShadows(cells, count, m, shadows, ref)
	for i, c := range cells {
		want := i == 1
		if c.Unknown != want || c.ShadowLike != want || c.Colour != "" {
			t.Errorf("cell %d: unknown %v colour %q, want unknown %v", i, c.Unknown, c.Colour, want)
		}
	}
	if cells[1].Nearest != "Y" {
		t.Errorf("cell 1 nearest %q, want Y", cells[1].Nearest)
	}
}

// TestLampWitnessed: the coloured cubes with nothing beside them bear
// out a lamp's direction only where there is a lamp. Under the lamp on
// the table's west side, the paper east of them (where its shadows
// fall) is darker than west of them, on every shake, and no witness
// says otherwise; under neutral light and under the warm cast, whatever
// direction is asked, the witnesses deny a lamp (so two grey cubes
// beside coloured ones are not taken for its shadows).
func TestLampWitnessed(t *testing.T) {
	for _, l := range scenes.Lights() {
		lamp := l.Options.Lighting.Lamp != nil
		yesEast := 0
		for seed := uint64(1); seed <= 4; seed++ {
			o := l.Options
			o.Seed = seed
			tab := scenes.NewCityTable(o, scenes.City{Players: 1, WildCubes: 1, CubeOffset: 7})
			g, err := tab.Shake(seed + 10)
			if err != nil {
				t.Fatal(err)
			}
			frame, mats := render(t, g, &calibration.File{})
			m := shakerOf(t, mats)
			side := m.Layout.CubeSide()
			gr := m.Layout.Grid
			margin := 0.6 * side
			cm, err := m.cubeMap(frame, [4]float64{gr[0] - margin, gr[1] - margin, gr[2] + margin, gr[3] + margin})
			frame.Close()
			if err != nil {
				t.Fatal(err)
			}
			var cubes []cubeFound
			for _, f := range cm.findOnce(side, [4]float64{gr[0] - 0.3*side, gr[1] - 0.3*side, gr[2] + 0.3*side, gr[3] + 0.3*side}, m.cornerTiles(), minShadowDiff) {
				if !f.shadowLike {
					cubes = append(cubes, f)
				}
			}
			none := make([]bool, len(cubes))
			if lamp {
				yes, no := cm.lampVotes(cubes, none, geom.Pt{X: 1}, side)
				if no != 0 {
					t.Errorf("%s seed %d: east, %d witnesses for a lamp, %d against", l.Name, seed, yes, no)
				}
				yesEast += yes
				continue
			}
			for _, d := range []geom.Pt{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}} {
				yes, no := cm.lampVotes(cubes, none, d, side)
				if yes+no == 0 || cm.lampWitnessed(cubes, none, d, side) {
					t.Errorf("%s seed %d: towards %v, %d witnesses for a lamp, %d against: want a lamp denied", l.Name, seed, d, yes, no)
				}
			}
		}
		if lamp && yesEast == 0 {
			t.Errorf("%s: no witness for the lamp's shadows east", l.Name)
		}
	}
}

// TestShakerStepKeepsTheEmptyLook: `calibrate shaker` after `calibrate
// board` keeps the mat's captured empty look ("empty look captured" in
// `calibrate show`), whether it keeps the printed cells or moves them
// (issue 29: it used to leave "layout only").
func TestShakerStepKeepsTheEmptyLook(t *testing.T) {
	for _, pitch := range []float64{0, 42} {
		o := scenes.Lights()[0].Options
		o.Seed = 71
		tab := scenes.NewCityTable(o, scenes.City{Players: 1, DropPitch: pitch, CubeOffset: 1})
		cal := &calibration.File{}
		empty, err := tab.Empty()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CalibrateBoards(cal, photoOf(t, empty), nil); err != nil {
			t.Fatal(err)
		}
		var shaker string
		for _, b := range cal.Boards {
			if b.Layout.Rows == 3 && b.Captured() {
				shaker = b.Zone
			}
		}
		if shaker == "" {
			t.Fatalf("no captured shaker mat in %+v", cal.Boards)
		}
		var photos []Photo
		for i := 0; i < 3; i++ {
			g, err := tab.Shake(uint64(72 + i))
			if err != nil {
				t.Fatal(err)
			}
			photos = append(photos, photoOf(t, g))
		}
		if _, err := CalibrateShaker(cal, photos); err != nil {
			t.Fatalf("drop pitch %v: %v", pitch, err)
		}
		if !cal.Board(shaker).Captured() {
			t.Errorf("drop pitch %v: the shaker step erased the mat's captured empty look", pitch)
		}
	}
}

// TestStrayCubeKeepsItsNeighbour: a shake with one cube across a cell
// line (issue 29: it said "7 cubes, not 9"). The cube lying whole in the
// cell the stray one reaches into is still read there; the stray one is
// reported across the line, in the two cells it touches, not counted.
func TestStrayCubeKeepsItsNeighbour(t *testing.T) {
	from, into := rules.Pos{Row: 1, Col: 0}, rules.Pos{Row: 1, Col: 1}
	for _, l := range scenes.Lights() {
		o := l.Options
		o.Seed = 41
		tab := scenes.NewCityTable(o, scenes.City{Players: 1})
		g, err := tab.ShakeAcross(42, from, into)
		if err != nil {
			t.Fatal(err)
		}
		r := readShakeOf(t, g)
		read := 0
		for _, c := range r.Cells {
			switch {
			case c.Pos == from:
				if c.Found != (geom.Quad{}) && !c.Between {
					t.Errorf("%s: the stray cube is read as %v's cube", l.Name, c.Pos)
				}
			case c.Between || c.Found == (geom.Quad{}):
				t.Errorf("%s: the cube lying in %v is not read (between %v)", l.Name, c.Pos, c.Between)
			default:
				read++
			}
		}
		if read != 8 {
			t.Errorf("%s: %d cubes read in their cells, want the 8 lying there", l.Name, read)
		}
		if len(r.Strays) != 1 {
			t.Errorf("%s: %d cubes across a line, want 1: %+v", l.Name, len(r.Strays), r.Strays)
		} else if s := r.Strays[0]; !slices.Contains(s.Cells, from) || !slices.Contains(s.Cells, into) {
			t.Errorf("%s: the stray cube touches %v, want %v and %v", l.Name, s.Cells, from, into)
		}
	}
}
