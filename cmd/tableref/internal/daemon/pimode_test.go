package daemon

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/vision/camera"
	"github.com/tableref/tableref/vision/geom"
)

// TestPiModeIsTheLightestThatReads: with the Pi camera, run opens the
// 2304×1296 mode when the calibrated table, seen in it, still gives the
// game's codes enough pixels, and the full 12 MP when it does not; any
// other source, or no calibration, keeps the source as configured.
func TestPiModeIsTheLightestThatReads(t *testing.T) {
	calAt := func(heightCm float64) *calibration.File {
		cam := sizing.Default
		cam.HeightCm = heightCm
		s := cam.CentreMMPerPx()
		H := geom.ScaleH(s, s).Mul(geom.Translate(-2304, -1296))
		return &calibration.File{Plane: &calibration.Plane{Image: [2]int{4608, 2592}, H: H, Source: calibration.SourceSheet, CodeMM: 33.6, Codes: 4}}
	}
	cfg := config.Default()
	cfg.Game.Mode, cfg.Game.Players = "wit-continental", []string{"Ana", "Ben"}
	for _, c := range []struct {
		source   string
		heightCm float64
		want     string
	}{{"pi", 50, "width=2304"}, {"pi", 100, "width=4608"}, {"rpicam", 50, "2304"}} {
		cfg.Camera.Source = c.source
		spec, ok := piMode(cfg, calAt(c.heightCm))
		if !ok {
			t.Fatalf("%s at %.0f cm: no mode chosen", c.source, c.heightCm)
		}
		got := spec.Target
		if spec.Kind == camera.KindRpicam {
			got = strconv.Itoa(spec.Width)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s at %.0f cm: %+v, want %s", c.source, c.heightCm, spec, c.want)
		}
	}
	cfg.Camera.Source = "pi"
	if _, ok := piMode(cfg, nil); ok {
		t.Error("no calibration: a mode was chosen")
	}
	cfg.Camera.Source = "/dev/video0"
	if _, ok := piMode(cfg, calAt(50)); ok {
		t.Error("a webcam: a Pi mode was chosen")
	}
}
