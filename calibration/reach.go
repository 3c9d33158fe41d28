package calibration

import (
	"fmt"

	"github.com/tableref/tableref/vision/geom"
)

// FarEdge returns the size on the table of one pixel where frames of
// w×h pixels see the calibrated table coarsest, and where that is: the
// worst of the view's corners and edge middles (a camera tilted over the
// table sees its far edge coarser than the middle). The codes lying there
// are the hardest to read.
func (t *Plane) FarEdge(w, h int) (mmPerPx float64, where string, err error) {
	H, err := t.For(w, h)
	if err != nil {
		return 0, "", err
	}
	W, Ht := float64(w), float64(h)
	spots := []struct {
		at   geom.Pt
		name string
	}{
		{geom.Pt{X: 0, Y: 0}, "top-left corner"}, {geom.Pt{X: W / 2, Y: 0}, "top edge"}, {geom.Pt{X: W, Y: 0}, "top-right corner"},
		{geom.Pt{X: W, Y: Ht / 2}, "right edge"}, {geom.Pt{X: W, Y: Ht}, "bottom-right corner"}, {geom.Pt{X: W / 2, Y: Ht}, "bottom edge"},
		{geom.Pt{X: 0, Y: Ht}, "bottom-left corner"}, {geom.Pt{X: 0, Y: Ht / 2}, "left edge"},
	}
	for _, s := range spots {
		// LocalScale is the area scale (mm² per px²) square-rooted: the
		// side of one pixel on the table.
		if v := H.LocalScale(s.at); v > mmPerPx {
			mmPerPx, where = v, s.name
		}
	}
	if !(mmPerPx > 0) {
		return 0, "", fmt.Errorf("%w: the table plane maps the view to nothing", ErrInvalid)
	}
	return mmPerPx, where + " of the view", nil
}
