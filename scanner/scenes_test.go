package scanner_test

import (
	"context"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // decks: card kinds for Strange World
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// photo renders a game's scene and scans it with the game's calibration.
func photo(t *testing.T, g scenes.Game) *scanner.Scan {
	t.Helper()
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	sc, err := scanner.New(g.Cal, scanner.Options{Mode: g.Setup.Mode, Setup: g.Setup})
	if err != nil {
		t.Fatal(err)
	}
	scan, err := sc.Photo(context.Background(), frame)
	if err != nil {
		t.Fatal(err)
	}
	return scan
}

// sameTable compares the scanned table with the truth and says how they
// differ.
func sameTable(t *testing.T, name string, got, want rules.Table, scan *scanner.Scan) {
	t.Helper()
	if got.Equal(want) {
		return
	}
	for _, d := range scenes.Diff(got, want) {
		t.Errorf("%s: %s", name, d)
	}
	for _, p := range scan.Problems {
		t.Logf("problem: %s", p.Text)
	}
}

// TestGeneratedTables: one generated photo of a real game position per
// game mode, seen at a slant, blurred, unevenly lit, with noise, JPEG and
// arms reaching in: the snapshot must equal the truth.
func TestGeneratedTables(t *testing.T) {
	hard := func(seed uint64) scenes.Options {
		return scenes.Options{Seed: seed, Tilt: 15, Roll: 4, Blur: 1, Noise: 3, JPEG: 85, Light: 0.4, Hands: 2, Turn: 3}
	}
	for _, tc := range []struct {
		name string
		make func(scenes.Options) (scenes.Game, error)
		seed uint64
	}{
		{"wit-continental", func(o scenes.Options) (scenes.Game, error) { return scenes.WitContinental(o, 2) }, 1},
		{"wit-cartographer", func(o scenes.Options) (scenes.Game, error) { return scenes.WitCartographer(o, 2) }, 2},
		{"mapit", scenes.MapIt, 3},
		{"nsoe", scenes.NSOE, 4},
		{"strangeworld", func(o scenes.Options) (scenes.Game, error) { return scenes.StrangeWorld(o, 2) }, 5},
		{"strangeworld-solo", func(o scenes.Options) (scenes.Game, error) { return scenes.StrangeWorld(o, 1) }, 6},
		{"shakecity", func(o scenes.Options) (scenes.Game, error) { return scenes.ShakeCity(o, 2) }, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := tc.make(hard(tc.seed))
			if err != nil {
				t.Fatal(err)
			}
			if g.Setup.Mode == "shakecity" {
				calibrateColours(t, g.Cal, hard(tc.seed+100), 2)
			}
			scan := photo(t, g)
			sameTable(t, tc.name, scan.Table, g.Visible, scan)
			for _, p := range scan.Problems {
				if p.Blocking() {
					t.Errorf("problem: %s", p.Text)
				}
			}
		})
	}
}

// calibrateColours runs the colour and board calibration on their own
// generated photos, as `tableref calibrate colours` and `calibrate board`
// do, and adds them to cal.
func calibrateColours(t *testing.T, cal *calibration.File, o scenes.Options, players int) {
	t.Helper()
	for _, mk := range []func() (scenes.Game, error){
		func() (scenes.Game, error) { return scenes.EmptyBoards(o, players) },
		func() (scenes.Game, error) { return scenes.ColourPhoto(o) },
	} {
		g, err := mk()
		if err != nil {
			t.Fatal(err)
		}
		frame, _, err := synth.Render(g.Scene)
		if err != nil {
			t.Fatal(err)
		}
		res, err := scanner.TiledReader{Reader: qr.NewReader(qr.Options{})}.Read(context.Background(), frame)
		if err != nil {
			t.Fatal(err)
		}
		if g.Name == "empty boards" {
			boards, probs, err := scanner.CaptureBoards(frame, res.Codes, cal)
			if err != nil || len(probs) > 0 || len(boards) != players+1 {
				t.Fatalf("capture: %d boards, %v, %v", len(boards), probs, err)
			}
			for _, b := range boards {
				cal.SetBoard(b)
			}
		} else {
			cubes, tiles, err := scanner.ColourSamples(frame, res.Codes, cal)
			if err != nil {
				t.Fatal(err)
			}
			cal.Colours = &calibration.Colours{Cubes: calibration.BuildProfiles(cubes), Tiles: calibration.BuildProfiles(tiles)}
		}
		frame.Close()
	}
}

// TestNoCalibrationFile: without a calibration file the table plane comes
// from the cards' own codes, and the same table is read.
func TestNoCalibrationFile(t *testing.T) {
	for _, mk := range []func() (scenes.Game, error){
		func() (scenes.Game, error) { return scenes.WitContinental(scenes.Options{Seed: 11, Tilt: 12}, 2) },
		func() (scenes.Game, error) { return scenes.MapIt(scenes.Options{Seed: 12, Tilt: 8, Roll: 20}) },
	} {
		g, err := mk()
		if err != nil {
			t.Fatal(err)
		}
		g.Cal = nil
		scan := photo(t, g)
		if scan.Plane != scanner.PlaneCodes {
			t.Errorf("%s: plane from %q, want codes", g.Name, scan.Plane)
		}
		sameTable(t, g.Name, scan.Table, g.Visible, scan)
	}
}

// TestCubeBetweenCells: a cube that fell half out of its cell is not read
// as a colour: the shaker shows 8 cubes (so the game asks for a reshake)
// and the problem says why, without holding the snapshot back.
func TestCubeBetweenCells(t *testing.T) {
	g, err := scenes.ShakeCity(scenes.Options{Seed: 61}, 1)
	if err != nil {
		t.Fatal(err)
	}
	calibrateColours(t, g.Cal, scenes.Options{Seed: 62}, 1)
	// Move the shaker's last cube (cell (2,2)) 8 mm east, half out of its
	// cell.
	last := 2 + 9 + 2*8 // the paper, the target, 9 cells, then 2 shapes per cube
	for _, i := range []int{last, last + 1} {
		for k := range g.Scene.Shapes[i].Corners {
			g.Scene.Shapes[i].Corners[k].X += 8
		}
	}
	scan := photo(t, g)
	if n := len(scan.Table.Zone("shaker").Cells); n != 8 {
		t.Errorf("shaker holds %d cubes, want 8", n)
	}
	found := false
	for _, p := range scan.Problems {
		if p.Kind == scanner.ProblemReshake {
			found = true
			if p.Blocking() || len(p.Cells) != 1 || p.Cells[0] != (rules.Pos{Row: 2, Col: 2}) {
				t.Errorf("problem %+v", p)
			}
		} else if p.Blocking() {
			t.Errorf("blocking problem %s", p.Text)
		}
	}
	if !found {
		t.Error("no reshake problem")
	}
}
