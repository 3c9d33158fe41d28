package qr

import (
	"math"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"

	"github.com/tableref/tableref/vision/geom"
)

// A code printed on cloth, on a warped card or a bulging sticker is not a
// plane: one perspective transform through its finder patterns puts the
// sampling points of its middle or far corner up to a module off, and the
// error correction gives up although every module is sharp. ZXing samples
// along that one transform. bentGrid bends it: a coarse mesh of control
// points over the code, each moved (from where the transform puts it) to
// where the modules around it sample cleanest. "Cleanest" is measured in
// the grey image: a sampling point in a module's middle reads far from the
// local threshold, one on a module's edge reads grey; the patterns every
// code has (finders, separators, timing rows, alignment patterns) must
// read their known colour, which pins the mesh to the right module where
// the data alone would be a module off. The bent grid is then decoded like
// any other: Reed–Solomon still decides, so a bad bend is a failed read,
// not a wrong payload.

// bentMeshStep is the mesh's spacing in modules: fine enough to follow a
// fold across a version-3 code, coarse enough that each control point
// moves about 200 modules to judge by.
const bentMeshStep = 7

// bentMaxSide is the largest code bent, in modules (version 10): the work
// grows with the square of the side (a few milliseconds at version 3), and
// tableref's own codes are versions 1 and 2.
const bentMaxSide = 57

// bentGrid samples an n×n code whose finder centres (and alignment pattern
// centre, when align is not nil) the detector found in lum (w×h grey), on
// a mesh bent to the image, and returns the modules (true = dark).
func bentGrid(lum []byte, w, h int, tl, tr, bl geom.Pt, align *geom.Pt, n int) (*gozxing.BitMatrix, bool) {
	if n < 21 || n > bentMaxSide || w < 8 || h < 8 {
		return nil, false
	}
	fn := float64(n)
	src := geom.Quad{{X: 3.5, Y: 3.5}, {X: fn - 3.5, Y: 3.5}, {X: fn - 3.5, Y: fn - 3.5}, {X: 3.5, Y: fn - 3.5}}
	br := tr.Sub(tl).Add(bl)
	if align != nil {
		src[2] = geom.Pt{X: fn - 6.5, Y: fn - 6.5}
		br = *align
	}
	base, ok := geom.FromQuads(src, geom.Quad{tl, tr, br, bl})
	if !ok {
		return nil, false
	}
	g := bentSampler{lum: lum, w: w, h: h, n: n}
	g.known = knownModules(n)
	g.pos = make([]geom.Pt, n*n)
	for m := range g.pos {
		g.pos[m] = base.Apply(geom.Pt{X: float64(m%n) + 0.5, Y: float64(m/n) + 0.5})
	}
	g.thresholds()
	// Coarse to fine. First a 3×3 mesh, whose points each move at least a
	// quarter of the code and so some of its fixed patterns: the data alone
	// fits as cleanly a whole module off, the patterns decide. Then the
	// fine mesh, started from the coarse one's bend, each point moving up
	// to 0.6 module a sweep, then finer moves around where each settled.
	g.mesh(base, 3)
	if g.knownRead() < bentMinKnown {
		return nil, false
	}
	for sweep := 0; sweep < 2; sweep++ {
		for node := range g.d {
			g.fit(node, 0.9, 0.3)
		}
	}
	g.mesh(base, (n+bentMeshStep-1)/bentMeshStep+1)
	for _, pass := range []struct {
		reach, step float64
		sweeps      int
	}{{0.6, 0.3, 2}, {0.15, 0.15, 1}, {0.075, 0.075, 1}} {
		for sweep := 0; sweep < pass.sweeps; sweep++ {
			for node := range g.d {
				g.fit(node, pass.reach, pass.step)
			}
		}
	}
	bits, err := gozxing.NewSquareBitMatrix(n)
	if err != nil {
		return nil, false
	}
	for m := range g.pos {
		v, ok := g.grey(g.at(m))
		if !ok {
			return nil, false
		}
		if v < g.thr[m] {
			bits.Set(m%n, m/n)
		}
	}
	return bits, true
}

// bentMinKnown is the share of the fixed patterns' modules the detector's
// own grid must read right for a bend to be tried. Bent codes that decoded
// (real photos, TestBentCodeReads) start at 91 % or more; finders that
// frame no code a bend can fix (a code tilted 35°, its size misjudged)
// start at 60 %, and would cost a bend's milliseconds for nothing.
const bentMinKnown = 0.75

// knownRead is the share of the known modules that read their colour where
// the mesh puts them.
func (g *bentSampler) knownRead() float64 {
	good, all := 0, 0
	for m := range g.pos {
		if g.known[m] == 0 {
			continue
		}
		all++
		if v, ok := g.grey(g.at(m)); ok && (v < g.thr[m]) == (g.known[m] == 1) {
			good++
		}
	}
	return float64(good) / float64(max(all, 1))
}

// bentSampler holds one code's sampling state. Modules are numbered
// j*n+i for column i, row j.
type bentSampler struct {
	lum  []byte
	w, h int
	n    int
	// known[m]: +1 a module every code has dark there, -1 light, 0 data
	known []int8
	// thr[m]: the grey level between dark and light around module m
	thr []float64
	// pos[m]: module m's centre by the detector's transform
	pos []geom.Pt
	// corner[m], weight[m]: the four mesh points around module m and
	// their bilinear weights
	corner [][4]int
	weight [][4]float64
	// d[k]: mesh point k's move in pixels; axes[k]: one module along each
	// axis at mesh point k, in pixels; moves[k]: the modules it moves
	k     int     // mesh points a side
	step  float64 // mesh spacing in modules
	d     []geom.Pt
	axes  [][2]geom.Pt
	moves [][]int
}

// mesh lays a k×k mesh over the code, the code's corners on mesh points,
// each point moved as the previous mesh (if any) bends the code there.
func (g *bentSampler) mesh(base geom.H, k int) {
	n := g.n
	step := float64(n) / float64(k-1)
	d := make([]geom.Pt, k*k)
	axes := make([][2]geom.Pt, k*k)
	for node := range axes {
		u, v := float64(node%k)*step, float64(node/k)*step
		if g.d != nil {
			d[node] = g.bend(u, v)
		}
		// clamped inside the code, where the transform is well conditioned
		c := geom.Pt{X: math.Min(math.Max(u, 0.5), float64(n)-1.5), Y: math.Min(math.Max(v, 0.5), float64(n)-1.5)}
		o := base.Apply(c)
		axes[node] = [2]geom.Pt{base.Apply(geom.Pt{X: c.X + 1, Y: c.Y}).Sub(o), base.Apply(geom.Pt{X: c.X, Y: c.Y + 1}).Sub(o)}
	}
	g.k, g.step, g.d, g.axes = k, step, d, axes
	g.moves = make([][]int, k*k)
	g.corner = make([][4]int, n*n)
	g.weight = make([][4]float64, n*n)
	for m := range g.pos {
		g.corner[m], g.weight[m] = g.around(float64(m%n)+0.5, float64(m/n)+0.5)
		for c, node := range g.corner[m] {
			if g.weight[m][c] > 0 {
				g.moves[node] = append(g.moves[node], m)
			}
		}
	}
}

// around gives the four mesh points around module coordinates (u, v) and
// their bilinear weights.
func (g *bentSampler) around(u, v float64) ([4]int, [4]float64) {
	k := g.k
	fu, fv := u/g.step, v/g.step
	i0, j0 := min(k-2, max(0, int(fu))), min(k-2, max(0, int(fv)))
	a, b := fu-float64(i0), fv-float64(j0)
	return [4]int{j0*k + i0, j0*k + i0 + 1, (j0+1)*k + i0, (j0+1)*k + i0 + 1},
		[4]float64{(1 - a) * (1 - b), a * (1 - b), (1 - a) * b, a * b}
}

// bend is the mesh's move at module coordinates (u, v), in pixels.
func (g *bentSampler) bend(u, v float64) geom.Pt {
	var p geom.Pt
	corner, weight := g.around(u, v)
	for c, node := range corner {
		p = p.Add(g.d[node].Scale(weight[c]))
	}
	return p
}

// at is where module m's centre lies in the image: the detector's
// transform plus the mesh's moves, interpolated bilinearly.
func (g *bentSampler) at(m int) geom.Pt {
	p := g.pos[m]
	for c, node := range g.corner[m] {
		p = p.Add(g.d[node].Scale(g.weight[m][c]))
	}
	return p
}

// grey is the bilinearly interpolated grey level at p, and false outside
// the image.
func (g *bentSampler) grey(p geom.Pt) (float64, bool) { return bilinear(g.lum, g.w, g.h, p) }

// bilinear is lum (w×h grey) at p, interpolated between the four nearest
// pixel centres (which sit at +0.5); false outside the image.
func bilinear(lum []byte, w, h int, p geom.Pt) (float64, bool) {
	x, y := p.X-0.5, p.Y-0.5
	if x < 0 || y < 0 || x > float64(w-1) || y > float64(h-1) {
		return 0, false
	}
	x0, y0 := min(int(x), w-2), min(int(y), h-2)
	a, b := x-float64(x0), y-float64(y0)
	r0, r1 := lum[y0*w+x0:], lum[(y0+1)*w+x0:]
	return (1-a)*(1-b)*float64(r0[0]) + a*(1-b)*float64(r0[1]) + (1-a)*b*float64(r1[0]) + a*b*float64(r1[1]), true
}

// thresholds sets each module's threshold: midway between the darkest and
// lightest grey sampled by the detector's transform within 3 modules of
// it. A code's modules alternate often enough that every such window holds
// both.
func (g *bentSampler) thresholds() {
	n := g.n
	v := make([]float64, n*n)
	for m, p := range g.pos {
		v[m], _ = g.grey(p)
	}
	g.thr = make([]float64, n*n)
	const r = 3
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			lo, hi := 255.0, 0.0
			for y := max(0, j-r); y <= min(n-1, j+r); y++ {
				for x := max(0, i-r); x <= min(n-1, i+r); x++ {
					lo, hi = math.Min(lo, v[y*n+x]), math.Max(hi, v[y*n+x])
				}
			}
			g.thr[j*n+i] = (lo + hi) / 2
		}
	}
}

// fit moves mesh point node to the offset, within reach modules of where
// it is, in steps of step modules, where the modules it moves sample best.
func (g *bentSampler) fit(node int, reach, step float64) {
	ms := g.moves[node]
	// each module's centre without this point's move, and its weight
	rest := make([]geom.Pt, len(ms))
	wn := make([]float64, len(ms))
	for x, m := range ms {
		for c, other := range g.corner[m] {
			if other == node {
				wn[x] += g.weight[m][c]
			}
		}
		rest[x] = g.at(m).Sub(g.d[node].Scale(wn[x]))
	}
	ex, ey := g.axes[node][0], g.axes[node][1]
	// never further than a module and a half from the transform
	limit := 1.5 * math.Sqrt((ex.X*ex.X+ex.Y*ex.Y+ey.X*ey.X+ey.Y*ey.Y)/2)
	start := g.d[node]
	best, bestScore := start, math.Inf(-1)
	steps := int(math.Round(reach / step))
	for b := -steps; b <= steps; b++ {
		for a := -steps; a <= steps; a++ {
			d := start.Add(ex.Scale(float64(a) * step)).Add(ey.Scale(float64(b) * step))
			if math.Hypot(d.X, d.Y) > limit {
				continue
			}
			if s := g.score(ms, rest, wn, d); s > bestScore {
				best, bestScore = d, s
			}
		}
	}
	g.d[node] = best
}

// score is how cleanly modules ms sample when their centres lie at
// rest[x] + wn[x]·d: a known module scores how far it reads on its known
// side of the threshold (negative when on the wrong side), a data module
// how far it reads from the threshold on either side.
func (g *bentSampler) score(ms []int, rest []geom.Pt, wn []float64, d geom.Pt) float64 {
	s := 0.0
	for x, m := range ms {
		v, ok := g.grey(rest[x].Add(d.Scale(wn[x])))
		if !ok {
			s -= 255
			continue
		}
		t := g.thr[m]
		switch g.known[m] {
		case 1:
			s += 2 * (t - v)
		case -1:
			s += 2 * (v - t)
		default:
			s += math.Abs(v - t)
		}
	}
	return s
}

// knownModules marks the modules every n×n code has: finder patterns with
// their light separators, the timing rows, and the alignment patterns.
func knownModules(n int) []int8 {
	k := make([]int8, n*n)
	set := func(i, j int, dark bool) {
		if i < 0 || j < 0 || i >= n || j >= n {
			return
		}
		if dark {
			k[j*n+i] = 1
		} else {
			k[j*n+i] = -1
		}
	}
	finder := func(ci, cj int) {
		for dj := -4; dj <= 4; dj++ {
			for di := -4; di <= 4; di++ {
				r := max(abs(di), abs(dj))
				set(ci+di, cj+dj, r <= 1 || r == 3)
			}
		}
	}
	finder(3, 3)
	finder(n-4, 3)
	finder(3, n-4)
	for x := 8; x < n-8; x++ {
		set(x, 6, x%2 == 0)
		set(6, x, x%2 == 0)
	}
	if v, err := decoder.Version_GetProvisionalVersionForDimension(n); err == nil {
		cs := v.GetAlignmentPatternCenters()
		for _, cy := range cs {
			for _, cx := range cs {
				if (cx < 9 && cy < 9) || (cx > n-10 && cy < 9) || (cx < 9 && cy > n-10) {
					continue // under a finder pattern
				}
				for dj := -2; dj <= 2; dj++ {
					for di := -2; di <= 2; di++ {
						r := max(abs(di), abs(dj))
						set(cx+di, cy+dj, r != 1)
					}
				}
			}
		}
	}
	return k
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
