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

func TestDebugScenes(t *testing.T) {
	mk := map[string]func() (scenes.Game, error){
		"continental": func() (scenes.Game, error) { return scenes.WitContinental(scenes.Options{Seed: 1}, 2) },
		"carto":       func() (scenes.Game, error) { return scenes.WitCartographer(scenes.Options{Seed: 2}, 2) },
		"mapit":       func() (scenes.Game, error) { return scenes.MapIt(scenes.Options{Seed: 3}) },
		"nsoe":        func() (scenes.Game, error) { return scenes.NSOE(scenes.Options{Seed: 4}) },
		"sw":          func() (scenes.Game, error) { return scenes.StrangeWorld(scenes.Options{Seed: 5}, 2) },
	}
	for name, f := range mk {
		g, err := f()
		if err != nil {
			t.Fatal(name, err)
		}
		scan := photo(t, g)
		sameTable(t, name, scan.Table, g.Visible, scan)
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

func TestDebugShake(t *testing.T) {
	g, err := scenes.ShakeCity(scenes.Options{Seed: 9}, 2)
	if err != nil {
		t.Fatal(err)
	}
	calibrateColours(t, g.Cal, scenes.Options{Seed: 10}, 2)
	t.Logf("cubes %+v", g.Cal.Colours.Cubes)
	t.Logf("tiles %+v", g.Cal.Colours.Tiles)
	scan := photo(t, g)
	sameTable(t, "shake", scan.Table, g.Visible, scan)
}
