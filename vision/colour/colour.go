// Package colour samples the colour of rectified cells (shaker cubes, city
// tiles) in CIE L*a*b*, where distances roughly match what players see, so
// later classification against calibrated profiles is a nearest-neighbour
// test.
package colour

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// Lab is a CIE L*a*b* colour (D65): L in 0..100, a and b roughly -128..127.
type Lab struct{ L, A, B float64 }

// Dist is the CIE76 colour difference ΔE.
func (c Lab) Dist(o Lab) float64 {
	return math.Sqrt((c.L-o.L)*(c.L-o.L) + (c.A-o.A)*(c.A-o.A) + (c.B-o.B)*(c.B-o.B))
}

// ErrCell marks a cell that cannot be sampled.
var ErrCell = errors.New("colour: bad cell")

// Rectify warps the quad (image pixels, corners clockwise from top-left) of
// frame into a side×side BGR image. The caller closes the result.
func Rectify(frame gocv.Mat, q geom.Quad, side int) (gocv.Mat, error) {
	if frame.Empty() || frame.Channels() != 3 {
		return gocv.NewMat(), fmt.Errorf("%w: frame must be 8-bit BGR", ErrCell)
	}
	if side < 2 || side > 1024 {
		return gocv.NewMat(), fmt.Errorf("%w: side %d", ErrCell, side)
	}
	s := float64(side)
	h, ok := geom.FromQuads(q, geom.Rect(0, 0, s, s))
	if !ok {
		return gocv.NewMat(), fmt.Errorf("%w: degenerate quad %v", ErrCell, q)
	}
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i, v := range h {
		m.SetDoubleAt(i/3, i%3, v)
	}
	out := gocv.NewMat()
	gocv.WarpPerspectiveWithParams(frame, &out, m, image.Pt(side, side), gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	return out, nil
}

// MeanLab is the mean colour of a rectified BGR cell, ignoring a border of
// inset (0..0.45, as a fraction of the side) where the cell's edges and
// neighbours bleed in, and robust to specular highlights and a few stray
// pixels: pixels far from the median colour (more than 3 median absolute
// deviations, at least 6 ΔE) are left out of the mean.
func MeanLab(cell gocv.Mat, inset float64) (Lab, error) {
	if cell.Empty() || cell.Channels() != 3 || cell.Type() != gocv.MatTypeCV8UC3 {
		return Lab{}, fmt.Errorf("%w: want a non-empty 8-bit BGR cell", ErrCell)
	}
	if inset < 0 || inset > 0.45 {
		return Lab{}, fmt.Errorf("%w: inset %v outside 0..0.45", ErrCell, inset)
	}
	w, h := cell.Cols(), cell.Rows()
	dx, dy := int(float64(w)*inset), int(float64(h)*inset)
	roi := cell.Region(image.Rect(dx, dy, w-dx, h-dy))
	defer roi.Close()
	f := gocv.NewMat()
	defer f.Close()
	// Float input makes OpenCV return true L*a*b* values, not 8-bit codes.
	roi.ConvertTo(&f, gocv.MatTypeCV32FC3)
	f.DivideFloat(255)
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(f, &lab, gocv.ColorBGRToLab)
	if !lab.IsContinuous() {
		c := lab.Clone()
		lab.Close()
		lab = c
	}
	v, err := lab.DataPtrFloat32()
	if err != nil || len(v) < 3 {
		return Lab{}, fmt.Errorf("%w: empty after inset", ErrCell)
	}
	n := len(v) / 3
	med := Lab{median(v, 0), median(v, 1), median(v, 2)}
	d := make([]float64, n)
	for i := 0; i < n; i++ {
		d[i] = med.Dist(Lab{float64(v[3*i]), float64(v[3*i+1]), float64(v[3*i+2])})
	}
	sorted := append([]float64(nil), d...)
	sort.Float64s(sorted)
	limit := math.Max(6, 3*sorted[n/2])
	var sum Lab
	k := 0
	for i := 0; i < n; i++ {
		if d[i] <= limit {
			sum.L += float64(v[3*i])
			sum.A += float64(v[3*i+1])
			sum.B += float64(v[3*i+2])
			k++
		}
	}
	return Lab{sum.L / float64(k), sum.A / float64(k), sum.B / float64(k)}, nil
}

func median(v []float32, ch int) float64 {
	n := len(v) / 3
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(v[3*i+ch])
	}
	sort.Float64s(s)
	return s[n/2]
}
