package qr

import (
	"math"

	"github.com/tableref/tableref/vision/geom"
)

// finderCentre refines a finder pattern's centre (frame pixels) to the
// centroid of the darkness of its middle 3×3-module square. The decoder's
// centres come from run lengths counted in whole pixels of a thresholded
// crop: at 3 px a module they can be a third of a pixel off, which a
// calibration fitted to the codes' corners feels. The square is symmetric
// about the centre, so its darkness balances there, blurred or not (lens
// and motion blur are symmetric too). The window is the 4×4-module square
// around the estimate, along the code's own axes (ex, ey: one module):
// its edge runs through the light band between the middle square and the
// pattern's ring, so moving the window never pulls in more dark on one
// side (a window cutting the ring drifts toward it). The estimate moves to
// the centroid until it settles; a window leaving the frame, or a move of
// more than a module, keeps the decoder's centre.
func (p plane) finderCentre(c, ex, ey geom.Pt) geom.Pt {
	det := ex.X*ey.Y - ex.Y*ey.X
	m := math.Sqrt(math.Abs(det))
	if m < 1.5 || math.Abs(det) < 1e-9 {
		return c
	}
	// frame offset → module coordinates
	ia, ib, ic, id := ey.Y/det, -ey.X/det, -ex.Y/det, ex.X/det
	reach := 2.1 * (math.Abs(ex.X) + math.Abs(ey.X) + math.Abs(ex.Y) + math.Abs(ey.Y)) / 2
	start := c
	for iter := 0; iter < 5; iter++ {
		x0, y0 := int(math.Floor(c.X-reach)), int(math.Floor(c.Y-reach))
		x1, y1 := int(math.Ceil(c.X+reach)), int(math.Ceil(c.Y+reach))
		if x0 < 0 || y0 < 0 || x1 >= p.w || y1 >= p.h {
			return start
		}
		lo, hi := 255, 0
		for y := y0; y <= y1; y++ {
			for _, v := range p.px[y*p.w+x0 : y*p.w+x1+1] {
				lo, hi = min(lo, int(v)), max(hi, int(v))
			}
		}
		if hi-lo < 24 {
			return start
		}
		t := float64(lo+hi) / 2
		var sw, sx, sy float64
		for y := y0; y <= y1; y++ {
			dy := float64(y) - c.Y
			row := p.px[y*p.w:]
			for x := x0; x <= x1; x++ {
				w := t - float64(row[x])
				if w <= 0 {
					continue
				}
				dx := float64(x) - c.X
				u, v := ia*dx+ib*dy, ic*dx+id*dy
				// a soft edge a quarter module wide, so the sum moves
				// smoothly with c
				edge := math.Min(2-math.Abs(u), 2-math.Abs(v))*4 + 0.5
				if edge <= 0 {
					continue
				}
				w *= math.Min(1, edge)
				sw += w
				sx += w * dx
				sy += w * dy
			}
		}
		if sw == 0 {
			return start
		}
		next := c.Add(geom.Pt{X: sx / sw, Y: sy / sw})
		if next.Dist(start) > m {
			return start
		}
		moved := next.Dist(c)
		c = next
		if moved < 0.01 {
			break
		}
	}
	return c
}
