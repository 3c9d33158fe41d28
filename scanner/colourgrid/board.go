package colourgrid

import (
	"fmt"
	"math"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/colour"
	"github.com/tableref/tableref/vision/geom"
)

// Cell is one cell of a mat or board as read, in the mat's own frame
// (row 0 along its printed north edge).
type Cell struct {
	Pos rules.Pos
	// Colour is the cube or tile read; empty for an empty square, a
	// construction site, a cube between cells and an unknown colour.
	Colour rules.Colour
	// Unknown: something lies there whose colour matches no profile, nor
	// the square's empty look, nor its site: never guessed.
	Unknown bool
	// Nearest is the colour an unknown cell came nearest to.
	Nearest rules.Colour
	// Site: a construction site lies on the square (it reads empty).
	Site bool
	// Between: on the shaker, a cube lies across this cell's edge, or two
	// cubes lie in it: not 9 cubes in a 3×3 grid.
	Between bool
	// ShadowLike: on the shaker, an unknown cell whose only patch was
	// taken for a lamp's shadow but has a cube's colour (a grey cube and
	// a shadow can look alike).
	ShadowLike bool
	// Lab is the cell's colour corrected for the light where it lies (a
	// cube's top face), and Dist its distance to what it matched (or to
	// Nearest).
	Lab  calibration.Lab
	Dist float64
	// Spread is how much the cell's quarters differ.
	Spread float64
	// Quad is the cell in image pixels; Found, on the shaker, the top face
	// of the cube found in it.
	Quad, Found geom.Quad
}

// Reading is one mat or board as read.
type Reading struct {
	Mat   Mat
	Cells []Cell // row-major
	// NotCaptured: a board read without its empty look, so its printed
	// squares might pass for tiles.
	NotCaptured bool
	// SitesNotCaptured lists construction squares holding something that
	// is neither a tile nor the empty square, on a board whose sites were
	// never captured.
	SitesNotCaptured []rules.Pos
	// Strays are the shaker's cubes lying across a cell line beside a
	// cell that holds its own cube: that cube is still read in its cell,
	// and the stray one is counted in none.
	Strays []Stray
}

// Stray is a cube across a cell line on the shaker.
type Stray struct {
	// Cells are the cells it reaches into, its own (holding its centre)
	// first.
	Cells []rules.Pos
	Lab   calibration.Lab
	// Found is its top face in image pixels.
	Found geom.Quad
}

// Reference is what a mat's cells are told apart by.
type Reference struct {
	// Profiles are the cube profiles for the shaker, the tile profiles for
	// a board.
	Profiles []calibration.Profile
	// Sites are the construction squares (boards, module on).
	Sites []rules.Pos
}

// Read reads every cell of a mat or board in frame (8-bit BGR).
func Read(frame gocv.Mat, m Mat, ref Reference) (Reading, error) {
	if m.IsShaker() {
		return readShaker(frame, m, ref)
	}
	return readBoard(frame, m, ref)
}

// Board sampling: a square's middle half, 16×16 px, is what is read; the
// quarter border keeps out the grid lines, a neighbour and a tile laid a
// little off.
const (
	cellSide  = 32
	cellInset = 0.25
)

// square is one board square's pixels, as the camera saw them.
type square struct {
	pos  rules.Pos
	quad geom.Quad // image px
	raw  []colour.RGB
	at   geom.Pt // layout mm, its centre
}

// squares rectifies every cell of a mat and keeps its middle's pixels.
func (m Mat) squares(frame gocv.Mat) ([]square, error) {
	var out []square
	for r := 0; r < m.Layout.Rows; r++ {
		for c := 0; c < m.Layout.Cols; c++ {
			cell := m.Layout.Cell(r, c)
			q := m.ToImage.ApplyQuad(cell)
			px, err := rectifyLinear(frame, q, cellSide, cellSide)
			if err != nil {
				return nil, fmt.Errorf("%s cell (%d,%d): %w", m.Zone, r, c, err)
			}
			lo, hi := int(cellInset*cellSide), int((1-cellInset)*cellSide)
			var mid []colour.RGB
			for y := lo; y < hi; y++ {
				mid = append(mid, px[y*cellSide+lo:y*cellSide+hi]...)
			}
			out = append(out, square{pos: rules.Pos{Row: r, Col: c}, quad: q, raw: mid, at: cell.Centre()})
		}
	}
	return out, nil
}

// middle is the square's sample cut to its central half each way: what a
// tile lying a few degrees askew or a few mm off still covers.
func (s square) middle() square {
	n := int(math.Sqrt(float64(len(s.raw))))
	lo, hi := n/4, n-n/4
	out := s
	out.raw = nil
	for y := lo; y < hi; y++ {
		out.raw = append(out.raw, s.raw[y*n+lo:y*n+hi]...)
	}
	return out
}

// look is a square's colour under the light l: the robust mean of its
// corrected pixels, and how much its quarters differ.
func (s square) look(l light) (calibration.Lab, float64) {
	labs := s.pixels(l)
	cl := make([]colour.Lab, len(labs))
	for i, v := range labs {
		cl[i] = colour.Lab{L: v[0], A: v[1], B: v[2]}
	}
	mean, _ := colour.RobustMean(cl)
	out := calibration.Lab{mean.L, mean.A, mean.B}
	n := int(math.Sqrt(float64(len(cl))))
	spread := 0.0
	if n >= 2 {
		h := n / 2
		for _, q := range [][2]int{{0, 0}, {0, h}, {h, 0}, {h, h}} {
			var part []colour.Lab
			for y := q[0]; y < q[0]+h; y++ {
				part = append(part, cl[y*n+q[1]:y*n+q[1]+h]...)
			}
			if pm, err := colour.RobustMean(part); err == nil {
				spread = math.Max(spread, out.Dist(calibration.Lab{pm.L, pm.A, pm.B}))
			}
		}
	}
	return out, spread
}

// pixels are the square's sampled pixels corrected for the light l.
func (s square) pixels(l light) []calibration.Lab {
	g := gains(l.white(s.at))
	out := make([]calibration.Lab, len(s.raw))
	for i, p := range s.raw {
		out[i] = lab(p.Scale(g))
	}
	return out
}

// Look is a square's colour and spread under the mat's light (the corner
// paper only): what `calibrate board` captures.
type Look struct {
	Pos    rules.Pos
	Lab    calibration.Lab
	Spread float64
	Quad   geom.Quad
}

// Looks samples every square of a mat under the light of its corner
// paper.
func Looks(frame gocv.Mat, m Mat) ([]Look, error) {
	corners, err := m.cornerWhites(frame)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.Zone, err)
	}
	sq, err := m.squares(frame)
	if err != nil {
		return nil, err
	}
	l := fitLight(m.Layout, corners)
	out := make([]Look, len(sq))
	for i, s := range sq {
		lab, spread := s.look(l)
		out[i] = Look{Pos: s.pos, Lab: lab, Spread: spread, Quad: s.quad}
	}
	return out, nil
}

// boardLight is the light across a board: its corner paper, then, where
// its empty look was captured, every square that reads as its captured
// empty look under the corners' light tells the light there too (what it
// looks like now against what it looked like when captured). Only empty
// squares are trusted: a tile or a site could pass for a look it is not.
func (m Mat) boardLight(corners []whitePoint, sq []square, ref Reference) light {
	l := fitLight(m.Layout, corners)
	if !m.Board.Captured() {
		return l
	}
	pts := append([]whitePoint(nil), corners...)
	for _, s := range sq {
		lab, spread := s.look(l)
		e, ok := m.Board.EmptyAt(s.pos.Row, s.pos.Col)
		if !ok || e.Lab.Dist(lab) > 0.5*e.Spread || spread > e.Spread/2 {
			continue
		}
		want := rgbOfLab(e.Lab)
		raw := brightMedian(s.raw, 0.5)
		var w colour.RGB
		for k := range w {
			w[k] = raw[k] * Paper / math.Max(want[k], 1e-3)
		}
		pts = append(pts, whitePoint{at: s.at, white: w, weight: 1})
	}
	if len(pts)-len(corners) < 3 {
		return l
	}
	return fitLight(m.Layout, pts)
}

// readBoard reads a city board's squares.
func readBoard(frame gocv.Mat, m Mat, ref Reference) (Reading, error) {
	corners, err := m.cornerWhites(frame)
	if err != nil {
		return Reading{}, fmt.Errorf("%s: %w", m.Zone, err)
	}
	sq, err := m.squares(frame)
	if err != nil {
		return Reading{}, err
	}
	l := m.boardLight(corners, sq, ref)
	site := map[rules.Pos]bool{}
	for _, p := range ref.Sites {
		site[p] = true
	}
	out := Reading{Mat: m, NotCaptured: !m.Board.Captured()}
	for _, s := range sq {
		lab, spread := s.look(l)
		var empty *calibration.Profile
		var st *calibration.SiteLook
		if e, ok := m.Board.EmptyAt(s.pos.Row, s.pos.Col); ok {
			empty = &e
		}
		if site[s.pos] {
			if p, ok := m.Board.SiteAt(s.pos.Row, s.pos.Col); ok {
				st = &p
			}
		}
		var match float64
		if st != nil {
			match = st.Match(s.pixels(l))
		}
		c := classify(lab, match, ref.Profiles, empty, st)
		c.Pos, c.Spread, c.Quad = s.pos, spread, s.quad
		if empty == nil && c.Unknown && !site[s.pos] {
			// No empty look known: what is no tile is taken as empty, and
			// the board is reported as not captured. A construction
			// square stays unknown: a site must be seen to be a site.
			c.Unknown = false
		}
		if c.Unknown && site[s.pos] && st == nil {
			out.SitesNotCaptured = append(out.SitesNotCaptured, s.pos)
		}
		out.Cells = append(out.Cells, c)
	}
	return out, nil
}

// classify decides what a cell holds: the look it is nearest to, relative
// to that look's spread, among the colour profiles, the empty look and a
// site's look (siteMatch: how well its pixels show the site's palette,
// SiteLook.Match); unknown when none holds it.
func classify(l calibration.Lab, siteMatch float64, profiles []calibration.Profile, empty *calibration.Profile, site *calibration.SiteLook) Cell {
	out := Cell{Lab: l}
	col, d, _ := calibration.Classify(profiles, l)
	rel := math.Inf(1)
	for _, p := range profiles {
		if p.Colour == col {
			rel = d / p.Spread
		}
	}
	out.Dist, out.Nearest = d, col
	best := rel
	kind := "colour"
	if empty != nil {
		if r := empty.Lab.Dist(l) / empty.Spread; r < best {
			best, kind, out.Dist = r, "empty", empty.Lab.Dist(l)
		}
	}
	if site != nil && siteMatch < best {
		best, kind, out.Dist = siteMatch, "site", siteMatch
	}
	switch {
	case best > 1:
		out.Unknown = true
		out.Dist = d
	case kind == "colour":
		out.Colour, out.Nearest = col, ""
	case kind == "site":
		out.Site, out.Nearest = true, ""
	default:
		out.Nearest = ""
	}
	return out
}
