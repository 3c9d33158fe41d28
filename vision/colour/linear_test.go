package colour

import (
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestLabOfAgreesWithOpenCV: the linear-light path gives the Lab OpenCV
// gives for the same sRGB patch, and RGBOf undoes LabOf.
func TestLabOfAgreesWithOpenCV(t *testing.T) {
	for _, bgr := range [][3]uint8{{30, 30, 200}, {200, 80, 40}, {35, 30, 30}, {60, 150, 40}, {145, 140, 140}, {240, 240, 240}} {
		cell := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(bgr[0]), float64(bgr[1]), float64(bgr[2]), 0), 8, 8, gocv.MatTypeCV8UC3)
		want, err := MeanLab(cell, 0)
		cell.Close()
		if err != nil {
			t.Fatal(err)
		}
		rgb := Linear(bgr[0], bgr[1], bgr[2])
		got := LabOf(rgb)
		if d := got.Dist(want); d > 0.5 {
			t.Errorf("%v: LabOf %+v, OpenCV %+v (ΔE %.2f)", bgr, got, want, d)
		}
		back := RGBOf(got)
		for k := range back {
			if math.Abs(back[k]-rgb[k]) > 1e-6 {
				t.Errorf("%v: RGBOf(LabOf) = %v, want %v", bgr, back, rgb)
				break
			}
		}
	}
}

// TestRobustMeanDropsOutliers: a glint among a patch's pixels does not
// move its mean.
func TestRobustMeanDropsOutliers(t *testing.T) {
	px := make([]Lab, 100)
	for i := range px {
		px[i] = Lab{40 + float64(i%3), 20, -30}
	}
	px[7], px[50] = Lab{100, 0, 0}, Lab{98, 1, 1}
	m, err := RobustMean(px)
	if err != nil {
		t.Fatal(err)
	}
	if m.Dist(Lab{41, 20, -30}) > 0.5 {
		t.Errorf("mean %+v, want about 41 20 -30", m)
	}
	if _, err := RobustMean(nil); err == nil {
		t.Error("no pixels: no error")
	}
}
