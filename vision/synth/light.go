package synth

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/colour"
	"github.com/tableref/tableref/vision/geom"
)

// Light is the colour of the light falling on the table, as the camera's
// fixed white balance sees it: linear RGB gains, {1, 1, 1} being the
// neutral light the camera is balanced for. A real room mixes a window's
// daylight with a warm lamp on one side, so the cast changes across the
// table; a single white balance (or a single white correction) cannot
// undo both ends at once. Rendering multiplies each pixel's linear RGB by
// the light at the table point it shows, then exposes the frame so that
// the brightest light just does not clip.
type Light struct {
	// Cast is the light everywhere (daylight, a ceiling lamp); zero means
	// neutral {1, 1, 1}.
	Cast [3]float64 `json:"cast,omitempty"`
	// Lamp is a point light beside the table adding its own colour,
	// falling off with distance; nil for none.
	Lamp *Lamp `json:"lamp,omitempty"`
}

// Lamp is a point light: a desk lamp or a bulb beside the table.
type Lamp struct {
	// At is where the bulb is: table mm, z its height above the table.
	At [3]float64 `json:"at_mm"`
	// Colour is its light in linear RGB (a warm bulb: more red than blue).
	Colour [3]float64 `json:"colour"`
	// Power is how bright it is at the table origin against the cast: 2
	// means twice the cast's light there.
	Power float64 `json:"power"`
}

// Some lights to use: a warm tungsten-like cast for a camera balanced for
// daylight, and that same warm bulb as a lamp.
var (
	Warm     = [3]float64{1, 0.78, 0.5}
	Daylight = [3]float64{0.92, 0.97, 1.08}
)

func (l Light) active() bool { return l.Cast != ([3]float64{}) || l.Lamp != nil }

func (l Light) cast() [3]float64 {
	if l.Cast == ([3]float64{}) {
		return [3]float64{1, 1, 1}
	}
	return l.Cast
}

// lampAt is the lamp's light on table point p (without shadows): its
// power falls with the square of the distance and the slant it hits the
// table at, relative to the table origin.
func (l Light) lampAt(p geom.Pt) [3]float64 {
	if l.Lamp == nil {
		return [3]float64{}
	}
	a := l.Lamp.At
	irr := func(x, y float64) float64 {
		dx, dy, dz := a[0]-x, a[1]-y, a[2]
		d2 := dx*dx + dy*dy + dz*dz
		return math.Max(dz, 1) / (d2 * math.Sqrt(d2))
	}
	k := l.Lamp.Power * irr(p.X, p.Y) / irr(0, 0)
	return [3]float64{k * l.Lamp.Colour[0], k * l.Lamp.Colour[1], k * l.Lamp.Colour[2]}
}

// At is the light falling on table point p, lamp included (as if no
// solid shaded it), before exposure.
func (l Light) At(p geom.Pt) [3]float64 {
	c, m := l.cast(), l.lampAt(p)
	return [3]float64{c[0] + m[0], c[1] + m[1], c[2] + m[2]}
}

// linearToSRGB encodes a linear value (0..1, in 4096 steps) as 8 bits.
var linearToSRGB = func() [4097]uint8 {
	var t [4097]uint8
	for i := range t {
		v := float64(i) / 4096
		if v <= 0.0031308 {
			v *= 12.92
		} else {
			v = 1.055*math.Pow(v, 1/2.4) - 0.055
		}
		t[i] = clamp8(v * 255)
	}
	return t
}()

// illuminate lights the frame: each pixel's linear RGB times the light at
// the table point it shows (only the cast where shade, a mask of the
// lamp's shadows, is set), exposed so the brightest light on the frame
// reaches 1.
func illuminate(frame *gocv.Mat, s Scene, shade gocv.Mat) {
	l := s.Effect.Light
	inv, ok := s.Camera.Inverse()
	if !ok {
		return
	}
	// The light changes slowly: compute it on a coarse grid, then
	// interpolate, as light does for uneven light.
	const gw, gh = 64, 36
	type rgb = [3]float64
	cast := l.cast()
	lamp := make([]rgb, gw*gh)
	top := math.Max(cast[0], math.Max(cast[1], cast[2]))
	for y := 0; y < gh; y++ {
		for x := 0; x < gw; x++ {
			p := inv.Apply(geom.Pt{X: float64(x) / (gw - 1) * float64(s.Width), Y: float64(y) / (gh - 1) * float64(s.Height)})
			m := l.lampAt(p)
			lamp[y*gw+x] = m
			for k := range m {
				top = math.Max(top, cast[k]+m[k])
			}
		}
	}
	exposure := 1 / top
	var shadePx []uint8
	if !shade.Empty() {
		shadePx, _ = shade.DataPtrUint8()
	}
	px, _ := frame.DataPtrUint8()
	w, h := s.Width, s.Height
	for y := 0; y < h; y++ {
		fy := float64(y) / float64(h) * (gh - 1)
		y0 := int(fy)
		y1 := min(y0+1, gh-1)
		ty := fy - float64(y0)
		for x := 0; x < w; x++ {
			fx := float64(x) / float64(w) * (gw - 1)
			x0 := int(fx)
			x1 := min(x0+1, gw-1)
			tx := fx - float64(x0)
			i := y*w + x
			// In a lamp shadow only a tenth of the lamp's light reaches
			// (what the room bounces back).
			lampShare := 1.0
			if shadePx != nil {
				lampShare = 1 - 0.9*float64(shadePx[i])/255
			}
			var g [3]float64
			for k := 0; k < 3; k++ {
				m := (lamp[y0*gw+x0][k]*(1-tx)+lamp[y0*gw+x1][k]*tx)*(1-ty) + (lamp[y1*gw+x0][k]*(1-tx)+lamp[y1*gw+x1][k]*tx)*ty
				g[k] = (cast[k] + lampShare*m) * exposure
			}
			// BGR order in the frame: channel 2-k holds RGB k.
			j := i * 3
			v := [3]float64(colour.Linear(px[j], px[j+1], px[j+2]))
			v = underLight(v, g)
			for k := 0; k < 3; k++ {
				px[j+2-k] = linearToSRGB[int(math.Min(1, v[k])*4096)]
			}
		}
	}
}

// spectralBleed is how much of a channel's colour a weak light loses to
// the surface's overall lightness. A camera channel integrates a band of
// the spectrum; where the light is weak in that band (blue under a warm
// bulb), what the channel records comes more from the band's edges, which
// a saturated surface reflects like its neighbours. So under warm light a
// blue tile is not just darker in blue: it is greyer, and no per-channel
// white correction brings it back — which is what real cameras show (a
// blue tile under a lamp read ~18 ΔE off its daylight look).
const spectralBleed = 0.6

// underLight is a surface of linear reflectance v (RGB) lit by light g:
// each channel times its light, a weak channel's colour partly replaced
// by the surface's luminance (spectralBleed).
func underLight(v, g [3]float64) [3]float64 {
	top := math.Max(g[0], math.Max(g[1], g[2]))
	y := 0.2126*v[0] + 0.7152*v[1] + 0.0722*v[2]
	var out [3]float64
	for k := range v {
		a := 0.0
		if top > 0 {
			a = spectralBleed * (1 - g[k]/top)
		}
		out[k] = ((1-a)*v[k] + a*y) * g[k]
	}
	return out
}

// shadowMask is a frame-sized 8-bit mask of where the solids keep the
// lamp's light off the table: each solid's footprint swept away from the
// bulb, softened by a pixel or two. Empty when there is no lamp or no
// solid.
func shadowMask(s Scene) gocv.Mat {
	l := s.Effect.Light.Lamp
	if l == nil || len(s.Solids) == 0 {
		return gocv.NewMat()
	}
	mask := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8U)
	for _, so := range s.Solids {
		var pts []geom.Pt
		for _, p := range so.Footprint {
			pts = append(pts, p, dropFrom(l.At, p, so.Height))
		}
		hull := convexHull(pts)
		poly := make([]image.Point, len(hull))
		for i, p := range hull {
			poly[i] = pt(s.Camera.Apply(p))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		gocv.FillPolyWithParams(&mask, pv, color.RGBA{R: 255, G: 255, B: 255, A: 255}, gocv.LineAA, 0, image.Pt(0, 0))
		pv.Close()
	}
	gocv.GaussianBlur(mask, &mask, image.Pt(0, 0), 1.5, 1.5, gocv.BorderReflect)
	// A solid's own top and sides stand in the light (its shadow falls
	// on the table behind it).
	for _, so := range s.Solids {
		for _, q := range visibleFaces(s, so) {
			fillTable(&mask, s, q, [3]uint8{})
		}
	}
	return mask
}

// dropFrom is where the point at height h above table point p falls on
// the table along the ray from a point source at src (a bulb, or the
// camera's centre).
func dropFrom(src [3]float64, p geom.Pt, h float64) geom.Pt {
	if src[2] <= h {
		return p
	}
	k := src[2] / (src[2] - h)
	return geom.Pt{X: src[0] + (p.X-src[0])*k, Y: src[1] + (p.Y-src[1])*k}
}

// convexHull is the hull of points (Andrew's monotone chain).
func convexHull(pts []geom.Pt) []geom.Pt {
	ps := append([]geom.Pt(nil), pts...)
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && (ps[j].X < ps[j-1].X || ps[j].X == ps[j-1].X && ps[j].Y < ps[j-1].Y); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
	cross := func(o, a, b geom.Pt) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var hull []geom.Pt
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for _, p := range ps {
			for len(hull) >= start+2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1]
		for i, j := 0, len(ps)-1; i < j; i, j = i+1, j-1 {
			ps[i], ps[j] = ps[j], ps[i]
		}
	}
	return hull
}
