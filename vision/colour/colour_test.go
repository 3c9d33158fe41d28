package colour

import (
	"errors"
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

func TestMeanLabIgnoresSpecularPixels(t *testing.T) {
	// A red cell (sRGB 200,30,30 → L*≈43.5 a*≈63 b*≈45) with a white
	// glint covering ~6% and a black border line that the inset removes.
	cell := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(30, 30, 200, 0), 40, 40, gocv.MatTypeCV8UC3)
	defer cell.Close()
	gocv.Circle(&cell, image.Pt(20, 18), 5, color.RGBA{R: 255, G: 255, B: 255}, -1)
	gocv.Rectangle(&cell, image.Rect(0, 0, 40, 40), color.RGBA{}, 2)
	got, err := MeanLab(cell, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	want := Lab{43.5, 63.5, 45.2}
	if d := got.Dist(want); d > 2 {
		t.Errorf("MeanLab = %+v, want ≈ %+v (ΔE %.1f)", got, want, d)
	}
	// A plain mean would be pulled towards white: make sure the test can
	// tell the difference.
	if m := cell.Mean(); math.Abs(m.Val3-200) < 3 {
		t.Fatalf("glint too small to matter: mean red %v", m.Val3)
	}
}

func TestRectifyThenSample(t *testing.T) {
	frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 200, 200, 0), 100, 100, gocv.MatTypeCV8UC3)
	defer frame.Close()
	pts := gocv.NewPointsVectorFromPoints([][]image.Point{{{30, 20}, {70, 30}, {60, 70}, {20, 60}}})
	defer pts.Close()
	gocv.FillPoly(&frame, pts, color.RGBA{R: 20, G: 60, B: 180})
	cell, err := Rectify(frame, geom.Quad{{X: 30, Y: 20}, {X: 70, Y: 30}, {X: 60, Y: 70}, {X: 20, Y: 60}}, 32)
	if err != nil {
		t.Fatal(err)
	}
	defer cell.Close()
	got, err := MeanLab(cell, 0.15)
	if err != nil {
		t.Fatal(err)
	}
	blue := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(180, 60, 20, 0), 4, 4, gocv.MatTypeCV8UC3)
	defer blue.Close()
	want, _ := MeanLab(blue, 0)
	if d := got.Dist(want); d > 2 {
		t.Errorf("rectified cell %+v, want %+v", got, want)
	}
}

func TestBadCells(t *testing.T) {
	empty := gocv.NewMat()
	defer empty.Close()
	grey := gocv.NewMatWithSize(10, 10, gocv.MatTypeCV8U)
	defer grey.Close()
	for _, m := range []gocv.Mat{empty, grey} {
		if _, err := MeanLab(m, 0); !errors.Is(err, ErrCell) {
			t.Errorf("MeanLab: %v, want ErrCell", err)
		}
	}
	bgr := gocv.NewMatWithSize(10, 10, gocv.MatTypeCV8UC3)
	defer bgr.Close()
	if _, err := MeanLab(bgr, 0.5); !errors.Is(err, ErrCell) {
		t.Errorf("inset 0.5: %v", err)
	}
	if m, err := Rectify(bgr, geom.Quad{}, 8); !errors.Is(err, ErrCell) {
		m.Close()
		t.Errorf("degenerate quad: %v", err)
	}
}
