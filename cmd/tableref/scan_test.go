package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/synth"
)

// photoFile renders a scene to a PNG in dir.
func photoFile(t *testing.T, dir, name string, s synth.Scene) string {
	t.Helper()
	frame, _, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	path := filepath.Join(dir, name+".png")
	if !gocv.IMWrite(path, frame) {
		t.Fatalf("cannot write %s", path)
	}
	return path
}

// calFile saves a calibration in dir.
func calFile(t *testing.T, dir string, f *calibration.File) string {
	t.Helper()
	path := filepath.Join(dir, "cal.json")
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestScanEveryMode: `tableref scan --game MODE --json --annotate` on a
// generated photo of a finished game of each mode reads the table the
// photo shows, scores it as the truth scores, and draws the picture.
func TestScanEveryMode(t *testing.T) {
	dir := t.TempDir()
	o := func(seed uint64) scenes.Options {
		return scenes.Options{Seed: seed, Tilt: 10, Blur: 0.8, Noise: 2, Light: 0.3, Hands: 1}
	}
	for _, tc := range []struct {
		mode string
		make func() (scenes.Game, error)
	}{
		{"wit-cartographer", func() (scenes.Game, error) { return scenes.WitCartographer(o(31), 2) }},
		{"wit-continental", func() (scenes.Game, error) { return scenes.WitContinental(o(32), 2) }},
		{"mapit", func() (scenes.Game, error) { return scenes.MapIt(o(33)) }},
		{"nsoe", func() (scenes.Game, error) { return scenes.NSOE(o(34)) }},
		{"strangeworld", func() (scenes.Game, error) { return scenes.StrangeWorld(o(35), 2) }},
		{"shakecity", func() (scenes.Game, error) { return scenes.ShakeCity(o(36), 2) }},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			g, err := tc.make()
			if err != nil {
				t.Fatal(err)
			}
			cal := calFile(t, dir, g.Cal)
			if tc.mode == "shakecity" {
				calibrateColoursByCommand(t, dir, cal, o(37))
			}
			photo := photoFile(t, dir, tc.mode, g.Scene)
			png := filepath.Join(dir, tc.mode+"-annotated.png")
			code, out, errOut := run(t, "scan", "--game", tc.mode, "--players", strings.Join(g.Setup.Players, ","),
				"--calibration", cal, "--json", "--annotate", png, photo)
			if code != 0 {
				t.Fatalf("status %d: %s\n%s", code, errOut, out)
			}
			var got scanResult
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			for _, d := range scenes.Diff(got.Table, g.Visible) {
				t.Errorf("table: %s", d)
			}
			mode, _ := rules.LookupMode(tc.mode)
			setup, _ := mode.Check(g.Setup)
			want, _, err := mode.ScoreTable(setup, g.Full)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Scores, want) {
				t.Errorf("scores %+v, want %+v", got.Scores, want)
			}
			switch {
			case want == nil || tc.mode == "shakecity":
			case len(got.Winners) == 0 && got.Undecided == nil:
				t.Error("no winner, and no undecided tie")
			case got.Undecided != nil && (len(got.Winners) != 0 || len(got.Undecided.Players) < 2):
				// A tie on the cards' numbers (the scene's stickers: tableref
				// does not know them) is undecided, never a shared win.
				t.Errorf("winners %v with undecided %+v", got.Winners, got.Undecided)
			}
			img := gocv.IMRead(png, gocv.IMReadColor)
			defer img.Close()
			if img.Cols() != g.Scene.Width || img.Rows() != g.Scene.Height {
				t.Errorf("annotated picture %dx%d, want the photo's size", img.Cols(), img.Rows())
			}
		})
	}
}

// calibrateColoursByCommand runs `calibrate board` and `calibrate
// colours` on generated photos into the calibration file.
func calibrateColoursByCommand(t *testing.T, dir, cal string, o scenes.Options) {
	t.Helper()
	empty, err := scenes.EmptyBoards(o, 2)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "calibrate", "board", "--calibration", cal, photoFile(t, dir, "empty", empty.Scene))
	if code != 0 || !strings.Contains(out, "board:p2: 6×6 cells captured") || !strings.Contains(out, "shaker: 3×3") {
		t.Fatalf("calibrate board: %d %s %s", code, out, errOut)
	}
	colours, err := scenes.ColourPhoto(o)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, "calibrate", "colours", "--calibration", cal, photoFile(t, dir, "colours", colours.Scene))
	if code != 0 || strings.Count(out, "cubes ") != 6 || strings.Count(out, "tiles ") != 5 {
		t.Fatalf("calibrate colours: %d %s %s", code, out, errOut)
	}
}

// TestScanText: the text output names the players, their breakdown and
// the winner; a Continental photo says why it gives no points.
func TestScanText(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.WitCartographer(scenes.Options{Seed: 41}, 2)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "scan", "--game", "wit-cartographer", "--calibration", calFile(t, dir, g.Cal), photoFile(t, dir, "carto", g.Scene))
	if code != 0 || !strings.Contains(out, "P1 ") || !strings.Contains(out, "circles") || !strings.Contains(out, "winner: ") || !strings.Contains(out, "2 players, 26 cards read") {
		t.Errorf("cartographer: %d\n%s%s", code, out, errOut)
	}
	c, err := scenes.WitContinental(scenes.Options{Seed: 42}, 2)
	if err != nil {
		t.Fatal(err)
	}
	// No calibration file: the plane comes from the cards.
	t.Chdir(dir)
	code, out, errOut = run(t, "scan", "--game", "wit-continental", photoFile(t, dir, "cont", c.Scene))
	if code != 0 || !strings.Contains(out, "table plane: codes") || !strings.Contains(out, "cannot give the points") || !strings.Contains(out, "pairs judged") {
		t.Errorf("continental: %d\n%s%s", code, out, errOut)
	}
}

// TestScanCodes lists ours and foreign codes.
func TestScanCodes(t *testing.T) {
	dir := t.TempDir()
	s := synth.Scene{Width: 1280, Height: 720, Camera: geom.Translate(640, 360).Mul(geom.ScaleH(2.8, 2.8)),
		Cards: []synth.Card{
			{Payload: "TR1:C:SA-017F:K", Centre: geom.Pt{X: -120}},
			{Payload: "HTTPS://EXAMPLE.COM", Centre: geom.Pt{X: 0}},
			{Payload: "TR1:M:P3:J", Centre: geom.Pt{X: 120}, Size: geom.Pt{X: 50, Y: 50}, Plain: true},
		}}
	png := filepath.Join(dir, "codes-annotated.png")
	code, out, errOut := run(t, "scan", "--codes", "--annotate", png, photoFile(t, dir, "codes", s))
	if code != 0 {
		t.Fatalf("%d %s", code, errOut)
	}
	for _, want := range []string{"3 codes: 2 tableref, 1 not ours", "TR1:C:SA-017F:K", "card SA-017", "HTTPS://EXAMPLE.COM", "not a tableref code", "player 3's marker"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if _, err := os.Stat(png); err != nil {
		t.Error(err)
	}
}

func TestScanErrors(t *testing.T) {
	dir := t.TempDir()
	photo := photoFile(t, dir, "blank", synth.Scene{Width: 320, Height: 200, Camera: geom.Identity()})
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"scan", photo}, 2, "either --game MODE or --codes"},
		{[]string{"scan", "--game", "nosuch", photo}, 2, `unknown game mode "nosuch"`},
		{[]string{"scan", "--game", "mapit", filepath.Join(dir, "none.png")}, 1, "cannot read the image"},
		{[]string{"scan", "--game", "mapit", "--calibration", filepath.Join(dir, "none.json"), photo}, 1, "none.json does not exist: make it with 'tableref calibrate table PHOTO --calibration "},
		{[]string{"scan", "--game", "mapit", "--players", "Solo", photo}, 1, "1 players, this mode takes 2"},
		{[]string{"scan", "--game", "mapit", "--option", "nokey", photo}, 2, "want KEY=VALUE"},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// TestBenchScan: the benchmark target runs and reports every photo right
// on a small set.
func TestBenchScan(t *testing.T) {
	code, out, errOut := run(t, "bench", "scan", "-n", "1", "-only", "mapit")
	if code != 0 || !strings.Contains(out, "mapit") || !strings.Contains(out, "overall") || !strings.Contains(out, "3/3 100.0%") {
		t.Errorf("%d\n%s%s", code, out, errOut)
	}
	// The photos scan scores wrong are counted apart: none here.
	if !strings.Contains(out, "scan unsure  scan false") {
		t.Errorf("no scan unsure / scan false columns:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 3 && f[0] == "overall" && (f[len(f)-3] != "0" || f[len(f)-2] != "0") {
			t.Errorf("scan unsure %s, scan false %s on clean Map It! photos:\n%s", f[len(f)-3], f[len(f)-2], out)
		}
	}
	if code, _, _ := run(t, "bench", "scan", "-only", "nosuchgame"); code != 2 {
		t.Errorf("no game matched: status %d, want 2", code)
	}
}
