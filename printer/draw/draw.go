// Package draw is the small vocabulary every printed thing is drawn with:
// filled paths, lines and text in millimetres, on a Canvas that a PDF page,
// an SVG file or a PNG image implements. Cards, stickers and markers are
// drawn once against Canvas, so a preview shows exactly what prints.
package draw

import "math"

// Pt is a point in millimetres, x to the right, y down.
type Pt struct{ X, Y float64 }

// Path is a set of closed polygons filled together with the nonzero rule.
type Path [][]Pt

// Color is an sRGB colour.
type Color struct{ R, G, B uint8 }

// Colours used across the printed material.
var (
	Black = Color{R: 0, G: 0, B: 0}
	White = Color{R: 255, G: 255, B: 255}
	Grey  = Color{R: 128, G: 128, B: 128}
)

// Font selects one of the embedded faces.
type Font int

const (
	Regular Font = iota
	Bold
)

// Align is where a text's anchor point lies on the text.
type Align int

const (
	Left Align = iota
	Center
	Right
)

// Canvas receives drawing in millimetres.
type Canvas interface {
	// Fill paints a path.
	Fill(p Path, c Color)
	// Text writes s with its baseline at y; x is the left end, the centre
	// or the right end depending on align. size is in points.
	Text(x, y float64, f Font, size float64, align Align, s string, c Color)
	// Image draws a PNG stretched over the box (x, y, w, h); name
	// identifies the picture so a backend can keep it once per document.
	Image(name string, png []byte, x, y, w, h float64)
	// Reuse draws what fn draws into a w×h box (its own coordinates, 0, 0
	// at the top-left) at (x, y). Backends that can (PDF templates) keep
	// it once per document under key, so a map drawn on every card of a
	// deck weighs once; others simply draw it.
	Reuse(key string, x, y, w, h float64, fn func(Canvas))
}

// Rect is a filled rectangle.
func Rect(x, y, w, h float64) Path {
	return Path{{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}}
}

// Line is a straight stroke of the given width, drawn as a filled
// rectangle so every backend renders it alike (butt ends).
func Line(a, b Pt, width float64) Path {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return nil
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	return Path{{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}}
}

// Arc is the pie slice of a circle from angle a0 to a1 (degrees, 0 = east,
// counted clockwise on the page since y grows down); a full circle is 0 to
// 360. Enough segments keep the polygon indistinguishable from a curve at
// card sizes.
func Arc(cx, cy, r, a0, a1 float64) Path {
	full := math.Abs(a1-a0) >= 360
	n := int(math.Ceil(math.Abs(a1-a0) / 3))
	var poly []Pt
	if !full {
		poly = append(poly, Pt{cx, cy})
	}
	for i := 0; i <= n; i++ {
		if full && i == n {
			break
		}
		a := (a0 + (a1-a0)*float64(i)/float64(n)) * math.Pi / 180
		poly = append(poly, Pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	return Path{poly}
}

// Circle is a filled disc.
func Circle(cx, cy, r float64) Path { return Arc(cx, cy, r, 0, 360) }

// Ring is a circle outline of the given stroke width: the outer disc with
// the inner one as a hole (reversed, so nonzero leaves it empty).
func Ring(cx, cy, r, width float64) Path {
	outer := Circle(cx, cy, r+width/2)[0]
	inner := Circle(cx, cy, r-width/2)[0]
	for i, j := 0, len(inner)-1; i < j; i, j = i+1, j-1 {
		inner[i], inner[j] = inner[j], inner[i]
	}
	return Path{outer, inner}
}

// Frame is a rectangle outline of the given stroke width, inside the box.
func Frame(x, y, w, h, width float64) Path {
	outer := Rect(x, y, w, h)[0]
	in := Rect(x+width, y+width, w-2*width, h-2*width)[0]
	in[1], in[3] = in[3], in[1] // reverse the hole
	return Path{outer, in}
}

// Offset moves everything drawn on c by (dx, dy): a card is drawn in its
// own coordinates and placed on the page with this.
func Offset(c Canvas, dx, dy float64) Canvas { return offset{c, dx, dy} }

type offset struct {
	c      Canvas
	dx, dy float64
}

func (o offset) Fill(p Path, col Color) {
	q := make(Path, len(p))
	for i, poly := range p {
		q[i] = make([]Pt, len(poly))
		for j, pt := range poly {
			q[i][j] = Pt{pt.X + o.dx, pt.Y + o.dy}
		}
	}
	o.c.Fill(q, col)
}

func (o offset) Text(x, y float64, f Font, size float64, a Align, s string, col Color) {
	o.c.Text(x+o.dx, y+o.dy, f, size, a, s, col)
}

func (o offset) Image(name string, png []byte, x, y, w, h float64) {
	o.c.Image(name, png, x+o.dx, y+o.dy, w, h)
}

func (o offset) Reuse(key string, x, y, w, h float64, fn func(Canvas)) {
	o.c.Reuse(key, x+o.dx, y+o.dy, w, h, fn)
}

// RGB is a colour from its components.
func RGB(r, g, b uint8) Color { return Color{R: r, G: g, B: b} }
