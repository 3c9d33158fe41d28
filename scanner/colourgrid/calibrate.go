package colourgrid

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// What the calibration photos give: `tableref calibrate board` the empty
// looks (and the construction sites' looks), `calibrate colours` the
// cube and tile samples, `calibrate shaker` where the shaker drops its
// cubes.

// ErrNotCaptured is returned when tiles are sampled from a board whose
// empty look is not known: a tile is told from an empty square by it.
var ErrNotCaptured = errors.New("board not captured empty")

// TileColumns are the tile colours by board column for `calibrate
// colours`: red, blue, black, green, grey from the west edge; the sixth
// column stays empty. Any row, any board: more tiles, more samples.
var TileColumns = []rules.Colour{rules.Red, rules.Blue, rules.Black, rules.Green, rules.Grey}

// Samples are what one colour photo gave.
type Samples struct {
	Cubes, Tiles []calibration.Sample
	// Notes say what was left out and why ("board:p2 (0,3): no tile").
	Notes []string
}

// ColourSamples reads one photo of `tableref calibrate colours`: the
// cubes on the shaker mat's cells in calibration.ColourOrder (a cell of
// the order with no cube is skipped: a box without white cubes), and on
// every board in view each square of the first five columns that holds a
// tile (told from the square's captured empty look), its colour by its
// column (TileColumns).
func ColourSamples(frame gocv.Mat, mats []Mat) (Samples, error) {
	var out Samples
	for _, m := range mats {
		if m.IsShaker() {
			if err := cubeSamples(frame, m, &out); err != nil {
				return out, err
			}
			continue
		}
		if err := tileSamples(frame, m, &out); err != nil {
			return out, err
		}
	}
	return out, nil
}

func cubeSamples(frame gocv.Mat, m Mat, out *Samples) error {
	r, err := readShaker(frame, m, Reference{})
	if err != nil {
		return err
	}
	order := calibration.ColourOrder(m.Layout)
	for _, c := range r.Cells {
		want, ok := order[c.Pos]
		switch {
		case !ok && c.Found != (geom.Quad{}):
			out.Notes = append(out.Notes, fmt.Sprintf("shaker %s: a cube where none belongs: left out", cellName(c.Pos)))
		case !ok:
		case c.Between:
			out.Notes = append(out.Notes, fmt.Sprintf("shaker %s: the %s cube lies across the cell's edge: left out", cellName(c.Pos), want))
		case c.Found == (geom.Quad{}):
			out.Notes = append(out.Notes, fmt.Sprintf("shaker %s: no %s cube", cellName(c.Pos), want))
		default:
			out.Cubes = append(out.Cubes, calibration.Sample{Colour: want, Lab: c.Lab, Spread: 1})
		}
	}
	return nil
}

// tileFlat is how much a tile's quarters may differ: more is a tile half
// on its square, or something else.
const tileFlat = 8

func tileSamples(frame gocv.Mat, m Mat, out *Samples) error {
	if !m.Board.Captured() {
		return fmt.Errorf("%s: %w: lay every board empty and run 'tableref calibrate board PHOTO' first, so a tile is told from the board's printed squares", m.Zone, ErrNotCaptured)
	}
	corners, err := m.cornerWhites(frame)
	if err != nil {
		return fmt.Errorf("%s: %w", m.Zone, err)
	}
	sq, err := m.squares(frame)
	if err != nil {
		return err
	}
	l := m.boardLight(corners, sq, Reference{})
	for _, s := range sq {
		lab, spread := s.look(l)
		e, _ := m.Board.EmptyAt(s.pos.Row, s.pos.Col)
		if e.Lab.Dist(lab) <= 1.5*e.Spread {
			continue // empty
		}
		if s.pos.Col >= len(TileColumns) {
			out.Notes = append(out.Notes, fmt.Sprintf("%s %s: something on the sixth column: left out (tiles go in the first five)", m.Zone, cellName(s.pos)))
			continue
		}
		if spread > tileFlat {
			// A tile askew or a little off its square: its middle is
			// still all tile.
			lab, spread = s.middle().look(l)
		}
		if spread > tileFlat {
			out.Notes = append(out.Notes, fmt.Sprintf("%s %s: not one even colour (a tile half on its square?): left out", m.Zone, cellName(s.pos)))
			continue
		}
		out.Tiles = append(out.Tiles, calibration.Sample{Colour: TileColumns[s.pos.Col], Lab: lab, Spread: spread})
	}
	return nil
}

// cellName is a cell as people count: "row 1 col 3".
func cellName(p rules.Pos) string { return fmt.Sprintf("row %d col %d", p.Row+1, p.Col+1) }

// CaptureBoards reads the empty look of every mat and board: each cell's
// colour under the light of its corner paper, and a spread from how much
// it varies.
func CaptureBoards(frame gocv.Mat, mats []Mat) ([]calibration.Board, error) {
	var out []calibration.Board
	for _, m := range mats {
		looks, err := Looks(frame, m)
		if err != nil {
			return nil, err
		}
		b := calibration.Board{Zone: m.Zone, Layout: m.Layout}
		if m.Board != nil {
			b.Sites = m.Board.Sites
		}
		for _, lk := range looks {
			b.Empty = append(b.Empty, round(lk.Lab))
			b.Spread = append(b.Spread, calibration.EmptySpread(lk.Spread))
		}
		out = append(out, b)
	}
	return out, nil
}

// paletteOf finds the few colours pixels show (k-means, up to 3, seeded
// with the median colour and then the pixel farthest from those chosen)
// and the share of each; colours nearer each other than SiteColour are
// one, and a share under a twentieth is noise.
func paletteOf(px []calibration.Lab) ([]calibration.Lab, []float64) {
	if len(px) == 0 {
		return nil, nil
	}
	var centres []calibration.Lab
	var med calibration.Lab
	for k := range med {
		v := make([]float64, len(px))
		for i, p := range px {
			v[i] = p[k]
		}
		sort.Float64s(v)
		med[k] = v[len(v)/2]
	}
	centres = append(centres, med)
	for len(centres) < 3 {
		far, fd := px[0], -1.0
		for _, p := range px {
			d := math.Inf(1)
			for _, c := range centres {
				d = math.Min(d, c.Dist(p))
			}
			if d > fd {
				far, fd = p, d
			}
		}
		if fd < calibration.SiteColour {
			break
		}
		centres = append(centres, far)
	}
	assign := make([]int, len(px))
	for it := 0; it < 10; it++ {
		for i, p := range px {
			best := math.Inf(1)
			for j, c := range centres {
				if d := c.Dist(p); d < best {
					best, assign[i] = d, j
				}
			}
		}
		sums := make([]calibration.Lab, len(centres))
		n := make([]float64, len(centres))
		for i, p := range px {
			for k := range p {
				sums[assign[i]][k] += p[k]
			}
			n[assign[i]]++
		}
		for j := range centres {
			if n[j] > 0 {
				for k := range sums[j] {
					centres[j][k] = sums[j][k] / n[j]
				}
			}
		}
	}
	share := make([]float64, len(centres))
	for _, a := range assign {
		share[a] += 1 / float64(len(px))
	}
	var pal []calibration.Lab
	var w []float64
	for j, c := range centres {
		if share[j] < 0.05 {
			continue
		}
		merged := false
		for k := range pal {
			if pal[k].Dist(c) < calibration.SiteColour {
				w[k] += share[j]
				merged = true
			}
		}
		if !merged {
			pal, w = append(pal, round(c)), append(w, share[j])
		}
	}
	for k := range w {
		w[k] = math.Round(w[k]*100) / 100
	}
	return pal, w
}

// DefaultSites are the construction squares of the default board profiles
// (REFERENCE.md §6.2: the diagonal from row 2 col 2 to row 5 col 5).
var DefaultSites = []rules.Pos{{Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 3, Col: 3}, {Row: 4, Col: 4}}

// CaptureSites reads the construction sites lying on their squares of
// every captured board in view: each square's look is kept, so the
// scanner tells a site from a tile. A square that still looks empty is an
// error (the site is missing, or the squares are not these). It returns
// the boards with their sites.
func CaptureSites(frame gocv.Mat, mats []Mat, squares []rules.Pos) ([]calibration.Board, error) {
	var out []calibration.Board
	for _, m := range mats {
		if m.IsShaker() {
			continue
		}
		if !m.Board.Captured() {
			return nil, fmt.Errorf("%s: %w: capture the empty board first ('tableref calibrate board PHOTO'), then the sites", m.Zone, ErrNotCaptured)
		}
		corners, err := m.cornerWhites(frame)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Zone, err)
		}
		sq, err := m.squares(frame)
		if err != nil {
			return nil, err
		}
		l := m.boardLight(corners, sq, Reference{})
		want := map[rules.Pos]bool{}
		for _, p := range squares {
			want[p] = true
		}
		b := *m.Board
		b.Sites = nil
		for _, s := range sq {
			if !want[s.pos] {
				continue
			}
			lab, _ := s.look(l)
			e, _ := m.Board.EmptyAt(s.pos.Row, s.pos.Col)
			if e.Lab.Dist(lab) <= e.Spread {
				return nil, fmt.Errorf("%w: %s %s looks empty: lay its construction site on it", calibration.ErrMissing, m.Zone, cellName(s.pos))
			}
			palette, weights := paletteOf(s.pixels(l))
			b.Sites = append(b.Sites, calibration.SiteLook{Cell: [2]int{s.pos.Row, s.pos.Col}, Lab: round(lab), Palette: palette, Weights: weights})
		}
		out = append(out, b)
	}
	return out, nil
}

func round(l calibration.Lab) calibration.Lab {
	for i := range l {
		l[i] = math.Round(l[i]*10) / 10
	}
	return l
}

// DropGrid is where a shaker drops its cubes, learnt from photos of its
// output by `tableref calibrate shaker`.
type DropGrid struct {
	// Layout is the shaker mat's layout with its grid on the cubes: cells
	// centred on where they land, as wide as their pitch; the printed
	// grid when the shaker lands its cubes on it already (Kept).
	Layout calibration.Layout
	Kept   bool
	// Pitch is the distance between neighbouring cubes, Offset how far
	// the cubes' grid's middle lies from the printed grid's (mm), and Cube
	// the cubes' side.
	Pitch  float64
	Offset geom.Pt
	Cube   float64
	// Shakes and Cubes count what it was learnt from; Scatter is the rms
	// distance of a cube from its place on the grid, Worst the largest.
	Shakes, Cubes  int
	Scatter, Worst float64
}

// ErrShake is returned when a shaker photo does not show 9 cubes in a
// 3×3 grid.
var ErrShake = errors.New("not 9 cubes in a 3×3 grid")

// Shake is the 9 cubes of one shake, by the cell of the 3×3 they land in
// (row 0 along the mat's north), mat mm.
type Shake [3][3]geom.Pt

// FindShake finds the 9 cubes the shaker just dropped on its mat,
// anywhere on the printed landing area and around it.
func FindShake(frame gocv.Mat, m Mat) (Shake, error) {
	l := m.Layout
	g := l.Grid
	side := l.CubeSide()
	pitch0 := l.CellSize()
	margin := math.Max(pitch0.X, pitch0.Y) / 2
	area := [4]float64{g[0] - margin - side, g[1] - margin - side, g[2] + margin + side, g[3] + margin + side}
	cm, err := m.cubeMap(frame, area)
	if err != nil {
		return Shake{}, err
	}
	search := [4]float64{g[0] - margin, g[1] - margin, g[2] + margin, g[3] + margin}
	found, _ := cm.find(side, search, m.cornerTiles())
	if len(found) != 9 {
		return Shake{}, fmt.Errorf("%w: %d cubes found on the shaker mat: lift the shaker straight up after a clean shake and take the photo again", ErrShake, len(found))
	}
	// Rows by y, then each row by x.
	sort.Slice(found, func(i, j int) bool { return found[i].centre.Y < found[j].centre.Y })
	var out Shake
	for r := 0; r < 3; r++ {
		row := append([]cubeFound(nil), found[3*r:3*r+3]...)
		sort.Slice(row, func(i, j int) bool { return row[i].centre.X < row[j].centre.X })
		for c := 0; c < 3; c++ {
			out[r][c] = row[c].centre
		}
	}
	return out, nil
}

// Tolerance of keeping the printed grid: a shaker landing its cubes
// within this of the printed cells' pitch and middle (mm) fits the mat.
const dropTolerance = 2.0

// FitDrop fits one square grid, axis-aligned with the mat, to the cubes
// of every shake: point (r, c) at middle + ((c−1)·p, (r−1)·p). The grid
// replaces the printed cells unless they already lie within dropTolerance
// of it. A pitch under the cubes' side, or cubes scattered more than a
// third of the pitch, is no grid.
func FitDrop(l calibration.Layout, shakes []Shake) (DropGrid, error) {
	if len(shakes) == 0 {
		return DropGrid{}, fmt.Errorf("%w: no shake", ErrShake)
	}
	var mid geom.Pt
	n := 0
	for _, s := range shakes {
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				mid = mid.Add(s[r][c])
				n++
			}
		}
	}
	mid = mid.Scale(1 / float64(n))
	var num, den float64
	for _, s := range shakes {
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				d := s[r][c].Sub(mid)
				num += float64(c-1)*d.X + float64(r-1)*d.Y
				den += float64((c-1)*(c-1) + (r-1)*(r-1))
			}
		}
	}
	p := num / den
	var ss, worst float64
	for _, s := range shakes {
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				d := s[r][c].Dist(mid.Add(geom.Pt{X: float64(c-1) * p, Y: float64(r-1) * p}))
				ss += d * d
				worst = math.Max(worst, d)
			}
		}
	}
	side := l.CubeSide()
	out := DropGrid{Layout: l, Pitch: p, Cube: side, Shakes: len(shakes), Cubes: n, Scatter: math.Sqrt(ss / float64(n)), Worst: worst}
	if p < side || worst > p/3 {
		return out, fmt.Errorf("%w: the cubes found do not lie on a grid (pitch %.0f mm, one %.0f mm off): shake again, lift the shaker straight up, take the photos again", ErrShake, p, worst)
	}
	g := l.Grid
	printedMid := geom.Pt{X: (g[0] + g[2]) / 2, Y: (g[1] + g[3]) / 2}
	out.Offset = mid.Sub(printedMid)
	cell := l.CellSize()
	if math.Abs(p-cell.X) < dropTolerance && math.Abs(p-cell.Y) < dropTolerance && math.Hypot(out.Offset.X, out.Offset.Y) < dropTolerance {
		out.Kept = true
		return out, nil
	}
	rnd := func(v float64) float64 { return math.Round(v*10) / 10 }
	out.Layout.Grid = [4]float64{rnd(mid.X - 1.5*p), rnd(mid.Y - 1.5*p), rnd(mid.X + 1.5*p), rnd(mid.Y + 1.5*p)}
	return out, nil
}

// LearnDrop is FitDrop on one photo's shake.
func LearnDrop(frame gocv.Mat, m Mat) (DropGrid, error) {
	s, err := FindShake(frame, m)
	if err != nil {
		return DropGrid{}, err
	}
	return FitDrop(m.Layout, []Shake{s})
}
