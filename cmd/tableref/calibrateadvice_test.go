package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/geom"
)

// Issue 18 item 7: a calibration sheet that does not lie flat (a crease,
// one corner lifted towards the camera: its code looks 10 % larger and
// lies 10 mm off where the printed sheet puts it) fits the plane to some 2
// mm rms, and calibrate table says to redo it and how (flat sheet, aim
// straighter down: the camera looks 25° off vertical); a flat sheet is
// called good. The old command printed the rms alone.
func TestCalibrateTableAdvisesOnAPoorFit(t *testing.T) {
	dir := t.TempDir()
	o := scenes.Options{Seed: 51, Width: 1920, Height: 1080, Tilt: 25, Roll: 3, Turn: 20, Blur: 0.8, Noise: 2}
	g, err := scenes.Sheet(o)
	if err != nil {
		t.Fatal(err)
	}
	flat := photoFile(t, dir, "flat", g.Scene)
	lifted := false
	for i, c := range g.Scene.Cards {
		if strings.Contains(c.Payload, ":CAL-SE:") {
			g.Scene.Cards[i].QRSideMM *= 1.1
			g.Scene.Cards[i].Centre = c.Centre.Add(geom.Pt{X: 10})
			lifted = true
		}
	}
	if !lifted {
		t.Fatalf("no SE corner code in %+v", g.Scene.Cards)
	}
	curled := photoFile(t, dir, "curled", g.Scene)
	cal := filepath.Join(dir, "cal.json")
	code, out, errOut := run(t, "calibrate", "table", "--calibration", cal, flat)
	if code != 0 || !strings.Contains(out, "rms: good") {
		t.Errorf("flat sheet: %d %s %s", code, out, errOut)
	}
	code, out, errOut = run(t, "calibrate", "table", "--calibration", cal, curled)
	if code != 0 || !strings.Contains(out, "redo it") || !strings.Contains(out, "lay the sheet flat") || !strings.Contains(out, "straighter down") {
		t.Errorf("lifted corner: %d %s %s", code, out, errOut)
	}
	code, out, _ = run(t, "calibrate", "show", "--calibration", cal)
	if code != 0 || !strings.Contains(out, "redo it") {
		t.Errorf("calibrate show: %d %s", code, out)
	}
}

// A flat calibration sheet seen 10° to 30° off vertical, sharp or a little
// blurred, fits to well under half a millimetre and maps the view within
// 2 mm of the true plane. The old fit, started from a flat guess, ended in
// a false minimum from 10° of tilt on: 1.9 mm rms at 10°, 3.0 at 15°, 3.7
// at 20° on these very photos, which is the "2 mm against 0.1–0.3 mm
// usually" an outside camera saw.
func TestCalibrateTableFitsATiltedSheet(t *testing.T) {
	dir := t.TempDir()
	cal := filepath.Join(dir, "cal.json")
	for _, tilt := range []float64{10, 15, 20, 25, 30} {
		for _, blur := range []float64{0, 0.8} {
			g, err := scenes.Sheet(scenes.Options{Seed: 51, Width: 1920, Height: 1080, Tilt: tilt, Roll: 3, Turn: 20, Blur: blur, Noise: 2})
			if err != nil {
				t.Fatal(err)
			}
			photo := photoFile(t, dir, "sheet", g.Scene)
			code, out, errOut := run(t, "calibrate", "table", "--calibration", cal, photo)
			if code != 0 || !strings.Contains(out, "rms: good") {
				t.Errorf("tilt %g° blur %g: %d %s %s", tilt, blur, code, out, errOut)
				continue
			}
			f, err := calibration.Load(cal)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []geom.Pt{{X: 100, Y: 100}, {X: 960, Y: 540}, {X: 1800, Y: 950}, {X: 300, Y: 900}} {
				if got, want := f.Plane.H.Apply(p), g.Cal.Plane.H.Apply(p); got.Dist(want) > 2 {
					t.Errorf("tilt %g° blur %g: pixel %v → %v mm, want %v", tilt, blur, p, got, want)
				}
			}
		}
	}
}
