// Package art holds the pictures the printed cards carry: map outlines
// of South America, the world and Europe from Natural Earth (public
// domain), the flags of the countries the decks name (flag-icons, MIT),
// and Strange World's banner icons. The data is generated at development
// time by scripts/gen-maps.sh and scripts/gen-flags.sh and embedded here.
package art

import (
	"bytes"
	"embed"
	"encoding/binary"
	"fmt"
	"math"
	"sync"

	"github.com/tableref/tableref/printer/draw"
)

//go:embed data/*.map data/flags
var data embed.FS

// LonLat is a point on the globe in degrees (east and north positive).
type LonLat struct{ Lon, Lat float64 }

// Layer is one layer of a map: land polygons (lakes as holes wound the
// other way) or border lines.
type Layer struct {
	Name  string
	Lines bool
	Rings [][]LonLat
}

// Map is an embedded map window.
type Map struct {
	Name   string
	Layers []Layer
}

// Layer returns the named layer, or nil.
func (m *Map) Layer(name string) *Layer {
	for i := range m.Layers {
		if m.Layers[i].Name == name {
			return &m.Layers[i]
		}
	}
	return nil
}

var (
	mapsMu sync.Mutex
	maps   = map[string]*Map{}
)

// LoadMap returns the embedded map "sa", "world" or "europe".
func LoadMap(name string) (*Map, error) {
	mapsMu.Lock()
	defer mapsMu.Unlock()
	if m, ok := maps[name]; ok {
		return m, nil
	}
	b, err := data.ReadFile("data/" + name + ".map")
	if err != nil {
		return nil, fmt.Errorf("map %q: %w", name, err)
	}
	m, err := decodeMap(name, b)
	if err != nil {
		return nil, err
	}
	maps[name] = m
	return m, nil
}

// decodeMap reads the format scripts/gen-maps.mjs writes (see there).
func decodeMap(name string, b []byte) (*Map, error) {
	const magic = "TRMAP1"
	if !bytes.HasPrefix(b, []byte(magic)) {
		return nil, fmt.Errorf("map %s: not a tableref map file", name)
	}
	r := bytes.NewReader(b[len(magic):])
	bad := func(what string, err error) error {
		return fmt.Errorf("map %s: %s at byte %d: %v", name, what, len(b)-r.Len(), err)
	}
	uv := func() (int, error) {
		v, err := binary.ReadUvarint(r)
		if err == nil && v > 1<<24 {
			err = fmt.Errorf("count %d too large", v)
		}
		return int(v), err
	}
	nl, err := uv()
	if err != nil {
		return nil, bad("layer count", err)
	}
	m := &Map{Name: name}
	for l := 0; l < nl; l++ {
		n, err := uv()
		if err != nil || n > r.Len() {
			return nil, bad("layer name", err)
		}
		nb := make([]byte, n)
		r.Read(nb)
		kind, err := r.ReadByte()
		if err != nil {
			return nil, bad("layer kind", err)
		}
		layer := Layer{Name: string(nb), Lines: kind == 1}
		rings, err := uv()
		if err != nil {
			return nil, bad("ring count", err)
		}
		for i := 0; i < rings; i++ {
			np, err := uv()
			if err != nil {
				return nil, bad("point count", err)
			}
			ring := make([]LonLat, 0, np)
			var x, y int64
			for k := 0; k < np; k++ {
				dx, err1 := binary.ReadVarint(r)
				dy, err2 := binary.ReadVarint(r)
				if err1 != nil || err2 != nil {
					return nil, bad("point", fmt.Errorf("%v %v", err1, err2))
				}
				x, y = x+dx, y+dy
				ring = append(ring, LonLat{float64(x) / 100, float64(y) / 100})
			}
			layer.Rings = append(layer.Rings, ring)
		}
		m.Layers = append(m.Layers, layer)
	}
	return m, nil
}

// Projection maps the globe to a plane (x east, y north, any unit).
type Projection func(LonLat) (x, y float64)

// Equirectangular is the plate carrée with longitudes shrunk by the
// cosine of latitude lat0, true to shape near that latitude.
func Equirectangular(lat0 float64) Projection {
	k := math.Cos(lat0 * math.Pi / 180)
	return func(p LonLat) (float64, float64) { return p.Lon * k, p.Lat }
}

// Azimuthal is the Lambert azimuthal equal-area projection centred on c:
// Europe seen from above the centre, without the stretch of a flat map.
func Azimuthal(c LonLat) Projection {
	rad := math.Pi / 180
	s0, c0 := math.Sincos(c.Lat * rad)
	return func(p LonLat) (float64, float64) {
		s, co := math.Sincos(p.Lat * rad)
		sd, cd := math.Sincos((p.Lon - c.Lon) * rad)
		k := math.Sqrt(2 / (1 + s0*s + c0*co*cd))
		return k * co * sd / rad, k * (c0*s - s0*co*cd) / rad
	}
}

// View is a map window: a projection and the plane rectangle shown.
type View struct {
	Map  string
	Proj Projection
	// X0, Y0 (south-west) to X1, Y1 (north-east), in projected units.
	X0, Y0, X1, Y1 float64
}

// Aspect is the window's height over its width.
func (v View) Aspect() float64 { return (v.Y1 - v.Y0) / (v.X1 - v.X0) }

// ViewAround is a view of map through proj framing the given places with
// a margin (a fraction of the larger side).
func ViewAround(name string, proj Projection, margin float64, places ...LonLat) View {
	v := View{Map: name, Proj: proj, X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for _, p := range places {
		x, y := proj(p)
		v.X0, v.Y0, v.X1, v.Y1 = math.Min(v.X0, x), math.Min(v.Y0, y), math.Max(v.X1, x), math.Max(v.Y1, y)
	}
	m := margin * math.Max(v.X1-v.X0, v.Y1-v.Y0)
	v.X0, v.Y0, v.X1, v.Y1 = v.X0-m, v.Y0-m, v.X1+m, v.Y1+m
	return v
}

// Placed is a view drawn into a box on the page.
type Placed struct {
	View
	X, Y, W, H float64 // the box in mm (x, y its top-left corner)
}

// Place fits v into the box (x, y, w, h) keeping its shape, centred.
func (v View) Place(x, y, w, h float64) Placed {
	s := math.Min(w/(v.X1-v.X0), h/(v.Y1-v.Y0))
	pw, ph := s*(v.X1-v.X0), s*(v.Y1-v.Y0)
	return Placed{View: v, X: x + (w-pw)/2, Y: y + (h-ph)/2, W: pw, H: ph}
}

// MM is where a place lies in the box, in mm, and whether it lies inside.
func (p Placed) MM(ll LonLat) (draw.Pt, bool) {
	x, y := p.Proj(ll)
	pt := draw.Pt{X: p.X + p.W*(x-p.X0)/(p.X1-p.X0), Y: p.Y + p.H*(p.Y1-y)/(p.Y1-p.Y0)}
	in := pt.X >= p.X && pt.X <= p.X+p.W && pt.Y >= p.Y && pt.Y <= p.Y+p.H
	return pt, in
}

// Style colours a map.
type Style struct {
	Sea, Land, Border draw.Color
	BorderWidth       float64 // mm; 0 leaves borders out
}

// Draw paints the map in its box in its own coordinates (the box's
// top-left corner at 0, 0): the sea, the land clipped to the box, and the
// borders. Cards draw it once per document through Canvas.Reuse.
func (p Placed) Draw(c draw.Canvas, st Style) error {
	m, err := LoadMap(p.Map)
	if err != nil {
		return err
	}
	local := p
	local.X, local.Y = 0, 0
	c.Fill(draw.Rect(0, 0, p.W, p.H), st.Sea)
	if land := m.Layer("land"); land != nil {
		var path draw.Path
		for _, ring := range land.Rings {
			poly := make([]draw.Pt, len(ring))
			for i, ll := range ring {
				poly[i], _ = local.MM(ll)
			}
			if clipped := clipPoly(poly, 0, 0, p.W, p.H); len(clipped) >= 3 {
				path = append(path, clipped)
			}
		}
		c.Fill(path, st.Land)
	}
	if b := m.Layer("borders"); b != nil && st.BorderWidth > 0 {
		var path draw.Path
		for _, line := range b.Rings {
			for i := 1; i < len(line); i++ {
				a, _ := local.MM(line[i-1])
				z, _ := local.MM(line[i])
				if a2, z2, ok := clipSeg(a, z, 0, 0, p.W, p.H); ok {
					path = append(path, draw.Line(a2, z2, st.BorderWidth)...)
				}
			}
		}
		c.Fill(path, st.Border)
	}
	return nil
}

// clipPoly is Sutherland–Hodgman against the rectangle x0..x1, y0..y1:
// parts outside collapse onto its edges, which fill nothing.
func clipPoly(poly []draw.Pt, x0, y0, x1, y1 float64) []draw.Pt {
	inside := []func(draw.Pt) bool{
		func(p draw.Pt) bool { return p.X >= x0 }, func(p draw.Pt) bool { return p.X <= x1 },
		func(p draw.Pt) bool { return p.Y >= y0 }, func(p draw.Pt) bool { return p.Y <= y1 },
	}
	cross := []func(a, b draw.Pt) draw.Pt{
		func(a, b draw.Pt) draw.Pt { return lerp(a, b, (x0-a.X)/(b.X-a.X)) },
		func(a, b draw.Pt) draw.Pt { return lerp(a, b, (x1-a.X)/(b.X-a.X)) },
		func(a, b draw.Pt) draw.Pt { return lerp(a, b, (y0-a.Y)/(b.Y-a.Y)) },
		func(a, b draw.Pt) draw.Pt { return lerp(a, b, (y1-a.Y)/(b.Y-a.Y)) },
	}
	out := poly
	for k := 0; k < 4 && len(out) > 0; k++ {
		in := out
		out = nil
		for i, cur := range in {
			prev := in[(i+len(in)-1)%len(in)]
			ci, pi := inside[k](cur), inside[k](prev)
			switch {
			case ci && !pi:
				out = append(out, cross[k](prev, cur), cur)
			case ci:
				out = append(out, cur)
			case pi:
				out = append(out, cross[k](prev, cur))
			}
		}
	}
	return out
}

func lerp(a, b draw.Pt, t float64) draw.Pt {
	return draw.Pt{X: a.X + t*(b.X-a.X), Y: a.Y + t*(b.Y-a.Y)}
}

// clipSeg is Liang–Barsky: the part of segment a–b inside the rectangle.
func clipSeg(a, b draw.Pt, x0, y0, x1, y1 float64) (draw.Pt, draw.Pt, bool) {
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, e := range [][2]float64{{-dx, a.X - x0}, {dx, x1 - a.X}, {-dy, a.Y - y0}, {dy, y1 - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return a, b, false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
	}
	if t0 > t1 {
		return a, b, false
	}
	return lerp(a, b, t0), lerp(a, b, t1), true
}
