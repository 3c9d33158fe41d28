package qr

import (
	"math"

	"github.com/tableref/tableref/vision/geom"
)

// Codebook matching reads a code whose finders were found but whose modules
// error correction could not restore: at 2 px a module, blur, the sensor's
// mosaic and JPEG leave many modules grey. Instead of deciding each module
// and hoping Reed–Solomon copes, the reader asks which payload of the
// codebook best explains the grey values sampled at the module centres.
//
// The decision rule (docs/vision.md, "Codebook reading"):
//   - every module's grey value is turned into a signed level z (+1 the
//     code's dark, -1 its light, from the finders' own dark and light);
//   - the format information (both copies) picks the level and mask;
//   - each payload's score is the mean of z × its expected module over the
//     data modules, under that mask: 1 for a perfect, sharp match, about 0
//     for an unrelated code;
//   - the best payload is taken only when its score is at least
//     codebookMinScore and beats the best *other* payload by at least
//     codebookMinMargin. Two different payloads of one shape differ in
//     at least 14 of version 1-Q's 26 codewords (the Reed–Solomon code's
//     distance), so a real match stands far above every other; a code
//     not in the codebook (another deck, a stranger's QR code) has no
//     payload that stands out and is refused. A refused match is
//     "unsure": shown, never a card.
//
// Before any payload is scored, the grid itself must be right: the
// finders, separators and timing patterns every code has must read their
// colour (codebookMinAgree), or the finders framed something else.
const (
	codebookMinScore  = 0.45
	codebookMinMargin = 0.2
	codebookMinAgree  = 0.6
	// codebookSureTurn is a known-module agreement in the box search
	// that only the code's own turn reaches (the other turns put data
	// where finders should be, and stay under 0.5): the search stops
	// there instead of trying the remaining turns.
	codebookSureTurn = 0.75
	// codebookMinContrast is the least grey difference between the
	// known dark and light modules, in 8-bit levels.
	codebookMinContrast = 16
)

// codebookMatch is the outcome of matching one code against a codebook.
type codebookMatch struct {
	Payload string
	Score   float64 // best payload's score
	Margin  float64 // best score minus the best other payload's
	N       int     // modules a side
	// finder centres (top-left, top-right, bottom-left) of the fitted grid
	TL, TR, BL geom.Pt
	OK         bool // Score and Margin pass the rule
}

// softGrid samples an n×n code in lum on an affine grid through three
// finder centres and returns each module's signed level z (+1 dark, -1
// light) and the grid's finder centres after refinement.
type softGrid struct {
	lum  []byte
	w, h int
	n    int
	lay  *symbolLayout
	// coarse samples one point a module instead of four: for the
	// search over many grids, before the fine fit.
	coarse bool
	// the known modules and a buffer for their values, for fitKnown
	knownIdx []int
	knownVal []float64
}

// gridAt is an affine module grid: module (u, v) (column, row; centres at
// half modules) lies at o + u·ex + v·ey.
type gridAt struct{ o, ex, ey geom.Pt }

func gridThrough(tl, tr, bl geom.Pt, n int) gridAt {
	d := float64(n - 7)
	ex := tr.Sub(tl).Scale(1 / d)
	ey := bl.Sub(tl).Scale(1 / d)
	return gridAt{o: tl.Sub(ex.Scale(3.5)).Sub(ey.Scale(3.5)), ex: ex, ey: ey}
}

func (g gridAt) at(u, v float64) geom.Pt { return g.o.Add(g.ex.Scale(u)).Add(g.ey.Scale(v)) }

func (s *softGrid) grey(p geom.Pt) (float64, bool) { return bilinear(s.lum, s.w, s.h, p) }

// sample returns the grey value at every module's centre, averaged over
// four points a quarter module around it (the sensor's noise halves; the
// module's edges stay out).
func (s *softGrid) sample(g gridAt) ([]float64, bool) {
	n := s.n
	v := make([]float64, n*n)
	const q = 0.2
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			u, w := float64(col)+0.5, float64(row)+0.5
			if s.coarse {
				x, ok := s.grey(g.at(u, w))
				if !ok {
					return nil, false
				}
				v[row*n+col] = x
				continue
			}
			sum := 0.0
			for _, d := range [4][2]float64{{-q, -q}, {q, -q}, {-q, q}, {q, q}} {
				x, ok := s.grey(g.at(u+d[0], w+d[1]))
				if !ok {
					return nil, false
				}
				sum += x
			}
			v[row*n+col] = sum / 4
		}
	}
	return v, true
}

// levels turns grey values into signed levels from the known modules' dark
// and light means, clipped to ±1 so that one speck or glint cannot outweigh
// the rest, and returns how well the known modules agree with their colour
// (mean of z × colour, 1 when every known module reads clean). ok is false
// when the known modules show no contrast.
func (s *softGrid) levels(v []float64) ([]float64, float64, bool) {
	var dark, light float64
	var nd, nl int
	for m, k := range s.lay.known {
		switch k {
		case 1:
			dark += v[m]
			nd++
		case -1:
			light += v[m]
			nl++
		}
	}
	if nd == 0 || nl == 0 {
		return nil, 0, false
	}
	dark /= float64(nd)
	light /= float64(nl)
	half := (light - dark) / 2
	if half < codebookMinContrast/2 {
		return nil, 0, false
	}
	thr := (light + dark) / 2
	z := make([]float64, len(v))
	agree := 0.0
	for m := range v {
		z[m] = math.Max(-1, math.Min(1, (thr-v[m])/half))
		if k := s.lay.known[m]; k != 0 {
			agree += z[m] * float64(k)
		}
	}
	return z, agree / float64(nd+nl), true
}

// fitKnown scores a grid by its known modules alone, one point each: the
// cheap test the box search runs hundreds of times.
func (s *softGrid) fitKnown(g gridAt) float64 {
	n := s.n
	var dark, light float64
	var nd, nl int
	if s.knownIdx == nil {
		for m, k := range s.lay.known {
			if k != 0 {
				s.knownIdx = append(s.knownIdx, m)
			}
		}
		s.knownVal = make([]float64, len(s.knownIdx))
	}
	for i, m := range s.knownIdx {
		v, ok := s.grey(g.at(float64(m%n)+0.5, float64(m/n)+0.5))
		if !ok {
			return math.Inf(-1)
		}
		s.knownVal[i] = v
		if s.lay.known[m] == 1 {
			dark += v
			nd++
		} else {
			light += v
			nl++
		}
	}
	dark /= float64(nd)
	light /= float64(nl)
	half := (light - dark) / 2
	if half < codebookMinContrast/2 {
		return math.Inf(-1)
	}
	thr := (light + dark) / 2
	agree := 0.0
	for i, m := range s.knownIdx {
		agree += math.Max(-1, math.Min(1, (thr-s.knownVal[i])/half)) * float64(s.lay.known[m])
	}
	return agree / float64(nd+nl)
}

// fit scores a grid without reference to any payload: the known modules
// must read their colour, and the data modules should read far from the
// threshold (a sampling point on a module's edge reads grey).
func (s *softGrid) fit(g gridAt) float64 {
	v, ok := s.sample(g)
	if !ok {
		return math.Inf(-1)
	}
	z, agree, ok := s.levels(v)
	if !ok {
		return math.Inf(-1)
	}
	sharp := 0.0
	for _, m := range s.lay.data {
		sharp += math.Abs(z[m])
	}
	return agree + 0.5*sharp/float64(len(s.lay.data))
}

// refine moves the grid's origin and axes, a little at a time, while the
// fit improves: the finder centres a detector reports at 2 px a module are
// often a third of a module off, which puts the far modules on their edges.
func (s *softGrid) refine(g gridAt) gridAt {
	n := float64(s.n)
	coarse := s.coarse
	defer func() { s.coarse = coarse }()
	best := math.Inf(-1)
	for _, step := range []float64{0.3, 0.15, 0.07} {
		// one point a module while the steps are big; the fine fit for
		// the last
		s.coarse = step > 0.1
		best = s.fit(g)
		for improved, rounds := true, 0; improved && rounds < 6; rounds++ {
			improved = false
			// moves in module units: origin along each axis, and each
			// axis stretched or turned so its far end moves by step
			for k := 0; k < 6; k++ {
				for _, sgn := range []float64{-1, 1} {
					t := g
					d := step * sgn
					switch k {
					case 0:
						t.o = t.o.Add(g.ex.Scale(d))
					case 1:
						t.o = t.o.Add(g.ey.Scale(d))
					case 2:
						t.ex = t.ex.Add(g.ex.Scale(d / n))
					case 3:
						t.ex = t.ex.Add(g.ey.Scale(d / n))
					case 4:
						t.ey = t.ey.Add(g.ey.Scale(d / n))
					case 5:
						t.ey = t.ey.Add(g.ex.Scale(d / n))
					}
					if f := s.fit(t); f > best {
						best, g, improved = f, t, true
					}
				}
			}
		}
	}
	return g
}

// matchCodebook matches the n×n code whose finder centres are tl, tr, bl in
// lum (w×h grey) against the codebook.
func (cb *Codebook) matchCodebook(lum []byte, w, h int, tl, tr, bl geom.Pt, n int) (codebookMatch, bool) {
	if len(shapesFor(n)) == 0 || cb.Len() == 0 {
		return codebookMatch{}, false
	}
	s := &softGrid{lum: lum, w: w, h: h, n: n, lay: layoutFor(n)}
	return cb.matchGrid(s, s.refine(gridThrough(tl, tr, bl, n)))
}

// matchBox matches a code assumed to fill the upright square box of the
// given centre and half side in lum, when no detector found its finders
// (at under 2 px a module their rings merge). Each of the four turns and
// small shifts and scales of the box are fitted without reference to any
// payload, the best grid refined, and only that one matched.
func (cb *Codebook) matchBox(lum []byte, w, h int, centre geom.Pt, half float64, n int) (codebookMatch, bool) {
	if len(shapesFor(n)) == 0 || cb.Len() == 0 {
		return codebookMatch{}, false
	}
	s := &softGrid{lum: lum, w: w, h: h, n: n, lay: layoutFor(n), coarse: true}
	fn := float64(n)
	// The code's module axes: the box's own sides, and when no turn of
	// those frames the code surely but one comes near, the axes its edges
	// show (a code seen at a slant is a parallelogram that the
	// candidate's box does not follow; a blob that is no code comes
	// nowhere near and is not searched twice).
	axes := [][2]geom.Pt{{{X: 2 * half / fn}, {Y: 2 * half / fn}}}
	best, bestFit := gridAt{}, math.Inf(-1)
	for i := 0; i < len(axes) && bestFit < codebookSureTurn; i++ {
		u, v := axes[i][0], axes[i][1]
		for turn := 0; turn < 4 && bestFit < codebookSureTurn; turn++ {
			ex, ey := u, v
			for k := 0; k < turn; k++ {
				ex, ey = ey, ex.Scale(-1) // a quarter turn of the code
			}
			for _, k := range []float64{0.9, 1, 1.1} {
				// scale about the box's centre
				g0 := gridAt{ex: ex.Scale(k), ey: ey.Scale(k)}
				g0.o = centre.Sub(g0.ex.Scale(fn / 2)).Sub(g0.ey.Scale(fn / 2))
				for dy := -1.5; dy <= 1.5; dy += 0.5 {
					for dx := -1.5; dx <= 1.5; dx += 0.5 {
						g := g0
						g.o = g.o.Add(g.ex.Scale(dx)).Add(g.ey.Scale(dy))
						if f := s.fitKnown(g); f > bestFit {
							best, bestFit = g, f
						}
					}
				}
			}
		}
		if i == 0 && bestFit < codebookSureTurn && bestFit >= codebookMinAgree/2 {
			if a, b, ok := moduleAxes(lum, w, h, centre, half); ok {
				axes = append(axes, [2]geom.Pt{a.Scale(2 * half / fn), b.Scale(2 * half / fn)})
			}
		}
	}
	if math.IsInf(bestFit, -1) || bestFit < codebookMinAgree/2 {
		return codebookMatch{}, false
	}
	return cb.matchGrid(s, s.refine(best))
}

// matchGrid matches the code sampled on grid g against the codebook.
func (cb *Codebook) matchGrid(s *softGrid, g gridAt) (codebookMatch, bool) {
	n := s.n
	s.coarse = false
	shapes := shapesFor(n)
	v, ok := s.sample(g)
	if !ok {
		return codebookMatch{}, false
	}
	z, agree, ok := s.levels(v)
	if !ok || agree < codebookMinAgree {
		return codebookMatch{}, false
	}
	lay := s.lay
	// The format information: both copies, each level and mask the
	// codebook has, ranked by agreement.
	type hyp struct {
		sh    shape
		mask  int
		score float64
	}
	var hyps []hyp
	for _, sh := range shapes {
		for k := 0; k < 8; k++ {
			word := formatWord(sh.ec, k)
			sc := 0.0
			for i, m := range lay.format1 {
				sc += z[m] * float64(sign(word&(1<<(14-i)) != 0))
			}
			for i, m := range lay.format2 {
				sc += z[m] * float64(sign(word&(1<<(14-i)) != 0))
			}
			hyps = append(hyps, hyp{sh: sh, mask: k, score: sc / 30})
		}
	}
	// Two best format readings: a blurred format strip can put the true
	// one second, and the data decide between them.
	for i := 0; i < 2 && i < len(hyps); i++ {
		b := i
		for j := i + 1; j < len(hyps); j++ {
			if hyps[j].score > hyps[b].score {
				b = j
			}
		}
		hyps[i], hyps[b] = hyps[b], hyps[i]
	}
	if len(hyps) > 2 {
		hyps = hyps[:2]
	}
	best := codebookMatch{Score: math.Inf(-1), N: n}
	second := math.Inf(-1)
	signed := make([]float64, len(lay.data))
	for _, hy := range hyps {
		book := cb.book(hy.sh)
		for k, m := range lay.data {
			signed[k] = z[m]
			if masked(hy.mask, m/n, m%n) {
				signed[k] = -z[m]
			}
		}
		for e, bits := range book.bits {
			sc := 0.0
			for k, b := range bits {
				sc += signed[k] * float64(b)
			}
			sc /= float64(len(bits))
			p := book.payloads[e]
			switch {
			case sc > best.Score:
				if best.Payload != p && best.Payload != "" {
					second = math.Max(second, best.Score)
				}
				best.Score, best.Payload = sc, p
			case p != best.Payload && sc > second:
				second = sc
			}
		}
	}
	if best.Payload == "" {
		return codebookMatch{}, false
	}
	if math.IsInf(second, -1) {
		second = 0
	}
	best.Margin = best.Score - second
	best.TL = g.at(3.5, 3.5)
	best.TR = g.at(float64(n)-3.5, 3.5)
	best.BL = g.at(3.5, float64(n)-3.5)
	best.OK = best.Score >= codebookMinScore && best.Margin >= codebookMinMargin
	return best, true
}

// moduleAxes finds the directions of a code's module rows and columns in
// the square of the given centre and half side: a code's module edges all
// run along its two axes, so the image gradient's direction (folded to
// 0–180°) has two peaks, each across one axis. It returns unit vectors
// along the axes, the first nearest the image's x axis (pointing right),
// the second nearest its y axis (pointing down); ok is false when the
// square shows no two clear peaks.
func moduleAxes(lum []byte, w, h int, centre geom.Pt, half float64) (geom.Pt, geom.Pt, bool) {
	const bins = 180
	var hist [bins]float64
	x0, x1 := max(1, int(centre.X-half)), min(w-1, int(centre.X+half))
	y0, y1 := max(1, int(centre.Y-half)), min(h-1, int(centre.Y+half))
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			gx := float64(lum[y*w+x+1]) - float64(lum[y*w+x-1])
			gy := float64(lum[(y+1)*w+x]) - float64(lum[(y-1)*w+x])
			m := gx*gx + gy*gy
			if m < 100 {
				continue
			}
			a := math.Atan2(gy, gx) * 180 / math.Pi
			if a < 0 {
				a += 180
			}
			hist[int(a)%bins] += m
		}
	}
	// smooth over ±3°, circularly
	var sm [bins]float64
	for i := range sm {
		for d := -3; d <= 3; d++ {
			sm[i] += hist[(i+d+bins)%bins]
		}
	}
	peak := func(skip int, within int) (int, float64) {
		b, bv := -1, 0.0
		for i, v := range sm {
			if skip >= 0 {
				d := (i - skip + bins) % bins
				if d > bins/2 {
					d = bins - d
				}
				if d < within {
					continue
				}
			}
			if v > bv {
				b, bv = i, v
			}
		}
		return b, bv
	}
	p1, v1 := peak(-1, 0)
	p2, v2 := peak(p1, 50) // the other axis: at least 50° away
	if p1 < 0 || p2 < 0 || v2 < 0.3*v1 {
		return geom.Pt{}, geom.Pt{}, false
	}
	// A gradient peak at angle a is across edges that run at a+90°.
	along := func(a int) geom.Pt {
		s, c := math.Sincos((float64(a) + 0.5 + 90) * math.Pi / 180)
		return geom.Pt{X: c, Y: s}
	}
	a, b := along(p1), along(p2)
	if math.Abs(a.Y) > math.Abs(b.Y) {
		a, b = b, a // a: the axis nearest x
	}
	if a.X < 0 {
		a = a.Scale(-1)
	}
	if b.Y < 0 {
		b = b.Scale(-1)
	}
	return a, b, true
}
