package colourgrid

import (
	"fmt"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/colour"
	"github.com/tableref/tableref/vision/geom"
)

// A shaker drops its cubes roughly one per cell, but a cube may land
// anywhere in its cell, up to its edge: reading the cell's middle then
// mixes the cube with the paper (a black cube half seen reads grey). So
// the mat is rectified whole, and each cube's top face is found where it
// lies:
//
//   - a coloured, black or grey cube is a square patch, a cube's face wide,
//     that differs from the paper and is even in colour (a box mean less
//     its variation, from integral images);
//   - a white cube on white paper differs from the paper by nothing but
//     its outline: the shadow at its base and its shaded sides, a band
//     darker than the paper around a face as light as the paper;
//   - a lamp's shadow is a patch too, but it is the paper, darker and
//     colourless: next to a cube it is dropped, so a white cube is not
//     read as its grey shadow;
//   - the mat's printed lines are long thin dark lines along its axes, found
//     by their profile and kept out of both tests.
//
// Each cube found belongs to the cell holding its centre; one reaching
// more than a third of its side over the cell's edge lies between cells.
// A cube across a line into a cell that holds its own cube is a stray:
// the cube lying there is still that cell's.

// cubeFound is one cube (or shadow) found on a mat, in layout mm.
type cubeFound struct {
	centre geom.Pt
	lab    calibration.Lab
	score  float64
	// white: found by its outline (a face as light as the paper).
	white bool
	// shadowLike: colourless and darker than the paper, as the paper in a
	// shadow is.
	shadowLike bool
}

// cubeMap is a mat's area rectified at ppmm, corrected for its light:
// each pixel's Lab, and how much darker than the paper it is.
type cubeMap struct {
	x0, y0, ppmm float64 // layout mm of pixel (0,0)'s corner; px per mm
	w, h         int
	lab          []calibration.Lab
	diff, dark   []float64 // ΔE from the paper (lightness counted fully); paper L − L
}

func (c *cubeMap) toMM(x, y float64) geom.Pt {
	return geom.Pt{X: c.x0 + x/c.ppmm, Y: c.y0 + y/c.ppmm}
}

func (c *cubeMap) toPx(p geom.Pt) (float64, float64) {
	return (p.X - c.x0) * c.ppmm, (p.Y - c.y0) * c.ppmm
}

// cubeMap rectifies area (layout mm: west, north, east, south) of the mat
// at a little over the frame's own resolution there (3 to 4 px per mm: a
// white cube's outline is a millimetre or two), lit by
// the paper of the mat's corners and of the cells: the brighter part of
// each cell is its paper, wherever the cube and its shadow lie.
func (m Mat) cubeMap(frame gocv.Mat, area [4]float64) (*cubeMap, error) {
	centre := geom.Pt{X: (area[0] + area[2]) / 2, Y: (area[1] + area[3]) / 2}
	ppmm := math.Max(3, math.Min(4, 1.3*m.ToImage.LocalScale(centre)))
	w := int(math.Round((area[2] - area[0]) * ppmm))
	h := int(math.Round((area[3] - area[1]) * ppmm))
	if w < 8 || h < 8 || w*h > 4e6 {
		return nil, fmt.Errorf("%s: area %v at %.1f px/mm: %w", m.Zone, area, ppmm, colour.ErrCell)
	}
	raw, err := rectifyLinear(frame, m.ToImage.ApplyQuad(geom.Rect(area[0], area[1], area[2], area[3])), w, h)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.Zone, err)
	}
	cm := &cubeMap{x0: area[0], y0: area[1], ppmm: float64(w) / (area[2] - area[0]), w: w, h: h}
	pts, err := m.cornerWhites(frame)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.Zone, err)
	}
	// The paper of each cell: its brighter part.
	for r := 0; r < m.Layout.Rows; r++ {
		for c := 0; c < m.Layout.Cols; c++ {
			q := m.Layout.Cell(r, c)
			var px []colour.RGB
			x0, y0 := cm.toPx(q[0])
			x1, y1 := cm.toPx(q[2])
			for y := max(0, int(y0)); y < min(h, int(y1)); y++ {
				for x := max(0, int(x0)); x < min(w, int(x1)); x++ {
					px = append(px, raw[y*w+x])
				}
			}
			if len(px) > 0 {
				pts = append(pts, whitePoint{at: q.Centre(), white: brightMedian(px, 0.75), weight: 1})
			}
		}
	}
	// Bilinear: the area reaches beyond the cells the light was seen in,
	// where a bent surface would run away.
	l := fitLightTerms(m.Layout, pts, false)
	paper := lab(colour.RGB{Paper, Paper, Paper})
	cm.lab = make([]calibration.Lab, w*h)
	cm.diff = make([]float64, w*h)
	cm.dark = make([]float64, w*h)
	// The light changes slowly: gains per 2 mm block.
	step := max(1, int(2*cm.ppmm))
	for by := 0; by < h; by += step {
		for bx := 0; bx < w; bx += step {
			g := gains(l.white(cm.toMM(float64(bx)+float64(step)/2, float64(by)+float64(step)/2)))
			for y := by; y < min(h, by+step); y++ {
				for x := bx; x < min(w, bx+step); x++ {
					i := y*w + x
					v := lab(raw[i].Scale(g))
					cm.lab[i] = v
					// Lighter than the paper is the light misjudged, not a
					// cube: only colour counts there.
					dl := math.Min(0, v[0]-paper[0])
					cm.diff[i] = math.Sqrt(dl*dl + (v[1]-paper[1])*(v[1]-paper[1]) + (v[2]-paper[2])*(v[2]-paper[2]))
					cm.dark[i] = math.Max(0, -dl)
				}
			}
		}
	}
	cm.removeLines()
	return cm, nil
}

// removeLines finds the printed lines: rows (and columns) much darker
// than the rows 2 mm either side over most of the area; their pixels stop
// counting as different from the paper.
func (c *cubeMap) removeLines() {
	rowFrac := make([]float64, c.h)
	colFrac := make([]float64, c.w)
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			if c.dark[y*c.w+x] > 8 {
				rowFrac[y] += 1 / float64(c.w)
				colFrac[x] += 1 / float64(c.h)
			}
		}
	}
	span := max(2, int(2*c.ppmm))
	lines := func(frac []float64) []bool {
		out := make([]bool, len(frac))
		for i := range frac {
			lo, hi := math.Inf(1), math.Inf(1)
			for d := span; d <= span+2; d++ {
				if i-d >= 0 {
					lo = math.Min(lo, frac[i-d])
				}
				if i+d < len(frac) {
					hi = math.Min(hi, frac[i+d])
				}
			}
			// A line is a narrow peak: darker than both sides. A cube's
			// edge is dark on one side only.
			around := math.Max(lo, hi)
			if math.IsInf(around, 1) {
				around = math.Min(lo, hi)
			}
			if frac[i] > 0.35 && frac[i]-around > 0.25 {
				out[i] = true
			}
		}
		// A line's blur reaches a pixel beyond what was found.
		grown := append([]bool(nil), out...)
		for i := range out {
			if out[i] {
				for d := -1; d <= 1; d++ {
					if i+d >= 0 && i+d < len(out) {
						grown[i+d] = true
					}
				}
			}
		}
		return grown
	}
	rows, cols := lines(rowFrac), lines(colFrac)
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			if rows[y] || cols[x] {
				i := y*c.w + x
				// On a line the pixel says nothing; a cube lying over
				// the line still shows its colour there, which a line's
				// grey does not.
				if c.lab[i].Dist(calibration.Lab{c.lab[i][0], 0, 0}) < 12 {
					c.diff[i], c.dark[i] = 0, 0
				}
			}
		}
	}
}

// integral is a summed-area table.
type integral struct {
	w, h int
	s    []float64 // (w+1)×(h+1)
}

func newIntegral(w, h int, v func(i int) float64) integral {
	in := integral{w: w, h: h, s: make([]float64, (w+1)*(h+1))}
	for y := 0; y < h; y++ {
		row := 0.0
		for x := 0; x < w; x++ {
			row += v(y*w + x)
			in.s[(y+1)*(w+1)+x+1] = in.s[y*(w+1)+x+1] + row
		}
	}
	return in
}

// mean is the mean over the box [x0,x1)×[y0,y1), clipped to the image.
func (in integral) mean(x0, y0, x1, y1 int) float64 {
	x0, y0 = max(0, x0), max(0, y0)
	x1, y1 = min(in.w, x1), min(in.h, y1)
	if x1 <= x0 || y1 <= y0 {
		return 0
	}
	s := in.s[y1*(in.w+1)+x1] - in.s[y0*(in.w+1)+x1] - in.s[y1*(in.w+1)+x0] + in.s[y0*(in.w+1)+x0]
	return s / float64((x1-x0)*(y1-y0))
}

// paperL is the lightness of paper once corrected.
var paperL = lab(colour.RGB{Paper, Paper, Paper})[0]

// Detection thresholds, in ΔE and lightness units.
const (
	// A cube's face differs from the paper by this much at least (grey
	// plastic on white paper: 35 or more).
	minFaceDiff = 18
	// A lamp's shadow differs from the paper by this much at least, to be
	// learnt from.
	minShadowDiff = 8
	// A white cube's outline is at least this much darker than its face.
	minOutline = 6
	// A face lighter than the paper within this is "as light as the
	// paper": a white cube, found by its outline only.
	whiteFace = 10
	// A white face varies (the variance of its Lab over the sampled box)
	// less than this: white plastic is even.
	whiteEven = 12
)

// find finds the cubes of side `side` mm whose centres lie in search
// (layout mm), leaving out the excluded boxes (the corner codes). It also
// returns the patches it took for a lamp's shadows that stood out as much
// as a cube's face and lie away from every cube found: a shadow and a grey
// cube can look alike, so the cell such a patch lies in is not known to be
// empty.
func (c *cubeMap) find(side float64, search [4]float64, exclude []geom.Quad) (cubes, shadows []cubeFound) {
	// Look for faces as faint as a light shadow first, to learn the
	// shadows by.
	faint := c.findOnce(side, search, exclude, minShadowDiff)
	shadow, ok := c.shadowColour(faint, side)
	if !ok {
		var out []cubeFound
		for _, f := range faint {
			if f.white || f.score >= minFaceDiff {
				out = append(out, f)
			}
		}
		return out, nil
	}
	// A lamp's shadows are the paper in less light: one colour over the
	// whole mat, learnt from the shadows beside coloured cubes. Taken as
	// paper, they no longer pass for cubes, nor hide a grey cube standing
	// in one.
	for i, v := range c.lab {
		if shadowTinted(v, shadow, 5) {
			c.diff[i], c.dark[i] = 0, 0
		}
	}
	var out []cubeFound
	for _, f := range c.findOnce(side, search, exclude, minFaceDiff) {
		// What is left of a shadow (its edge, a shadow where two fall,
		// darker) keeps the shadow's tint; a grey cube does not. White
		// cubes are taken from the first look: their own shadow was
		// part of their outline.
		if f.white || shadowTinted(f.lab, shadow, 4) {
			continue
		}
		f.shadowLike = false
		out = append(out, f)
	}
	for _, w := range faint {
		if !w.white {
			continue
		}
		near := false
		for _, f := range out {
			near = near || f.centre.Dist(w.centre) < 0.8*side
		}
		if !near {
			out = append(out, w)
		}
	}
	var dropped []cubeFound
	for _, f := range faint {
		if !f.shadowLike || f.score < minFaceDiff {
			continue
		}
		near := false
		for _, g := range out {
			near = near || f.centre.Dist(g.centre) < 0.8*side
		}
		if !near {
			dropped = append(dropped, f)
		}
	}
	return out, dropped
}

// shadowTinted reports whether a colour is the shadow's, or a darker or
// lighter one of its tint (within tint in a* and b*): the paper in the
// lamp's shadow, less lit where two shadows fall or by a cube's foot,
// more in a shadow's soft edge.
func shadowTinted(c, shadow calibration.Lab, tint float64) bool {
	return math.Abs(c[1]-shadow[1]) < tint && math.Abs(c[2]-shadow[2]) < tint && c[0] > shadow[0]-25 && c[0] < shadow[0]+15
}

// fullDist is ΔE with lightness counted fully.
func fullDist(a, b calibration.Lab) float64 {
	dl := a[0] - b[0]
	return math.Sqrt(dl*dl + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// shadowColour is the colour of the lamp's shadows on this mat, when
// there is a lamp: the shadow-like patches touching a cube that is not
// (the nearest they touch: long shadows run into the next cubes), lying
// the same way from their cubes (a lamp casts every shadow the
// same way; a grey cube beside a coloured one lies any way), at least
// two of them; their median colour.
func (c *cubeMap) shadowColour(fs []cubeFound, side float64) (calibration.Lab, bool) {
	type pair struct {
		lab calibration.Lab
		dir geom.Pt
	}
	var ps []pair
	paired := make([]bool, len(fs))
	for _, f := range fs {
		if !f.shadowLike {
			continue
		}
		// The cube casting it is the nearest it touches: where shadows
		// run together, a shadow touches its neighbours' cubes too.
		cast := -1
		for j, g := range fs {
			if !g.shadowLike && !g.white && c.touching(f, g, side) &&
				(cast < 0 || f.centre.Dist(g.centre) < f.centre.Dist(fs[cast].centre)) {
				cast = j
			}
		}
		if cast >= 0 {
			d := f.centre.Sub(fs[cast].centre)
			ps = append(ps, pair{f.lab, d.Scale(1 / math.Max(1e-9, math.Hypot(d.X, d.Y)))})
			paired[cast] = true
		}
	}
	var best []calibration.Lab
	var bestDir geom.Pt
	for _, p := range ps {
		var same []calibration.Lab
		for _, q := range ps {
			if p.dir.X*q.dir.X+p.dir.Y*q.dir.Y > 0.8 {
				same = append(same, q.lab)
			}
		}
		if len(same) > len(best) {
			best, bestDir = same, p.dir
		}
	}
	if len(best) < 2 || !c.lampWitnessed(fs, paired, bestDir, side) {
		return calibration.Lab{}, false
	}
	// The median, channel by channel: a shadow half over a grey cube
	// must not pull it.
	var m calibration.Lab
	for k := range m {
		v := make([]float64, len(best))
		for i, l := range best {
			v[i] = l[k]
		}
		sort.Float64s(v)
		m[k] = v[len(v)/2]
	}
	return m, true
}

// lampWitnessed reports whether the coloured cubes that have no patch
// beside them agree that a lamp casts shadows towards dir: a lamp
// shadows every cube, so the paper just past a cube's face towards dir
// is darker than the paper just past its opposite face, even where the
// shadow is too small to pass for a patch. Two grey cubes that happen to
// lie beside coloured cubes the same way are not witnessed: the other
// cubes' paper is as light on both sides (their contact shadows are
// alike all round). The witnesses are coloured cubes (their own shaded
// sides are coloured, not counted as paper) with no other patch near
// either strip. With none against, or more for than against, the
// patches are believed (under a lamp most coloured cubes have their
// shadow as a patch beside them, leaving few witnesses or none).
func (c *cubeMap) lampWitnessed(fs []cubeFound, paired []bool, dir geom.Pt, side float64) bool {
	yes, no := c.lampVotes(fs, paired, dir, side)
	return no == 0 || yes > no
}

// lampVotes counts the witnesses of lampWitnessed: those whose paper is
// darker towards dir than away from it by half a faint shadow (yes), and
// those where it is not darker by a quarter of one (no).
func (c *cubeMap) lampVotes(fs []cubeFound, paired []bool, dir geom.Pt, side float64) (yes, no int) {
	perp := geom.Pt{X: -dir.Y, Y: dir.X}
	// strip is the mean darkness of the colourless paper from 1.5 to 6
	// mm past the face towards d, half a side wide, and the share of it
	// that is such paper.
	strip := func(at, d geom.Pt) (float64, float64) {
		var sum, n, all float64
		for t := side/2 + 1.5; t <= side/2+6; t += 0.5 {
			for u := -side / 4; u <= side/4; u += 0.5 {
				p := at.Add(d.Scale(t)).Add(perp.Scale(u))
				x, y := c.toPx(p)
				xi, yi := int(x), int(y)
				all++
				if xi < 0 || yi < 0 || xi >= c.w || yi >= c.h {
					continue
				}
				v := c.lab[yi*c.w+xi]
				if c.dark[yi*c.w+xi] < 45 && math.Hypot(v[1], v[2]) < 12 {
					sum, n = sum+c.dark[yi*c.w+xi], n+1
				}
			}
		}
		if n == 0 {
			return 0, 0
		}
		return sum / n, n / all
	}
	for i, g := range fs {
		if paired[i] || g.shadowLike || g.white || math.Hypot(g.lab[1], g.lab[2]) < 25 {
			continue
		}
		clear := true
		for j, h := range fs {
			if j == i {
				continue
			}
			for _, s := range []float64{1, -1} {
				if h.centre.Dist(g.centre.Add(dir.Scale(s*(side/2+3.75)))) < side/2+5 {
					clear = false
				}
			}
		}
		if !clear {
			continue
		}
		to, toShare := strip(g.centre, dir)
		from, fromShare := strip(g.centre, dir.Scale(-1))
		if toShare < 0.5 || fromShare < 0.5 {
			continue
		}
		switch {
		case to-from > minShadowDiff/2:
			yes++
		case to-from < minShadowDiff/4:
			no++
		}
	}
	return yes, no
}

// findOnce finds every candidate cube face (and shadow) once.
func (c *cubeMap) findOnce(side float64, search [4]float64, exclude []geom.Quad, least float64) []cubeFound {
	diff := newIntegral(c.w, c.h, func(i int) float64 { return c.diff[i] })
	dark := newIntegral(c.w, c.h, func(i int) float64 { return c.dark[i] })
	// What may outline a white cube: colourless and only somewhat darker
	// than the paper (a shadow, a shaded white side); a neighbouring
	// coloured or black cube is not an outline.
	rim := newIntegral(c.w, c.h, func(i int) float64 {
		v := c.lab[i]
		if c.dark[i] < 45 && math.Hypot(v[1], v[2]) < 12 {
			return c.dark[i]
		}
		return 0
	})
	var sq [3]integral
	var ch [3]integral
	for k := 0; k < 3; k++ {
		k := k
		ch[k] = newIntegral(c.w, c.h, func(i int) float64 { return c.lab[i][k] })
		sq[k] = newIntegral(c.w, c.h, func(i int) float64 { return c.lab[i][k] * c.lab[i][k] })
	}
	face := int(math.Round(0.35 * side * c.ppmm)) // half the sampled face: 0.7 of the side
	half := int(math.Round(0.5 * side * c.ppmm))
	band := max(2, int(math.Round(2*c.ppmm))) // the outline band: 2 mm
	solid := make([]float64, c.w*c.h)
	outline := make([]float64, c.w*c.h)
	for i := range solid {
		solid[i], outline[i] = math.Inf(-1), math.Inf(-1)
	}
	sx0, sy0 := c.toPx(geom.Pt{X: search[0], Y: search[1]})
	sx1, sy1 := c.toPx(geom.Pt{X: search[2], Y: search[3]})
	// The excluded boxes (axis-aligned in the mat's frame) as pixels.
	skip := make([]bool, c.w*c.h)
	for _, q := range exclude {
		x0, y0 := c.toPx(q[0])
		x1, y1 := c.toPx(q[2])
		for y := max(0, int(math.Floor(y0))); y < min(c.h, int(math.Ceil(y1))); y++ {
			for x := max(0, int(math.Floor(x0))); x < min(c.w, int(math.Ceil(x1))); x++ {
				skip[y*c.w+x] = true
			}
		}
	}
	for y := max(0, int(sy0)); y < min(c.h, int(sy1)); y++ {
		for x := max(0, int(sx0)); x < min(c.w, int(sx1)); x++ {
			if skip[y*c.w+x] {
				continue
			}
			x0, y0, x1, y1 := x-face, y-face, x+face+1, y+face+1
			var v float64
			for k := 0; k < 3; k++ {
				m := ch[k].mean(x0, y0, x1, y1)
				v += math.Max(0, sq[k].mean(x0, y0, x1, y1)-m*m)
			}
			d := diff.mean(x0, y0, x1, y1)
			solid[y*c.w+x] = d - math.Sqrt(v)
			if d < whiteFace {
				// The band just outside the face's edge, darker than the
				// face on every side: the shadow at a cube's base and its
				// shaded sides. A coloured cube beside a patch of paper
				// darkens one side only.
				in := dark.mean(x0, y0, x1, y1)
				sides := [4]float64{
					rim.mean(x-half, y-half-band, x+half+1, y-half),
					rim.mean(x-half, y+half+1, x+half+1, y+half+band+1),
					rim.mean(x-half-band, y-half, x-half, y+half+1),
					rim.mean(x+half+1, y-half, x+half+band+1, y+half+1),
				}
				// Beyond the band, the paper again: an outline is thin. A
				// gap between two grey cubes is dark well beyond.
				o0, o1 := half+band, half+2*band+1
				beyond := [4]float64{
					rim.mean(x-half, y-o1, x+half+1, y-o0),
					rim.mean(x-half, y+o0+1, x+half+1, y+o1+1),
					rim.mean(x-o1, y-half, x-o0, y+half+1),
					rim.mean(x+o0+1, y-half, x+o1+1, y+half+1),
				}
				// A white cube's shaded side (towards the camera) and its
				// lamp shadow are wider than the band, but on two sides
				// that meet; a gap between two cubes is dark on two
				// opposite sides.
				var thick [4]bool
				thin := 0
				for k := range sides {
					if sides[k]-beyond[k] > minOutline/3 {
						thin++
					} else {
						thick[k] = true
					}
				}
				if thin == 2 && (thick[0] && thick[1] || thick[2] && thick[3]) {
					thin = 0
				}
				low, sum := math.Inf(1), 0.0
				for _, v := range sides {
					low, sum = math.Min(low, v-in), sum+math.Min(v-in, 25)
				}
				// A white face is even: paper between cubes is crossed
				// by their edges and shadows.
				if low > minOutline/2 && thin >= 2 && v < whiteEven {
					outline[y*c.w+x] = sum/4 - math.Sqrt(v)
				}
			}
		}
	}
	var out []cubeFound
	// Greedy: the best place first, its neighbourhood taken out, and so
	// on while a place scores above the threshold.
	pick := func(score []float64, least float64, white bool) {
		for {
			best, bi := least, -1
			for i, s := range score {
				if s >= best {
					best, bi = s, i
				}
			}
			if bi < 0 {
				return
			}
			x, y := bi%c.w, bi/c.w
			// No second cube within most of a side of this one.
			suppress := func() {
				r := int(0.8 * side * c.ppmm)
				for yy := max(0, y-r); yy < min(c.h, y+r+1); yy++ {
					for xx := max(0, x-r); xx < min(c.w, x+r+1); xx++ {
						score[yy*c.w+xx] = math.Inf(-1)
						if !white {
							// A solid face is never also a white one.
							outline[yy*c.w+xx] = math.Inf(-1)
						}
					}
				}
			}
			f := cubeFound{centre: c.toMM(float64(x)+0.5, float64(y)+0.5), score: best, white: white}
			f.lab = c.faceLab(x, y, face)
			if white && f.lab[0] < paperL-whiteFace {
				// An outline around paper in a shadow: no cube.
				suppress()
				continue
			}
			if !white {
				// The best box lies anywhere on the face; the face is
				// where its colour is.
				f.centre = c.faceCentre(x, y, int(0.75*side*c.ppmm), f.lab)
			}
			chroma := math.Hypot(f.lab[1], f.lab[2])
			f.shadowLike = !white && chroma < 25 && f.lab[0] > 25 && f.lab[0] < 85
			out = append(out, f)
			suppress()
		}
	}
	pick(solid, least, false)
	pick(outline, minOutline, true)
	return out
}

// touching reports whether two patches are near and have no paper
// between their centres (two cubes in neighbouring cells, however near,
// have paper between them; a cube and its shadow do not). A printed line
// crossing a shadow was taken out as paper: a gap under 3 mm is not one.
func (c *cubeMap) touching(a, b cubeFound, side float64) bool {
	if math.Abs(a.centre.X-b.centre.X) > 1.35*side || math.Abs(a.centre.Y-b.centre.Y) > 1.35*side {
		return false
	}
	d := a.centre.Dist(b.centre)
	n := max(4, int(d*2)) // every half millimetre
	run := 0
	for k := 1; k < n; k++ {
		p := a.centre.Add(b.centre.Sub(a.centre).Scale(float64(k) / float64(n)))
		x, y := c.toPx(p)
		xi, yi := int(x), int(y)
		if xi < 0 || yi < 0 || xi >= c.w || yi >= c.h || c.diff[yi*c.w+xi] >= 8 {
			run = 0
			continue
		}
		if run++; float64(run)*d/float64(n) >= 3 {
			return false
		}
	}
	return true
}

// faceCentre is the centroid of the pixels near (x, y), within r, of a
// face's colour.
func (c *cubeMap) faceCentre(x, y, r int, face calibration.Lab) geom.Pt {
	var sx, sy, n float64
	for yy := max(0, y-r); yy < min(c.h, y+r+1); yy++ {
		for xx := max(0, x-r); xx < min(c.w, x+r+1); xx++ {
			v := c.lab[yy*c.w+xx]
			dl := v[0] - face[0]
			if math.Sqrt(dl*dl+(v[1]-face[1])*(v[1]-face[1])+(v[2]-face[2])*(v[2]-face[2])) < 12 {
				sx, sy, n = sx+float64(xx)+0.5, sy+float64(yy)+0.5, n+1
			}
		}
	}
	if n == 0 {
		return c.toMM(float64(x)+0.5, float64(y)+0.5)
	}
	return c.toMM(sx/n, sy/n)
}

// faceLab is the robust mean colour of the face box around (x, y).
func (c *cubeMap) faceLab(x, y, r int) calibration.Lab {
	var px []colour.Lab
	for yy := max(0, y-r); yy < min(c.h, y+r+1); yy++ {
		for xx := max(0, x-r); xx < min(c.w, x+r+1); xx++ {
			v := c.lab[yy*c.w+xx]
			px = append(px, colour.Lab{L: v[0], A: v[1], B: v[2]})
		}
	}
	m, err := colour.RobustMean(px)
	if err != nil {
		return calibration.Lab{}
	}
	return calibration.Lab{m.L, m.A, m.B}
}

// cornerTiles are the mat's corner codes with their tiles and 2 mm, in
// layout mm: never a cube.
func (m Mat) cornerTiles() []geom.Quad {
	var out []geom.Quad
	const half = 24.2 + 2
	for _, mk := range m.Layout.Markers {
		out = append(out, geom.Rect(mk[0]-half, mk[1]-half, mk[0]+half, mk[1]+half))
	}
	return out
}

// cellsUnder are the cells of l a cube of side side centred at p (layout
// mm) lies over by more than a millimetre, the one holding its centre
// first: where a stray cube lies, to say so.
func cellsUnder(l calibration.Layout, p geom.Pt, side float64) []rules.Pos {
	g, size := l.Grid, l.CellSize()
	own := rules.Pos{
		Row: min(l.Rows-1, max(0, int(math.Floor((p.Y-g[1])/size.Y)))),
		Col: min(l.Cols-1, max(0, int(math.Floor((p.X-g[0])/size.X)))),
	}
	out := []rules.Pos{own}
	for r := 0; r < l.Rows; r++ {
		for c := 0; c < l.Cols; c++ {
			q := l.Cell(r, c)
			ox := math.Min(q[2].X, p.X+side/2) - math.Max(q[0].X, p.X-side/2)
			oy := math.Min(q[2].Y, p.Y+side/2) - math.Max(q[0].Y, p.Y-side/2)
			if (rules.Pos{Row: r, Col: c}) != own && ox > 1 && oy > 1 {
				out = append(out, rules.Pos{Row: r, Col: c})
			}
		}
	}
	return out
}

// readShaker finds the cubes on the shaker mat and puts each in its cell.
func readShaker(frame gocv.Mat, m Mat, ref Reference) (Reading, error) {
	side := m.Layout.CubeSide()
	g := m.Layout.Grid
	margin := 0.6 * side
	area := [4]float64{g[0] - margin, g[1] - margin, g[2] + margin, g[3] + margin}
	cm, err := m.cubeMap(frame, area)
	if err != nil {
		return Reading{}, err
	}
	found, shadows := cm.find(side, [4]float64{g[0] - 0.3*side, g[1] - 0.3*side, g[2] + 0.3*side, g[3] + 0.3*side}, m.cornerTiles())
	out := Reading{Mat: m}
	cells := make([]Cell, m.Layout.Rows*m.Layout.Cols)
	count := make([]int, len(cells))
	for r := 0; r < m.Layout.Rows; r++ {
		for c := 0; c < m.Layout.Cols; c++ {
			q := m.Layout.Cell(r, c)
			cells[r*m.Layout.Cols+c] = Cell{Pos: rules.Pos{Row: r, Col: c}, Quad: m.ToImage.ApplyQuad(q), Lab: lab(colour.RGB{Paper, Paper, Paper})}
		}
	}
	size := m.Layout.CellSize()
	// Each cube goes to the cell holding its centre, with how far it
	// reaches over that cell's edge.
	type placed struct {
		f    cubeFound
		over float64
	}
	in := make([][]placed, len(cells))
	for _, f := range found {
		if f.centre.X < g[0]-side/2 || f.centre.X > g[2]+side/2 || f.centre.Y < g[1]-side/2 || f.centre.Y > g[3]+side/2 {
			continue // off the grid: not this mat's cube
		}
		// A cube half off the grid's edge belongs to the edge cell, and
		// lies between cells.
		col := min(m.Layout.Cols-1, max(0, int(math.Floor((f.centre.X-g[0])/size.X))))
		row := min(m.Layout.Rows-1, max(0, int(math.Floor((f.centre.Y-g[1])/size.Y))))
		i := row*m.Layout.Cols + col
		mid := m.Layout.Cell(row, col).Centre()
		over := math.Max(math.Abs(f.centre.X-mid.X)+side/2-size.X/2, math.Abs(f.centre.Y-mid.Y)+side/2-size.Y/2)
		in[i] = append(in[i], placed{f, over})
		count[i]++
	}
	faceOf := func(f cubeFound) geom.Quad {
		return m.ToImage.ApplyQuad(geom.Rect(f.centre.X-side/2, f.centre.Y-side/2, f.centre.X+side/2, f.centre.Y+side/2))
	}
	for i, ps := range in {
		if len(ps) == 0 {
			continue
		}
		cell := &cells[i]
		// The cube lying most inside the cell; the others are strays
		// when they reach over its edge (a cube seen from the side seems
		// to lie a little off its foot, so "over the edge" is not
		// enough) well more than it does: two cubes lying alike in one
		// cell are two in it, neither a stray.
		sort.Slice(ps, func(a, b int) bool { return ps[a].over < ps[b].over })
		keep := ps[0].over <= side/3
		for _, p := range ps[1:] {
			keep = keep && p.over > 0 && p.over-ps[0].over > side/6
		}
		if keep {
			// A stray one must not make the cube lying here disappear:
			// this is the cell's, the strays are counted in no cell.
			for _, p := range ps[1:] {
				out.Strays = append(out.Strays, Stray{Cells: cellsUnder(m.Layout, p.f.centre, side), Lab: p.f.lab, Found: faceOf(p.f)})
			}
			f := ps[0].f
			count[i] = 1
			cell.Found, cell.Lab = faceOf(f), f.lab
			c := classify(f.lab, 0, ref.Profiles, nil, nil)
			cell.Colour, cell.Unknown, cell.Nearest, cell.Dist = c.Colour, c.Unknown, c.Nearest, c.Dist
			continue
		}
		// Only a cube across the cell's edge, or two lying in it: not a
		// 3×3 grid.
		last := ps[len(ps)-1].f
		cell.Found, cell.Lab = faceOf(last), last.lab
		cell.Colour, cell.Unknown, cell.Between = "", false, true
	}
	unsureOfShadows(cells, count, m, shadows, ref)
	out.Cells = cells
	return out, nil
}

// unsureOfShadows marks unknown each cell where no cube was found but a
// patch taken for a lamp's shadow lies whose colour is a calibrated
// cube's: it may be a grey cube taken for a shadow, and an empty cell
// read there would ask for a needless reshake (or hide a cube). Unknown,
// the cell holds the snapshot back until the cubes are seen for sure.
func unsureOfShadows(cells []Cell, count []int, m Mat, shadows []cubeFound, ref Reference) {
	g := m.Layout.Grid
	size := m.Layout.CellSize()
	for _, f := range shadows {
		if f.centre.X < g[0] || f.centre.X >= g[2] || f.centre.Y < g[1] || f.centre.Y >= g[3] {
			continue
		}
		col := min(m.Layout.Cols-1, int((f.centre.X-g[0])/size.X))
		row := min(m.Layout.Rows-1, int((f.centre.Y-g[1])/size.Y))
		i := row*m.Layout.Cols + col
		if count[i] > 0 {
			continue
		}
		c := classify(f.lab, 0, ref.Profiles, nil, nil)
		if c.Unknown {
			continue // no cube's colour: the paper in a shadow
		}
		cells[i].Unknown, cells[i].ShadowLike, cells[i].Lab, cells[i].Nearest, cells[i].Dist = true, true, f.lab, c.Colour, c.Dist
	}
}
