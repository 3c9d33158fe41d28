package colourgrid

import (
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/vision/colour"
	"github.com/tableref/tableref/vision/geom"
)

// Paper is what white paper reads as once corrected: the linear level of
// a printed sheet in neutral light (sRGB 240), so a corrected colour is
// the colour as it would look beside such paper under daylight.
const Paper = 0.87

// light is the light falling on a mat or board: the linear RGB of white
// paper at each point of its layout, as exp of a low-order surface per
// channel fitted to where white (or a known colour) was seen. A desk lamp
// beside the table makes the light warmer and brighter on one side of a
// board than on the other; four corners give a bilinear field, and the
// board's own empty squares, whose look was captured, bend it where the
// light does not change linearly.
type light struct {
	toUnit geom.H // layout mm → unit square of the four corner codes
	coef   [3][]float64
}

// whitePoint is one place where the light is known: the paper's linear
// RGB there, and how much to trust it.
type whitePoint struct {
	at     geom.Pt // layout mm
	white  colour.RGB
	weight float64
}

// basis is the surface's terms at unit position (u, v): bilinear, and
// with quadratic terms when there are enough points to bend it.
func basis(u, v float64, quad bool) []float64 {
	if quad {
		return []float64{1, u, v, u * v, u * u, v * v}
	}
	return []float64{1, u, v, u * v}
}

// fitLight fits the light to the points (the four corners first). With
// only the corners it is their bilinear interpolation; with at least six
// more points it gains the quadratic terms, lightly damped so a few
// points near one edge cannot throw the far side out.
func fitLight(l calibration.Layout, pts []whitePoint) light {
	return fitLightTerms(l, pts, len(pts) >= 10)
}

// fitLightTerms fits the light with or without the quadratic terms.
func fitLightTerms(l calibration.Layout, pts []whitePoint, quad bool) light {
	toUnit, ok := geom.FromQuads(l.ToLayoutQuad(), geom.Rect(0, 0, 1, 1))
	if !ok {
		toUnit = geom.Identity()
	}
	out := light{toUnit: toUnit}
	n := len(basis(0, 0, quad))
	for k := 0; k < 3; k++ {
		// Weighted least squares on log light, normal equations.
		a := make([][]float64, n)
		for i := range a {
			a[i] = make([]float64, n+1)
		}
		for _, p := range pts {
			if p.white[k] <= 1e-4 {
				continue
			}
			u := toUnit.Apply(p.at)
			b := basis(u.X, u.Y, quad)
			y := math.Log(p.white[k])
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					a[i][j] += p.weight * b[i] * b[j]
				}
				a[i][n] += p.weight * b[i] * y
			}
		}
		for i := 1; i < n; i++ {
			a[i][i] += 1e-3 // damping: no term runs away
		}
		out.coef[k] = solve(a)
	}
	return out
}

// white is the paper's linear RGB at layout point p.
func (l light) white(p geom.Pt) colour.RGB {
	u := l.toUnit.Apply(p)
	var out colour.RGB
	for k := range out {
		b := basis(u.X, u.Y, len(l.coef[k]) > 4)
		s := 0.0
		for i, c := range l.coef[k] {
			s += c * b[i]
		}
		out[k] = math.Exp(s)
	}
	return out
}

// gains are what corrects a colour seen under white w: Paper over w.
func gains(w colour.RGB) colour.RGB {
	var g colour.RGB
	for k := range g {
		g[k] = Paper / math.Max(w[k], 1e-4)
	}
	return g
}

// solve solves an augmented n×(n+1) system by Gaussian elimination with
// partial pivoting; a singular system gives zeros.
func solve(a [][]float64) []float64 {
	n := len(a)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if math.Abs(a[c][c]) < 1e-12 {
			return make([]float64, n)
		}
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}

// cornerWhites samples the white paper around each corner code (its
// quiet zone, 18 to 22 mm from the code's centre on all four sides): the
// light at the mat's four corners.
func (m Mat) cornerWhites(frame gocv.Mat) ([]whitePoint, error) {
	const in, outer = 18.0, 22.0
	var out []whitePoint
	for _, c := range m.Layout.Markers {
		x, y := c[0], c[1]
		var px []colour.RGB
		for _, q := range []geom.Quad{
			geom.Rect(x-outer, y-outer, x+outer, y-in), geom.Rect(x-outer, y+in, x+outer, y+outer),
			geom.Rect(x-outer, y-in, x-in, y+in), geom.Rect(x+in, y-in, x+outer, y+in),
		} {
			p, err := rectifyLinear(frame, m.ToImage.ApplyQuad(q), 24, 8)
			if err != nil {
				return nil, err
			}
			px = append(px, p...)
		}
		out = append(out, whitePoint{at: geom.Pt{X: x, Y: y}, white: brightMedian(px, 0.5), weight: 4})
	}
	return out, nil
}

// brightMedian is the per-channel q-quantile of pixels (0.5: the median):
// a high quantile finds the paper among darker things on it.
func brightMedian(px []colour.RGB, q float64) colour.RGB {
	var out colour.RGB
	if len(px) == 0 {
		return out
	}
	v := make([]float64, len(px))
	for k := range out {
		for i, p := range px {
			v[i] = p[k]
		}
		sort.Float64s(v)
		out[k] = v[min(len(v)-1, int(q*float64(len(v))))]
	}
	return out
}

// rectifyLinear warps an image quad into a w×h patch and decodes it to
// linear RGB, row by row.
func rectifyLinear(frame gocv.Mat, q geom.Quad, w, h int) ([]colour.RGB, error) {
	img, err := rectify(frame, q, w, h)
	if err != nil {
		return nil, err
	}
	defer img.Close()
	return colour.LinearPixels(img)
}

// rectify warps the quad (image px, NW NE SE SW) of frame into a w×h
// BGR image. The caller closes it.
func rectify(frame gocv.Mat, q geom.Quad, w, h int) (gocv.Mat, error) {
	if frame.Empty() || frame.Type() != gocv.MatTypeCV8UC3 {
		return gocv.NewMat(), colour.ErrCell
	}
	hm, ok := geom.FromQuads(q, geom.Rect(0, 0, float64(w), float64(h)))
	if !ok {
		return gocv.NewMat(), colour.ErrCell
	}
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i, v := range hm {
		m.SetDoubleAt(i/3, i%3, v)
	}
	out := gocv.NewMat()
	gocv.WarpPerspectiveWithParams(frame, &out, m, image.Pt(w, h), gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	return out, nil
}

// lab converts a corrected linear colour to calibration's Lab.
func lab(c colour.RGB) calibration.Lab {
	l := colour.LabOf(c)
	return calibration.Lab{l.L, l.A, l.B}
}

// rgbOfLab is the linear RGB of a calibration Lab.
func rgbOfLab(l calibration.Lab) colour.RGB {
	return colour.RGBOf(colour.Lab{L: l[0], A: l[1], B: l[2]})
}
