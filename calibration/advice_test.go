package calibration_test

import (
	"math"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/scanner/scenes"
)

// Issue 18 item 7: a table fit of about 2 mm rms (0.1–0.3 mm usually) says
// to redo it and how; a good fit says it is good.
func TestFitAdvice(t *testing.T) {
	g, err := scenes.Sheet(scenes.Options{Seed: 51, Width: 1920, Height: 1080, Tilt: 25})
	if err != nil {
		t.Fatal(err)
	}
	tab := *g.Cal.Plane
	tab.Source = calibration.SourceSheet
	if tilt := tab.Tilt(); math.Abs(tilt-25) > 2 {
		t.Errorf("tilt %.1f°, the scene's camera is tilted 25°", tilt)
	}
	tab.RMSMM = 2.1
	a := tab.Advice(3.2)
	for _, want := range []string{"fit 2.10 mm rms: poor", "redo it", "flat", "straighter down", "more light", "3.2 px"} {
		if !strings.Contains(a.Text, want) {
			t.Errorf("advice %q lacks %q", a.Text, want)
		}
	}
	if a.Level != calibration.FitLevelRedo {
		t.Errorf("level %s", a.Level)
	}
	tab.RMSMM = 0.2
	if a := tab.Advice(6); a.Level != calibration.FitLevelGood || strings.Contains(a.Text, "redo") {
		t.Errorf("good fit: %+v", a)
	}
	straight, _ := scenes.Sheet(scenes.Options{Seed: 51, Width: 1920, Height: 1080})
	if tilt := straight.Cal.Plane.Tilt(); tilt > 4 {
		t.Errorf("straight down: tilt %.1f°", tilt)
	}
}
