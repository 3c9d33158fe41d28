package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/synth"
)

// TestCalibrateTableFromSheet: a photo of the calibration sheet, turned
// on the table and seen at a slant, gives the plane of the sheet's frame to
// a millimetre or two across the whole view; --from-cards finds the same
// scale from the cards' codes.
func TestCalibrateTableFromSheet(t *testing.T) {
	dir := t.TempDir()
	// 2880 px wide: the cards' 16.8 mm codes (issue 28) get 2.8 px a module, the sheet tilted 15°.
	g, err := scenes.Sheet(scenes.Options{Seed: 51, Width: 2880, Height: 1620, Tilt: 15, Roll: 3, Turn: 20, Blur: 0.8, Noise: 2})
	if err != nil {
		t.Fatal(err)
	}
	photo := photoFile(t, dir, "sheet", g.Scene)
	cal := filepath.Join(dir, "cal.json")
	code, out, errOut := run(t, "calibrate", "table", "--calibration", cal, photo)
	if code != 0 || !strings.Contains(out, "table plane from the sheet: 4 codes") {
		t.Fatalf("%d %s %s", code, out, errOut)
	}
	f, err := calibration.Load(cal)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []geom.Pt{{X: 100, Y: 100}, {X: 960, Y: 540}, {X: 1800, Y: 950}, {X: 300, Y: 900}} {
		got, want := f.Plane.H.Apply(p), g.Cal.Plane.H.Apply(p)
		if got.Dist(want) > 3 {
			t.Errorf("pixel %v → %v mm, want %v", p, got, want)
		}
	}
	code, out, errOut = run(t, "calibrate", "table", "--from-cards", "--calibration", cal, photo)
	if code != 0 || !strings.Contains(out, "from the codes: 7 codes") {
		t.Fatalf("--from-cards: %d %s %s", code, out, errOut)
	}
	f, _ = calibration.Load(cal)
	a, b := geom.Pt{X: 300, Y: 300}, geom.Pt{X: 1600, Y: 800}
	if got, want := f.Plane.H.Apply(a).Dist(f.Plane.H.Apply(b)), g.Cal.Plane.H.Apply(a).Dist(g.Cal.Plane.H.Apply(b)); got/want < 0.98 || got/want > 1.02 {
		t.Errorf("from cards: %.0f mm between two pixels, want %.0f", got, want)
	}
}

// TestCalibrateZonesAndShow: the player markers of a photo are stored in
// table mm, grids and polygons are added, and show prints and draws it
// all.
func TestCalibrateZonesAndShow(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.WitCartographer(scenes.Options{Seed: 52}, 2)
	if err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, g.Cal)
	photo := photoFile(t, dir, "players", g.Scene)
	code, out, errOut := run(t, "calibrate", "zones", "--calibration", cal,
		"--grid", "board:9x9:-300,-420,300,420", "--polygon", "offer:-50,-50;50,-50;50,50", photo)
	if code != 0 || !strings.Contains(out, "player 1's marker at") || !strings.Contains(out, "player 2's marker at") || !strings.Contains(out, "grid board: 9×9") {
		t.Fatalf("%d %s %s", code, out, errOut)
	}
	f, _ := calibration.Load(cal)
	var want []geom.Pt
	for _, c := range g.Scene.Cards {
		if strings.HasPrefix(c.Payload, "TR1:M:P") {
			want = append(want, c.Centre)
		}
	}
	for i, m := range f.Zones.Players {
		if d := (geom.Pt{X: m.At[0], Y: m.At[1]}).Dist(want[i]); d > 3 {
			t.Errorf("player %d's marker %v mm off", m.Player, d)
		}
	}
	png := filepath.Join(dir, "show.png")
	code, out, errOut = run(t, "calibrate", "show", "--calibration", cal, "--out", png, photo)
	if code != 0 || !strings.Contains(out, "table: from the sheet") || !strings.Contains(out, "zones: 2 player markers, 1 grids, 1 polygons") ||
		!strings.Contains(out, "colours: none (tableref calibrate colours PHOTO)") {
		t.Fatalf("show: %d %s %s", code, out, errOut)
	}
	if _, err := os.Stat(png); err != nil {
		t.Error(err)
	}
}

func TestCalibrateErrors(t *testing.T) {
	dir := t.TempDir()
	blank := photoFile(t, dir, "blank", synth.Scene{Width: 640, Height: 360, Camera: geom.Identity()})
	cal := filepath.Join(dir, "cal.json")
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format":1,"table":{"image":[0,0]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"calibrate"}, 2, "missing subcommand"},
		{[]string{"calibrate", "frob"}, 2, `unknown calibrate subcommand "frob"`},
		{[]string{"calibrate", "table", "--calibration", cal}, 2, "want one photo"},
		{[]string{"calibrate", "table", "--calibration", cal, blank}, 1, "CAL-NW, CAL-NE, CAL-SE, CAL-SW not found"},
		{[]string{"calibrate", "table", "--calibration", bad, blank}, 1, "table.image"},
		{[]string{"calibrate", "table", "--calibration", cal, "--paper", "a3", blank}, 2, `--paper "a3": want a4, letter or none`},
		{[]string{"calibrate", "table", "--calibration", cal, "--span", "155", blank}, 2, "want two positive distances"},
		{[]string{"calibrate", "zones", "--calibration", cal, blank}, 1, "run 'tableref calibrate table PHOTO' first"},
		{[]string{"calibrate", "zones", "--calibration", cal, "--grid", "board:9:1,2,3,4"}, 2, "want ROWSxCOLS"},
		{[]string{"calibrate", "zones", "--calibration", cal, "--grid", "board:9x9:1,2,3"}, 2, "want 4 numbers"},
		{[]string{"calibrate", "zones", "--calibration", cal, "--polygon", "offer:1,2;x,4;5,6"}, 2, `"x" is not a number`},
		{[]string{"calibrate", "zones", "--calibration", cal, "--polygon", "offer:0,0;10,0;20,0"}, 1, "has no area"},
		{[]string{"calibrate", "colours", "--calibration", cal, blank}, 1, "no shaker mat or city board"},
		{[]string{"calibrate", "board", "--calibration", cal, blank}, 1, "no shaker mat or city board"},
		{[]string{"calibrate", "show", "--calibration", filepath.Join(dir, "none.json")}, 1, "does not exist"},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args[1:], code, errOut, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(cal); !os.IsNotExist(err) {
		t.Error("a failed calibration wrote the file")
	}
}

// calibrate writes the default calibration file when none is named, and
// scan and calibrate show read that same file: one path for every command.
func TestOneDefaultCalibration(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("STATE_DIRECTORY", filepath.Join(dir, "state")) // the folder does not exist yet
	g, err := scenes.Sheet(scenes.Options{Seed: 53, Width: 1280, Height: 720})
	if err != nil {
		t.Fatal(err)
	}
	photo := photoFile(t, dir, "sheet", g.Scene)
	want := filepath.Join(dir, "state", "calibration.json")
	if code, _, errOut := run(t, "calibrate", "show"); code != 1 || !strings.Contains(errOut, "no calibration file at "+want+" yet: make one with 'tableref calibrate table PHOTO'") {
		t.Errorf("calibrate show before any calibration: status %d, %q", code, errOut)
	}
	code, out, errOut := run(t, "calibrate", "table", photo)
	if code != 0 || !strings.Contains(out, "saved to "+want) {
		t.Fatalf("calibrate table: %d %s %s", code, out, errOut)
	}
	if code, out, _ := run(t, "calibrate", "show"); code != 0 || !strings.HasPrefix(out, want+" (format 1)") {
		t.Errorf("calibrate show: %d %s", code, out)
	}
	code, out, errOut = run(t, "scan", "--codes", "--json", photo)
	if code != 0 {
		t.Fatalf("scan: %d %s", code, errOut)
	}
	// The continental photo's own calibration at the default path: scan
	// reads it without being told.
	c, err := scenes.WitContinental(scenes.Options{Seed: 54}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Cal.Save(want); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, "scan", "--game", "continental", photoFile(t, dir, "cont", c.Scene))
	if code != 0 || !strings.Contains(out, "(table plane: calibration)") {
		t.Errorf("scan with the default calibration: %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, "scan", "--game", "continental", "--calibration", "none", filepath.Join(dir, "cont.png"))
	if code != 0 || strings.Contains(out, "(table plane: calibration)") {
		t.Errorf("scan --calibration none used a calibration:\n%s", out)
	}
	// Help names the file it uses.
	if _, out, _ := run(t, "scan", "-h"); !strings.Contains(out, want) {
		t.Errorf("scan -h does not name %s", want)
	}
}
