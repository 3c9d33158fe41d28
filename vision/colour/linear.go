package colour

import (
	"fmt"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// RGB is a colour in linear light (sRGB primaries, not gamma-encoded),
// each channel 0..1: what a camera's sensor measured before its tone
// curve, where a change of light multiplies each channel (von Kries), so
// white correction is a per-channel gain.
type RGB [3]float64

// decode is the sRGB decoding of each 8-bit level.
var decode = func() [256]float64 {
	var t [256]float64
	for i := range t {
		v := float64(i) / 255
		if v <= 0.04045 {
			t[i] = v / 12.92
		} else {
			t[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return t
}()

// Linear decodes one sRGB pixel given in OpenCV's BGR order.
func Linear(b, g, r uint8) RGB { return RGB{decode[r], decode[g], decode[b]} }

// LinearPixels decodes an 8-bit BGR image into linear RGB, row by row.
func LinearPixels(img gocv.Mat) ([]RGB, error) {
	if img.Empty() || img.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("%w: want a non-empty 8-bit BGR image", ErrCell)
	}
	m := img
	if !img.IsContinuous() {
		m = img.Clone()
		defer m.Close()
	}
	px, err := m.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCell, err)
	}
	out := make([]RGB, len(px)/3)
	for i := range out {
		out[i] = Linear(px[3*i], px[3*i+1], px[3*i+2])
	}
	return out, nil
}

// Scale multiplies each channel by the gains g.
func (c RGB) Scale(g RGB) RGB { return RGB{c[0] * g[0], c[1] * g[1], c[2] * g[2]} }

// d65 is the reference white CIE L*a*b* is taken against here.
var d65 = [3]float64{0.95047, 1, 1.08883}

// LabOf is the CIE L*a*b* (D65) of a linear sRGB colour.
func LabOf(c RGB) Lab {
	x := 0.4124564*c[0] + 0.3575761*c[1] + 0.1804375*c[2]
	y := 0.2126729*c[0] + 0.7151522*c[1] + 0.0721750*c[2]
	z := 0.0193339*c[0] + 0.1191920*c[1] + 0.9503041*c[2]
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x/d65[0]), f(y/d65[1]), f(z/d65[2])
	return Lab{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// RGBOf is the linear sRGB colour of a CIE L*a*b* (D65) colour: LabOf's
// inverse (channels may leave 0..1 for colours outside sRGB).
func RGBOf(l Lab) RGB {
	fy := (l.L + 16) / 116
	fx := fy + l.A/500
	fz := fy - l.B/200
	inv := func(t float64) float64 {
		if t3 := t * t * t; t3 > 216.0/24389 {
			return t3
		}
		return (116*t - 16) * 27 / 24389
	}
	x, y, z := d65[0]*inv(fx), d65[1]*inv(fy), d65[2]*inv(fz)
	return RGB{
		3.2404542*x - 1.5371385*y - 0.4985314*z,
		-0.9692660*x + 1.8760108*y + 0.0415560*z,
		0.0556434*x - 0.2040259*y + 1.0572252*z,
	}
}

// RobustMean is the mean of colours without the outliers (specular
// glints, a grid line, a neighbour's edge): colours further from the
// per-channel median than 3 median deviations (at least 6 ΔE) are left
// out, as MeanLab does.
func RobustMean(cs []Lab) (Lab, error) {
	if len(cs) == 0 {
		return Lab{}, fmt.Errorf("%w: no pixels", ErrCell)
	}
	ch := make([]float64, len(cs))
	med := func(get func(Lab) float64) float64 {
		for i, c := range cs {
			ch[i] = get(c)
		}
		sort.Float64s(ch)
		return ch[len(ch)/2]
	}
	m := Lab{med(func(c Lab) float64 { return c.L }), med(func(c Lab) float64 { return c.A }), med(func(c Lab) float64 { return c.B })}
	d := make([]float64, len(cs))
	for i, c := range cs {
		d[i] = m.Dist(c)
	}
	copy(ch, d)
	sort.Float64s(ch)
	limit := math.Max(6, 3*ch[len(ch)/2])
	var sum Lab
	n := 0
	for i, c := range cs {
		if d[i] <= limit {
			sum.L, sum.A, sum.B = sum.L+c.L, sum.A+c.A, sum.B+c.B
			n++
		}
	}
	return Lab{sum.L / float64(n), sum.A / float64(n), sum.B / float64(n)}, nil
}
