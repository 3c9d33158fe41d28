package calibration

import (
	"fmt"
	"math"
	"strings"

	"github.com/tableref/tableref/vision/geom"
)

// How good a table fit is, by its rms error (Plane.RMSMM). A flat sheet
// seen from above fits to 0.1–0.3 mm; cells are a card (some 63 mm)
// apart and a card is judged off its cell from a quarter of a cell, so an
// error of a millimetre or two does not yet misplace a card, but it says
// the plane is not the table's: a curled sheet, a sheet off the table, a
// misread corner. Such a fit is worth redoing before a game.
const (
	// FitGood is the largest rms error of a good fit.
	FitGood = 0.5
	// FitRedo is the rms error from which the fit should be redone.
	FitRedo = 1.0
)

// Fit levels.
const (
	FitLevelGood  = "good"
	FitLevelFair  = "fair"
	FitLevelRedo  = "redo"
	tiltAdviceDeg = 15 // a view slanted more than this stretches the codes
	smallModulePx = 4  // below this many pixels per module corners are read coarsely
)

// FitAdvice says whether a table calibration is good enough and, when it is
// not, how to redo it.
type FitAdvice struct {
	Level string // FitLevelGood, FitLevelFair or FitLevelRedo
	// Text is one line for the user: the verdict with the rms error, and
	// the steps most likely to help, the likeliest first.
	Text string
}

// Advice judges the table fit. modulePx is the smallest module size in
// pixels among the codes the fit used (0 when unknown): small modules mean
// coarse corners, which more light, a sharper focus or a closer camera
// fix.
func (t *Plane) Advice(modulePx float64) FitAdvice {
	rms := t.RMSMM
	var a FitAdvice
	switch {
	case rms <= FitGood:
		a.Level = FitLevelGood
		a.Text = fmt.Sprintf("fit %.2f mm rms: good (a flat sheet seen from above gives 0.1–0.3 mm)", rms)
		return a
	case rms <= FitRedo:
		a.Level = FitLevelFair
		a.Text = fmt.Sprintf("fit %.2f mm rms: usable, but a flat sheet seen from above gives 0.1–0.3 mm", rms)
	default:
		a.Level = FitLevelRedo
		a.Text = fmt.Sprintf("fit %.2f mm rms: poor (a flat sheet seen from above gives 0.1–0.3 mm); redo it", rms)
	}
	var steps []string
	if t.Source == SourceCodes {
		steps = append(steps, "use the printed calibration sheet ('tableref print markers calibration') instead of the cards' codes: cards warp and their codes are printed less exactly")
	}
	steps = append(steps, "lay the sheet flat on the table (tape its corners: a curled or creased sheet bends the plane)")
	if tilt := t.Tilt(); tilt > tiltAdviceDeg {
		steps = append(steps, fmt.Sprintf("aim the camera straighter down (the view is slanted about %.0f°; under %d° is best)", tilt, tiltAdviceDeg))
	}
	if modulePx > 0 && modulePx < smallModulePx {
		steps = append(steps, fmt.Sprintf("more light and a sharp focus, or the camera closer (the codes' modules are only %.1f px; 4 or more is best)", modulePx))
	} else {
		steps = append(steps, "even light without glare or shadow on the codes")
	}
	a.Text += ": " + strings.Join(steps, "; ")
	return a
}

// Tilt estimates how far from straight down the camera looks at the
// table, in degrees, from how the scale of the view changes across the
// frame (a camera looking straight down sees every part of the table at
// the same scale). It is 0 for a table without an image size.
func (t *Plane) Tilt() float64 {
	w, h := float64(t.Image[0]), float64(t.Image[1])
	if w <= 0 || h <= 0 {
		return 0
	}
	s := func(x, y float64) float64 { return t.H.LocalScale(geom.Pt{X: x, Y: y}) }
	// The square root of the area each pixel covers, at opposite edges:
	// for a pinhole camera tilted by θ it grows with the distance and the
	// slant of the ray, as cos(θ±φ)^-1.5 for a ray φ off the axis, so the
	// ratio between the edges is (cos(θ−φ)/cos(θ+φ))^1.5 =
	// ((1+tanθ·tanφ)/(1−tanθ·tanφ))^1.5, solved for θ below with φ about
	// 20° (half the narrow side of a 66° × 40° view at 16:9).
	ratio := math.Max(math.Max(s(w/2, 0)/s(w/2, h), s(w/2, h)/s(w/2, 0)),
		math.Max(s(0, h/2)/s(w, h/2), s(w, h/2)/s(0, h/2)))
	if !(ratio > 1) || math.IsInf(ratio, 0) {
		return 0
	}
	r := math.Pow(ratio, 2.0/3)
	k := (r - 1) / (r + 1) // tanθ·tanφ
	return math.Atan(k/math.Tan(20*math.Pi/180)) * 180 / math.Pi
}
