package synth

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

func testScene(seed uint64, w, h int, n int, modulePx, tiltDeg float64, e Effects) Scene {
	ppmm := modulePx / (DefaultQRSideMM / 21.0)
	cam, centre := Pose(w, h, 66, ppmm, tiltDeg, 7)
	var payloads []string
	for i := 0; i < n; i++ {
		payloads = append(payloads, fmt.Sprintf("TEST-%03d", i))
	}
	return Scene{Width: w, Height: h, Camera: cam, CameraCentre: centre, Cards: Scatter(seed, cam, w, h, payloads), Effect: e, Seed: seed}
}

func TestRenderDeterministicWithTruth(t *testing.T) {
	s := testScene(3, 1280, 720, 8, 4, 20, Effects{NoiseSigma: 4, JPEGQuality: 80, UnevenLight: 0.5,
		Hands: []Hand{{From: geom.Pt{X: 1280, Y: 720}, To: geom.Pt{X: 1000, Y: 500}, WidthPx: 90}}})
	if len(s.Cards) != 8 {
		t.Fatalf("Scatter placed %d cards, want 8", len(s.Cards))
	}
	a, ta, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, _, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if !bytes.Equal(a.ToBytes(), b.ToBytes()) {
		t.Error("same scene rendered twice gave different pixels")
	}
	if len(ta.Codes) != 8 {
		t.Fatalf("truth has %d codes", len(ta.Codes))
	}
	for _, c := range ta.Codes {
		if c.ModulePx < 3 || c.ModulePx > 5 {
			t.Errorf("%s: module %.2f px, want near 4", c.Payload, c.ModulePx)
		}
		if c.TiltDeg < 2 || c.TiltDeg > 50 {
			t.Errorf("%s: tilt %.1f°, want 2–50 (20° camera tilt plus the field of view)", c.Payload, c.TiltDeg)
		}
		if !c.InFrame {
			t.Errorf("%s: scattered card out of frame", c.Payload)
		}
		// The code's centre must be dark or light paper, not table: check
		// the quiet zone just outside the code's top-left corner is light.
		q := c.Corners
		p := q[0].Add(q[0].Sub(q.Centre()).Scale(0.08))
		v := a.GetVecbAt(int(p.Y), int(p.X))
		if c.Covered == 0 && int(v[0])+int(v[1])+int(v[2]) < 3*90 {
			t.Errorf("%s: quiet zone at %v is dark (%v): truth corners off the code", c.Payload, p, v)
		}
	}
	if dir := os.Getenv("SYNTH_OUT"); dir != "" {
		gocv.IMWrite(filepath.Join(dir, "synth.png"), a)
		_ = ta.WriteJSON(filepath.Join(dir, "synth.json"))
	}
}

func TestRenderRejectsBadScenes(t *testing.T) {
	for _, s := range []Scene{{}, {Width: 10, Height: 10}, {Width: 100000, Height: 100000, Camera: geom.Identity()}} {
		m, _, err := Render(s)
		m.Close()
		if !errors.Is(err, ErrScene) {
			t.Errorf("%dx%d: err %v, want ErrScene", s.Width, s.Height, err)
		}
	}
}

func TestDecoyMarkReachesTruth(t *testing.T) {
	s := testScene(4, 640, 480, 2, 4, 0, Effects{})
	if len(s.Cards) != 2 {
		t.Fatalf("placed %d cards", len(s.Cards))
	}
	s.Cards[1].Decoy = true
	m, truth, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	m.Close()
	if truth.Codes[0].Decoy || !truth.Codes[1].Decoy {
		t.Errorf("decoy marks %v, %v; want false, true", truth.Codes[0].Decoy, truth.Codes[1].Decoy)
	}
}
