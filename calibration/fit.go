package calibration

import (
	"errors"
	"math"
	"sort"

	"github.com/tableref/tableref/vision/geom"
)

// square is a printed square (a QR code without its quiet zone) seen in an
// image: its corners in image pixels and its printed side in millimetres.
type square struct {
	q    geom.Quad
	side float64
}

// span is a known distance between two points seen in an image: the
// centres of two of the calibration sheet's codes.
type span struct {
	a, b geom.Pt
	mm   float64
}

var errFit = errors.New("the codes do not fit one table plane")

// fitSquares finds the homography from image pixels to a metric plane in
// millimetres under which every square is a square of its printed side. The
// plane's rotation and origin are left free (the caller sets them); the
// perspective comes from how the squares' shapes change across the image,
// so codes spread over the view give a better fit than codes in a clump.
//
// It is a damped Gauss-Newton (Levenberg-Marquardt) fit of the eight
// homography parameters in normalised image coordinates, then a refit
// without squares whose residual is far above the rest (a misread corner).
// rms is the root mean square of the side and diagonal errors in mm.
func fitSquares(sq []square, w, h int) (geom.H, float64, error) {
	return fitPlane(sq, nil, w, h)
}

// fitPlane is fitSquares with known distances between points as well
// (each as one more residual), which pins the scale and the perspective
// across the whole span of a calibration sheet.
func fitPlane(sq []square, spans []span, w, h int) (geom.H, float64, error) {
	if len(sq) == 0 {
		return geom.H{}, 0, errFit
	}
	norm := normaliser(w, h)
	pts := make([]square, len(sq))
	for i, s := range sq {
		pts[i] = square{q: norm.ApplyQuad(s.q), side: s.side}
	}
	ns := make([]span, len(spans))
	for i, s := range spans {
		ns[i] = span{a: norm.Apply(s.a), b: norm.Apply(s.b), mm: s.mm}
	}
	g, err := bestStart(pts, residuals)
	if err != nil {
		return geom.H{}, 0, err
	}
	res := residuals
	if len(ns) > 0 {
		// The squares alone already give the plane nearly right; the
		// spans then pin scale and perspective from there (started from
		// the flat guess instead, the spans' pull could end in a false
		// minimum 2–4 mm off).
		res = func(g geom.H, pts []square) []float64 { return append(residuals(g, pts), spanResiduals(g, ns)...) }
		if g, err = bestStart(pts, res, g); err != nil {
			return geom.H{}, 0, err
		}
	}
	// Drop outliers once: squares whose error is over 3× the median and
	// over 1 mm.
	errs := make([]float64, len(pts))
	for i, s := range pts {
		errs[i] = squareRMS(g, s)
	}
	med := median(errs)
	var kept []square
	for i, s := range pts {
		if errs[i] <= math.Max(1, 3*med) {
			kept = append(kept, s)
		}
	}
	if len(kept) < len(pts) && len(kept) > 0 {
		if g2, err := lmSquares(kept, g, res); err == nil {
			g = g2
			pts = kept
		}
	}
	g = keepHandedness(g, pts)
	return g.Mul(norm), squaresRMS(g, pts), nil
}

// keepHandedness undoes a mirror image the fit may have converged to. The
// residuals are lengths, which a reflection keeps, so the least-squares fit
// cannot tell the table from its mirror image: from some starting points it
// lands on the mirror, and then the map is read upside down (rows reversed)
// with every square fitting perfectly. A camera looking down at a table
// never mirrors it: a code's corners run clockwise in the image and must
// run clockwise on the table too, so where most squares come out
// anticlockwise, the plane is flipped back (y → -y, which keeps every
// residual).
func keepHandedness(g geom.H, pts []square) geom.H {
	mirrored := 0
	for _, s := range pts {
		if (s.q.Area() > 0) != (g.ApplyQuad(s.q).Area() > 0) {
			mirrored++
		}
	}
	if 2*mirrored > len(pts) {
		return geom.ScaleH(1, -1).Mul(g)
	}
	return g
}

// normaliser maps image pixels to roughly [-1, 1] so that the homography's
// parameters have comparable sizes.
func normaliser(w, h int) geom.H {
	f := float64(max(w, h)) / 2
	if f <= 0 {
		f = 1
	}
	return geom.ScaleH(1/f, 1/f).Mul(geom.Translate(-float64(w)/2, -float64(h)/2))
}

// bestStart runs the fit from the given starting planes (more), else from
// the flat similarity, and stops at the first whose squares fit well; when
// none does, it also starts from the plane each of the largest squares
// gives alone (the homography taking its corners to a square of its
// printed side, perspective included) and keeps the cheapest end. From the
// flat similarity alone a view slanted 10° or more could end in a false
// minimum: a flat sheet fitted to 2–4 mm rms instead of 0.3. A good first
// fit (the usual case, and every frame a scan fits without a calibration
// file) costs no more than before.
func bestStart(pts []square, res func(geom.H, []square) []float64, more ...geom.H) (geom.H, error) {
	starts := more
	if len(starts) == 0 {
		starts = []geom.H{initialGuess(pts)}
	}
	var best geom.H
	bestCost, err := math.Inf(1), errFit
	try := func(g0 geom.H) bool {
		g, e := lmSquares(pts, g0, res)
		if e != nil {
			return false
		}
		if c := cost(res(g, pts)); c < bestCost {
			best, bestCost, err = g, c, nil
		}
		return squaresRMS(g, pts) <= goodStart
	}
	for _, g0 := range starts {
		if try(g0) {
			return best, err
		}
	}
	byArea := append([]square(nil), pts...)
	sort.Slice(byArea, func(i, j int) bool { return meanSide(byArea[i].q) > meanSide(byArea[j].q) })
	for _, s := range byArea[:min(len(byArea), maxStarts)] {
		if h, ok := geom.FromQuads(s.q, geom.Rect(0, 0, s.side, s.side)); ok && h[8] != 0 {
			for i := range h {
				h[i] /= h[8] // lmSquares keeps h[8] = 1
			}
			try(h)
		}
	}
	return best, err
}

// goodStart is the squares' rms error (mm) under which a fit is taken as
// found: FitGood, the level a flat sheet reaches.
const goodStart = FitGood

// squaresRMS is the rms error of the squares' sides and diagonals in mm.
func squaresRMS(g geom.H, pts []square) float64 {
	var sum float64
	n := 0
	for _, s := range pts {
		for _, r := range squareResiduals(g, s) {
			sum += r * r
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return math.Sqrt(sum / float64(n))
}

// maxStarts bounds the per-square starts (each is a full fit).
const maxStarts = 4

// initialGuess is the similarity that gives the squares their printed size
// on average, with no rotation and no perspective.
func initialGuess(pts []square) geom.H {
	var k float64
	for _, s := range pts {
		k += s.side / meanSide(s.q)
	}
	k /= float64(len(pts))
	return geom.ScaleH(k, k)
}

func meanSide(q geom.Quad) float64 {
	var l float64
	for i := range q {
		l += q[i].Dist(q[(i+1)%4])
	}
	return l / 4
}

// squareResiduals are the four sides' and two diagonals' errors in mm of a
// square mapped through g.
func squareResiduals(g geom.H, s square) [6]float64 {
	m := g.ApplyQuad(s.q)
	d := s.side * math.Sqrt2
	return [6]float64{
		m[0].Dist(m[1]) - s.side, m[1].Dist(m[2]) - s.side,
		m[2].Dist(m[3]) - s.side, m[3].Dist(m[0]) - s.side,
		m[0].Dist(m[2]) - d, m[1].Dist(m[3]) - d,
	}
}

func squareRMS(g geom.H, s square) float64 {
	var sum float64
	for _, r := range squareResiduals(g, s) {
		sum += r * r
	}
	return math.Sqrt(sum / 6)
}

// perspectivePrior keeps the perspective terms near zero when the squares
// cannot tell them (one clump of codes): a weak pull, in mm per unit.
const perspectivePrior = 1.0

func residuals(g geom.H, pts []square) []float64 {
	out := make([]float64, 0, 6*len(pts)+2)
	for _, s := range pts {
		r := squareResiduals(g, s)
		out = append(out, r[:]...)
	}
	return append(out, perspectivePrior*g[6], perspectivePrior*g[7])
}

// spanWeight counts a known span thrice: a code's centre is the mean of
// its four corners, so it is better measured than any one side.
const spanWeight = 3.0

func spanResiduals(g geom.H, spans []span) []float64 {
	out := make([]float64, len(spans))
	for i, s := range spans {
		out[i] = spanWeight * (g.Apply(s.a).Dist(g.Apply(s.b)) - s.mm)
	}
	return out
}

func cost(r []float64) float64 {
	var s float64
	for _, v := range r {
		s += v * v
	}
	return s
}

// lmSquares runs Levenberg-Marquardt on the 8 free entries of g (g[8] = 1)
// over the residuals res gives.
func lmSquares(pts []square, g geom.H, res func(geom.H, []square) []float64) (geom.H, error) {
	r := res(g, pts)
	c := cost(r)
	lambda := 1e-3
	for iter := 0; iter < 200; iter++ {
		// Numerical Jacobian, one column per parameter.
		var jac [8][]float64
		for j := 0; j < 8; j++ {
			eps := 1e-6 * math.Max(1, math.Abs(g[j]))
			gp := g
			gp[j] += eps
			rp := res(gp, pts)
			col := make([]float64, len(r))
			for i := range r {
				col[i] = (rp[i] - r[i]) / eps
			}
			jac[j] = col
		}
		var a [8][8]float64
		var b [8]float64
		for i := 0; i < 8; i++ {
			for k := 0; k < 8; k++ {
				var s float64
				for n := range r {
					s += jac[i][n] * jac[k][n]
				}
				a[i][k] = s
			}
			var s float64
			for n := range r {
				s += jac[i][n] * r[n]
			}
			b[i] = -s
		}
		improved := false
		for try := 0; try < 10; try++ {
			var m [8][8]float64
			for i := 0; i < 8; i++ {
				m[i] = a[i]
				m[i][i] += lambda*a[i][i] + 1e-12
			}
			delta, ok := solve8(m, b)
			if !ok {
				lambda *= 10
				continue
			}
			gn := g
			for j := 0; j < 8; j++ {
				gn[j] += delta[j]
			}
			rn := res(gn, pts)
			if cn := cost(rn); cn < c {
				step := 0.0
				for j := 0; j < 8; j++ {
					step = math.Max(step, math.Abs(delta[j])/math.Max(1, math.Abs(g[j])))
				}
				g, r, lambda = gn, rn, math.Max(lambda/10, 1e-9)
				done := c-cn < 1e-12*math.Max(1, c) || step < 1e-10
				c = cn
				improved = true
				if done {
					return g, nil
				}
				break
			}
			lambda *= 10
		}
		if !improved {
			break
		}
	}
	if _, ok := g.Inverse(); !ok || math.IsNaN(c) {
		return geom.H{}, errFit
	}
	return g, nil
}

// solve8 solves m·x = b by Gaussian elimination with partial pivoting.
func solve8(m [8][8]float64, b [8]float64) ([8]float64, bool) {
	var x [8]float64
	for col := 0; col < 8; col++ {
		p := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[p][col]) {
				p = r
			}
		}
		if math.Abs(m[p][col]) < 1e-18 {
			return x, false
		}
		m[col], m[p] = m[p], m[col]
		b[col], b[p] = b[p], b[col]
		for r := col + 1; r < 8; r++ {
			f := m[r][col] / m[col][col]
			for k := col; k < 8; k++ {
				m[r][k] -= f * m[col][k]
			}
			b[r] -= f * b[col]
		}
	}
	for r := 7; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < 8; k++ {
			s -= m[r][k] * x[k]
		}
		x[r] = s / m[r][r]
	}
	return x, true
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}
