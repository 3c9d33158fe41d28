package reach

import (
	"math"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // the decks
	"github.com/tableref/tableref/vision/geom"
)

// straightDown is the calibration of a camera w px wide with a 66° lens
// looking straight down from heightCm.
func straightDown(w, h int, heightCm float64) *calibration.File {
	cam := sizing.Default
	cam.WidthPx, cam.HeightCm = w, heightCm
	s := cam.CentreMMPerPx()
	H := geom.ScaleH(s, s).Mul(geom.Translate(-float64(w)/2, -float64(h)/2))
	return &calibration.File{Plane: &calibration.Plane{Image: [2]int{w, h}, H: H, Source: calibration.SourceSheet, CodeMM: 33.6, Codes: 4}}
}

// TestWeakCamera is the camera: 1080p 0.7 m above the table with
// Strange World's stickers. It is too weak, and the advice works.
func TestWeakCamera(t *testing.T) {
	r, err := Check(straightDown(1920, 1080, 70), 1920, 1080, []string{"SW"})
	if err != nil {
		t.Fatal(err)
	}
	if r.OK() || math.Abs(r.HeightCm-70) > 0.5 || r.Deck != "SW stickers" {
		t.Fatalf("1080p at 70 cm: %+v, want too weak for the SW stickers", r)
	}
	// The same figure as print size's model for that camera.
	cam := sizing.Default
	cam.WidthPx, cam.HeightCm = 1920, 70
	if want := cam.PxPerModule(rules.StickerModuleMM); math.Abs(r.PxPerModule-want) > 0.01 {
		t.Errorf("%.2f px per module, sizing says %.2f", r.PxPerModule, want)
	}
	// Following either piece of advice passes.
	if h, _ := Check(straightDown(1920, 1080, r.NeedHeightCm), 1920, 1080, []string{"SW"}); !h.OK() {
		t.Errorf("at the advised %.0f cm: %+v", r.NeedHeightCm, h)
	}
	w := r.NeedWidthPx
	if res, _ := Check(straightDown(w, w*9/16, 70), w, w*9/16, []string{"SW"}); !res.OK() {
		t.Errorf("at the advised %d px: %+v", w, res)
	}
	for _, want := range []string{"1920×1080", "1.4 px per module", "lower the camera to", "px wide"} {
		if !strings.Contains(r.Text(), want) {
			t.Errorf("text %q lacks %q", r.Text(), want)
		}
	}
	// A Camera Module 3 at full resolution 1 m up reads them.
	if ok, _ := Check(straightDown(4608, 2592, 100), 4608, 2592, []string{"SW", "SA"}); !ok.OK() {
		t.Errorf("the default camera: %+v", ok)
	}
}

// TestTiltedCamera: a camera tilted over the table sees its far edge
// coarser than its middle; that edge decides.
func TestTiltedCamera(t *testing.T) {
	// A homography whose scale grows towards the top of the view.
	H := geom.H{0.5, 0, -480, 0, 0.5, -270, 0, 0.0004, 1}
	cal := &calibration.File{Plane: &calibration.Plane{Image: [2]int{1920, 1080}, H: H, Source: calibration.SourceSheet, CodeMM: 33.6, Codes: 4}}
	r, err := Check(cal, 1920, 1080, []string{"SA"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Where, "top") {
		t.Errorf("coarsest at the %s, want the top of the view", r.Where)
	}
	if _, err := Check(cal, 1280, 1024, []string{"SA"}); err == nil {
		t.Errorf("frames of another shape than the calibration's: no error")
	}
}

// TestConfirmed: the 1080p camera is predicted too weak (2.5 px
// per module at the far corner), but only the codes read confirm it (issue
// 29): codes all read at 3 px or more, or none read, do not; one read
// under the reader's limit does. A camera predicted fine is never weak.
func TestConfirmed(t *testing.T) {
	weak, err := Check(straightDown(1920, 1080, 70), 1920, 1080, []string{"SW"})
	if err != nil {
		t.Fatal(err)
	}
	fine, err := Check(straightDown(4608, 2592, 100), 4608, 2592, []string{"SW"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		r      Result
		px     []float64
		finest float64
		want   bool
	}{
		{"every code read at 2 px or more", weak, []float64{3.4, 2, 5}, 2, false},
		{"nothing read", weak, nil, 0, false},
		{"one code at the reader's limit", weak, []float64{3.4, 1.8, 5}, 1.8, true},
		{"a fine camera reading small codes", fine, []float64{1.8}, 1.8, false},
	} {
		finest, got := tc.r.Confirmed(tc.px)
		if got != tc.want || finest != tc.finest {
			t.Errorf("%s: Confirmed(%v) = %g, %v; want %g, %v", tc.name, tc.px, finest, got, tc.finest, tc.want)
		}
	}
}

// TestLightestMode: the Camera Module 3's binned 2304×1296 mode reads the
// default codes from a camera half a metre up; from a metre only the full
// 12 MP mode does; from 1.5 m neither, and the finest mode is named with
// its failing check.
func TestLightestMode(t *testing.T) {
	for _, c := range []struct {
		heightCm float64
		want     int // width of the mode chosen
		ok       bool
	}{{50, 2304, true}, {100, 4608, true}, {150, 4608, false}} {
		m, r, err := Lightest(straightDown(4608, 2592, c.heightCm), []string{"SA", "SW"}, PiModes)
		if err != nil {
			t.Fatal(err)
		}
		if m.Width != c.want || r.OK() != c.ok {
			t.Errorf("camera %.0f cm up: mode %v, check ok %v (%.1f px per module), want %d px wide, ok %v", c.heightCm, m, r.OK(), r.PxPerModule, c.want, c.ok)
		}
	}
	if _, _, err := Lightest(straightDown(4608, 2592, 100), []string{"SA"}, nil); err == nil {
		t.Error("no modes: no error")
	}
}
