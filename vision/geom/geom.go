// Package geom holds the small amount of plane geometry that vision's
// packages share: points, quads and 3×3 homographies. It is pure Go so that
// the scene generator, the reader and the benchmark agree on the maths
// without passing OpenCV matrices around.
package geom

import "math"

// Pt is a point in pixels or millimetres, as the caller says.
type Pt struct{ X, Y float64 }

// Add returns p+q.
func (p Pt) Add(q Pt) Pt { return Pt{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Pt) Sub(q Pt) Pt { return Pt{p.X - q.X, p.Y - q.Y} }

// Scale returns p·s.
func (p Pt) Scale(s float64) Pt { return Pt{p.X * s, p.Y * s} }

// Dist returns the distance between p and q.
func (p Pt) Dist(q Pt) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// Quad is four corners in order around the shape. For a QR code the order is
// top-left, top-right, bottom-right, bottom-left in the code's own frame, so
// the first corner is the one with the finder pattern opposite no finder.
type Quad [4]Pt

// Centre is the mean of the corners.
func (q Quad) Centre() Pt {
	var c Pt
	for _, p := range q {
		c = c.Add(p)
	}
	return c.Scale(0.25)
}

// Area is the signed area (shoelace); positive for clockwise order in image
// coordinates (y down).
func (q Quad) Area() float64 {
	var a float64
	for i := range q {
		j := (i + 1) % 4
		a += q[i].X*q[j].Y - q[j].X*q[i].Y
	}
	return a / 2
}

// Contains reports whether p is inside the quad (convex or not), by the
// even-odd rule.
func (q Quad) Contains(p Pt) bool {
	in := false
	for i, j := 0, 3; i < 4; j, i = i, i+1 {
		a, b := q[i], q[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// H is a 3×3 homography, row major.
type H [9]float64

// Identity is the homography that changes nothing.
func Identity() H { return H{1, 0, 0, 0, 1, 0, 0, 0, 1} }

// Translate returns the homography that moves by (dx, dy).
func Translate(dx, dy float64) H { return H{1, 0, dx, 0, 1, dy, 0, 0, 1} }

// Rotate returns the rotation by deg degrees (clockwise on screen, since y
// points down) about the origin.
func Rotate(deg float64) H {
	s, c := math.Sincos(deg * math.Pi / 180)
	return H{c, -s, 0, s, c, 0, 0, 0, 1}
}

// ScaleH returns the scaling by sx, sy.
func ScaleH(sx, sy float64) H { return H{sx, 0, 0, 0, sy, 0, 0, 0, 1} }

// Mul returns h·g: apply g first, then h.
func (h H) Mul(g H) H {
	var r H
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i*3+j] = h[i*3]*g[j] + h[i*3+1]*g[3+j] + h[i*3+2]*g[6+j]
		}
	}
	return r
}

// Apply maps p through h.
func (h H) Apply(p Pt) Pt {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	return Pt{(h[0]*p.X + h[1]*p.Y + h[2]) / w, (h[3]*p.X + h[4]*p.Y + h[5]) / w}
}

// ApplyQuad maps every corner of q.
func (h H) ApplyQuad(q Quad) Quad {
	for i := range q {
		q[i] = h.Apply(q[i])
	}
	return q
}

// Inverse returns h⁻¹, and false when h is singular.
func (h H) Inverse() (H, bool) {
	a, b, c, d, e, f, g, hh, i := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	A := e*i - f*hh
	B := -(d*i - f*g)
	C := d*hh - e*g
	det := a*A + b*B + c*C
	if math.Abs(det) < 1e-12 {
		return H{}, false
	}
	inv := H{
		A, -(b*i - c*hh), b*f - c*e,
		B, a*i - c*g, -(a*f - c*d),
		C, -(a*hh - b*g), a*e - b*d,
	}
	for k := range inv {
		inv[k] /= det
	}
	return inv, true
}

// LocalScale is the geometric mean of how much h stretches lengths near p:
// the square root of the Jacobian's determinant. Pixels per module of a code
// at p is its module size times this.
func (h H) LocalScale(p Pt) float64 {
	const d = 0.5
	o := h.Apply(p)
	ex := h.Apply(Pt{p.X + d, p.Y}).Sub(o).Scale(1 / d)
	ey := h.Apply(Pt{p.X, p.Y + d}).Sub(o).Scale(1 / d)
	return math.Sqrt(math.Abs(ex.X*ey.Y - ex.Y*ey.X))
}

// FromQuads returns the homography that maps the four points src onto dst,
// and false when three of them are collinear.
func FromQuads(src, dst Quad) (H, bool) {
	// Eight equations in the eight unknowns h0..h7 (h8 = 1), solved by
	// Gaussian elimination with partial pivoting.
	var m [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := src[i].X, src[i].Y, dst[i].X, dst[i].Y
		m[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		m[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for col := 0; col < 8; col++ {
		p := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[p][col]) {
				p = r
			}
		}
		if math.Abs(m[p][col]) < 1e-12 {
			return H{}, false
		}
		m[col], m[p] = m[p], m[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := m[r][col] / m[col][col]
			for k := col; k < 9; k++ {
				m[r][k] -= f * m[col][k]
			}
		}
	}
	var h H
	for i := 0; i < 8; i++ {
		h[i] = m[i][8] / m[i][i]
	}
	h[8] = 1
	return h, true
}

// P returns the point (x, y).
func P(x, y float64) Pt { return Pt{x, y} }

// Rect returns the axis-aligned quad from (x0, y0) to (x1, y1), corners in
// the order top-left, top-right, bottom-right, bottom-left.
func Rect(x0, y0, x1, y1 float64) Quad { return Quad{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} }
