package sizing

import "math"

// What a camera straight above the table takes in: a layout must lie
// wholly in view (with a margin, so the outer codes keep their quiet zone
// and a slight tilt does not cut them) to be read from one photo.

// ViewMargin is the margin kept inside the view on every side, mm.
const ViewMargin = 30.0

// View is the table area the camera sees, width (along the image's long
// side) × depth, mm.
func (c Camera) View() (w, d float64) {
	w = 2 * c.HeightCm * 10 * math.Tan(c.HFOVDeg/2*math.Pi/180)
	return w, w / c.Aspect
}

// Fit says how a w × d mm layout (w along the table's west–east) fits the
// view: whether it fits as it lies, whether it fits turned a quarter
// (its long side along the image's long side), the least camera height
// for it to fit as it lies and turned, cm, and the widest-angle lens
// needed at the camera's height as it lies, degrees of horizontal field of
// view.
type Fit struct {
	AsItLies, Turned         bool
	HeightCm, TurnedHeightCm float64
	HFOVDeg                  float64
}

// FitLayout checks a w × d mm layout against the camera.
func (c Camera) FitLayout(w, d float64) Fit {
	need := func(w, d float64) float64 {
		// Height at which both sides plus margins are in view.
		t := math.Tan(c.HFOVDeg / 2 * math.Pi / 180)
		hw := (w + 2*ViewMargin) / (2 * t)
		hd := (d + 2*ViewMargin) * c.Aspect / (2 * t)
		return math.Max(hw, hd) / 10
	}
	f := Fit{HeightCm: need(w, d), TurnedHeightCm: need(d, w)}
	f.AsItLies = f.HeightCm <= c.HeightCm
	f.Turned = f.TurnedHeightCm <= c.HeightCm
	// The horizontal field of view whose view at this height holds the
	// layout as it lies.
	half := math.Max(w+2*ViewMargin, (d+2*ViewMargin)*c.Aspect) / 2
	f.HFOVDeg = 2 * math.Atan(half/(c.HeightCm*10)) * 180 / math.Pi
	return f
}
