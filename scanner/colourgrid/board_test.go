package colourgrid

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// photoOf renders a generated photo and reads its codes.
func photoOf(t *testing.T, g scenes.Game) Photo {
	t.Helper()
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { frame.Close() })
	res, err := qr.NewReader(qr.Options{}).Read(context.Background(), frame)
	if err != nil {
		t.Fatal(err)
	}
	return Photo{Name: g.Name, Frame: frame, Codes: res.Codes}
}

// mustOf makes a helper that fails the test when a scene cannot be made.
func mustOf(t *testing.T) func(scenes.Game, error) scenes.Game {
	return func(g scenes.Game, err error) scenes.Game {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
}

// TestTilesSampledOnlyWhereTheyLie: the colour photo as the docs had it —
// one tile of each colour along the first row of board 1, the whole
// 4-player table in view — gives one sample per colour, not the mean of
// one tile and three empty printed squares (the first rows of the other
// boards hold no tile, and their squares are told empty by their
// captured look). Without the empty capture, sampling tiles is refused.
func TestTilesSampledOnlyWhereTheyLie(t *testing.T) {
	must := mustOf(t)
	for _, l := range scenes.Lights() {
		o := l.Options
		o.Seed = 41
		tab := scenes.NewCityTable(o, scenes.City{Players: 4})
		cal := &calibration.File{}
		colours := photoOf(t, must(tab.Colours(scenes.ColourLayout{Boards: []int{1}, Rows: 1}, 0)))
		if _, err := CalibrateColours(cal, []Photo{colours}, false); err == nil {
			t.Errorf("%s: tiles sampled without the boards' empty look", l.Name)
		}
		if _, err := CalibrateBoards(cal, photoOf(t, must(tab.Empty())), nil); err != nil {
			t.Fatal(err)
		}
		mats, _ := Find(colours.Codes, cal)
		s, err := ColourSamples(colours.Frame, mats)
		if err != nil {
			t.Fatal(err)
		}
		per := map[rules.Colour]int{}
		for _, smp := range s.Tiles {
			per[smp.Colour]++
		}
		for _, c := range TileColumns {
			if per[c] != 1 {
				t.Errorf("%s: %d %s tile samples, want 1 (%v)", l.Name, per[c], c, s.Notes)
			}
		}
		rep, err := CalibrateColours(cal, []Photo{colours}, false)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		for _, p := range rep.Tiles {
			if p.Samples != 1 {
				t.Errorf("%s: %s profile from %d samples", l.Name, p.Colour, p.Samples)
			}
		}
	}
}

// TestConstructionSquares: on a construction square the captured site
// reads as an empty square; a tile of a colour that was never calibrated
// reads unknown there, never as the site; and on a board whose sites were
// never captured, what is on a construction square and is no tile is
// unknown too.
func TestConstructionSquares(t *testing.T) {
	must := mustOf(t)
	o := scenes.Lights()[2].Options
	o.Seed = 51
	city := scenes.City{Players: 1, CubeOffset: 7}
	tab := scenes.NewCityTable(o, city)
	cal := &calibration.File{}
	if _, err := CalibrateBoards(cal, photoOf(t, must(tab.Empty())), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := CalibrateColours(cal, []Photo{photoOf(t, must(tab.Colours(scenes.ColourLayout{Boards: []int{1}, Rows: 3}, 0)))}, false); err != nil {
		t.Fatal(err)
	}
	sitesPhoto := photoOf(t, must(tab.SitesLaid()))
	read := func(p Photo, cal *calibration.File) Reading {
		t.Helper()
		mats, _ := Find(p.Codes, cal)
		for _, m := range mats {
			if m.Zone == calibration.BoardZone(1) {
				r, err := Read(p.Frame, m, Reference{Profiles: cal.Colours.Tiles, Sites: DefaultSites})
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
		}
		t.Fatal("no board 1")
		return Reading{}
	}
	// Sites never captured: unknown, and said.
	r := read(sitesPhoto, cal)
	for _, q := range DefaultSites {
		c := r.Cells[q.Row*6+q.Col]
		if !c.Unknown || c.Site {
			t.Errorf("uncaptured site at %v: %+v", q, c)
		}
	}
	if len(r.SitesNotCaptured) != 4 {
		t.Errorf("sites not captured: %v", r.SitesNotCaptured)
	}
	if _, err := CalibrateSites(cal, sitesPhoto, nil); err != nil {
		t.Fatal(err)
	}
	r = read(sitesPhoto, cal)
	for _, q := range DefaultSites {
		if c := r.Cells[q.Row*6+q.Col]; c.Unknown || !c.Site || c.Colour != "" {
			t.Errorf("captured site at %v: %+v", q, c)
		}
	}
	// A purple tile on site 2's square.
	g := must(tab.SitesLaid())
	q := g.Mats[calibration.BoardZone(1)].ApplyQuad(calibration.DefaultBoardLayout().Cell(2, 2))
	g.Scene.Shapes = append(g.Scene.Shapes, synth.Box(q.Centre(), 27, 27, 0, [3]uint8{140, 60, 170}))
	r = read(photoOf(t, g), cal)
	if c := r.Cells[2*6+2]; !c.Unknown || c.Site {
		t.Errorf("a purple tile on a construction square: %+v", c)
	}
}

// TestAskewTilesSampledFromTheirMiddle: tiles laid askew and off their
// squares' middles (as hands lay them) are each sampled from the middle
// that they cover, not left out as "not one even colour" (issue 29: the
// only red tile askew left no red tile colour). Every tile 6° askew and 2
// mm off is covered by the whole sample anyway; the only red tile 8°
// askew and 6.5 mm off west and south (its corner over the next square)
// is not, and only its middle is all tile.
func TestAskewTilesSampledFromTheirMiddle(t *testing.T) {
	must := mustOf(t)
	lays := []scenes.ColourLayout{
		{Boards: []int{1}, Rows: 1, Askew: 6, Shift: 2},
		{Boards: []int{1}, Rows: 1, Askew: 8, Shift: -6.5, ShiftSouth: 6.5, Moved: []rules.Colour{rules.Red}},
	}
	for _, l := range scenes.Lights() {
		o := l.Options
		o.Seed = 43
		tab := scenes.NewCityTable(o, scenes.City{Players: 2})
		empty := photoOf(t, must(tab.Empty()))
		for _, lay := range lays {
			cal := calibration.File{}
			if _, err := CalibrateBoards(&cal, empty, nil); err != nil {
				t.Fatal(err)
			}
			colours := photoOf(t, must(tab.Colours(lay, 0)))
			rep, err := CalibrateColours(&cal, []Photo{colours}, false)
			if err != nil {
				t.Errorf("%s, %v° askew, %v mm east, %v mm south: %v", l.Name, lay.Askew, lay.Shift, lay.ShiftSouth, err)
				continue
			}
			if len(rep.Tiles) != len(TileColumns) {
				t.Errorf("%s, %v° askew, %v mm east, %v mm south: %d tile colours calibrated, want %d (notes %v)",
					l.Name, lay.Askew, lay.Shift, lay.ShiftSouth, len(rep.Tiles), len(TileColumns), rep.Notes)
			}
		}
	}
}

// TestColourWithNoSampleFails: a colour photo whose red tile is missing
// (forgotten, or left out as not one even colour) must not succeed with
// no red tile colour at all — every later photo would have red squares of
// "no calibrated colour" and no score. The step fails naming red and
// where to lay it, and changes nothing (issue 29).
func TestColourWithNoSampleFails(t *testing.T) {
	must := mustOf(t)
	o := scenes.Lights()[0].Options
	o.Seed = 47
	tab := scenes.NewCityTable(o, scenes.City{Players: 2})
	cal := &calibration.File{}
	if _, err := CalibrateBoards(cal, photoOf(t, must(tab.Empty())), nil); err != nil {
		t.Fatal(err)
	}
	colours := photoOf(t, must(tab.Colours(scenes.ColourLayout{Boards: []int{1}, Rows: 2, Without: []rules.Colour{rules.Red}}, 0)))
	_, err := CalibrateColours(cal, []Photo{colours}, false)
	if err == nil || !errors.Is(err, calibration.ErrMissing) || !strings.Contains(err.Error(), "no red tile: lay a red tile flat in column 1") {
		t.Fatalf("calibrate colours without a red tile: %v; want an error naming the red tile and where it goes", err)
	}
	if cal.Colours != nil {
		t.Errorf("the failed step changed the colours: %+v", cal.Colours)
	}
}
