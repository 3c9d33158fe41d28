package calibration

import (
	"fmt"
	"math"
	"regexp"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// ZoneShaker is the zone of the shaker's 3×3 cube output.
const ZoneShaker = "shaker"

// BoardZone is the zone of player p's city board.
func BoardZone(p int) string { return fmt.Sprintf("board:p%d", p) }

var boardZone = regexp.MustCompile(`^(shaker|board:p[1-6])$`)

// Layout is the geometry of a mat or board carrying four corner codes, in
// its own millimetres (x east along its top edge, y south): where the codes'
// centres are, and the rectangle of its cell grid. The codes make a
// homography from the image to this frame, so the cells are found however
// the board lies.
type Layout struct {
	// Markers are the centres of the NW, NE, SE and SW codes.
	Markers [4][2]float64 `json:"markers_mm"`
	// Grid is the cell grid's west, north, east and south edges.
	Grid [4]float64 `json:"grid_mm"`
	Rows int        `json:"rows"`
	Cols int        `json:"cols"`
	// Cube is the side of the cubes landing on a shaker mat, mm (0:
	// DefaultCube); `tableref calibrate shaker` measures it.
	Cube float64 `json:"cube_mm,omitempty"`
}

// DefaultCube is the side of a Shake That City cube, mm.
const DefaultCube = 16.0

// CubeSide is the side of the cubes on this mat, mm.
func (l Layout) CubeSide() float64 {
	if l.Cube > 0 {
		return l.Cube
	}
	return DefaultCube
}

// cornerTile is the side of the square tile `tableref print markers`
// puts each corner code on (the code, its quiet zone and 1 mm around); a
// tile touches its mat or board corner with its own corner, so its code's
// centre lies half a tile out from that corner, diagonally.
const cornerTile = 29*PrintedModule + 2

// DefaultShakerLayout is the shaker mat as `tableref print markers shaker`
// prints it: a 3×3 landing area of 30 mm cells with a corner tile 4 mm
// off each of its corners.
func DefaultShakerLayout() Layout {
	const area, off = 90, 4 + cornerTile/2
	return Layout{
		Markers: [4][2]float64{{-off, -off}, {area + off, -off}, {area + off, area + off}, {-off, area + off}},
		Grid:    [4]float64{0, 0, area, area},
		Rows:    3, Cols: 3,
	}
}

// DefaultBoardLayout is a city board with a corner tile touching each of
// its corners: a 210 mm board whose 6×6 grid of 30 mm squares lies inside
// a 15 mm asphalt edge. Measure your board and edit the layout in the
// calibration file when it differs.
func DefaultBoardLayout() Layout {
	const board, edge, off = 210, 15, cornerTile / 2
	return Layout{
		Markers: [4][2]float64{{-off, -off}, {board + off, -off}, {board + off, board + off}, {-off, board + off}},
		Grid:    [4]float64{edge, edge, board - edge, board - edge},
		Rows:    6, Cols: 6,
	}
}

// DefaultLayout is the layout of a zone when the file has none.
func DefaultLayout(zone string) Layout {
	if zone == ZoneShaker {
		return DefaultShakerLayout()
	}
	return DefaultBoardLayout()
}

func (l Layout) validate(p *problems, field string) {
	checkCells(p, field, l.Rows, l.Cols, 12)
	checkQuad(p, field+".markers_mm", l.Markers)
	g := l.Grid
	if !(g[0] < g[2]) || !(g[1] < g[3]) {
		p.add(field+".grid_mm", "%v: want west < east and north < south", g)
	}
	if l.Cube != 0 && !(l.Cube >= 4 && l.Cube <= 40) {
		p.add(field+".cube_mm", "%v: want a cube of 4 to 40 mm", l.Cube)
	}
}

func (l Layout) markerQuad() geom.Quad { return quad(l.Markers) }

// ToLayoutQuad is the quad of the four code centres (NW, NE, SE, SW), mm.
func (l Layout) ToLayoutQuad() geom.Quad { return l.markerQuad() }

// ToLayout returns the homography from image pixels to layout mm, given
// the image centres of the NW, NE, SE and SW codes.
func (l Layout) ToLayout(codes geom.Quad) (geom.H, bool) {
	return geom.FromQuads(codes, l.markerQuad())
}

// Cell returns the layout-mm corners (NW, NE, SE, SW) of cell (r, c).
func (l Layout) Cell(r, c int) geom.Quad {
	w := (l.Grid[2] - l.Grid[0]) / float64(l.Cols)
	h := (l.Grid[3] - l.Grid[1]) / float64(l.Rows)
	x0, y0 := l.Grid[0]+float64(c)*w, l.Grid[1]+float64(r)*h
	return geom.Rect(x0, y0, x0+w, y0+h)
}

// CellSize is the size of one cell in mm (width, height).
func (l Layout) CellSize() geom.Pt {
	return geom.Pt{X: (l.Grid[2] - l.Grid[0]) / float64(l.Cols), Y: (l.Grid[3] - l.Grid[1]) / float64(l.Rows)}
}

// Board is the calibration of one mat or board zone: its layout and,
// once captured from a photo of it empty, the look of every empty cell, so
// that a tile is told from the board's own printed squares.
type Board struct {
	Zone   string `json:"zone"`
	Layout Layout `json:"layout"`
	// Empty is each cell's empty look, row-major (Rows×Cols), and Spread
	// how far from it an empty cell may still be; both absent until
	// captured.
	Empty  []Lab     `json:"empty,omitempty"`
	Spread []float64 `json:"spread,omitempty"`
	// Sites are the looks of the construction-site tiles lying on their
	// squares (`tableref calibrate board --sites`), so a site is told
	// from a tile of a colour not calibrated, never guessed.
	Sites []SiteLook `json:"sites,omitempty"`
}

// SiteLook is one construction-site tile as it looks on its square: a
// site shows two city tiles on its face, so its mean colour says little
// (a red and a green half average to a grey). It is kept as its palette:
// the few colours its face shows (in the sampled middle of the square) and
// how much of it each covers. A square is the site when its pixels show
// those colours, each in about its share, and little else; a one-colour
// tile shows one colour only.
type SiteLook struct {
	Cell    [2]int    `json:"cell"`
	Lab     Lab       `json:"lab"`
	Palette []Lab     `json:"palette"`
	Weights []float64 `json:"weights"`
}

// SiteColour is how far (Dist) a pixel may be from a palette colour and
// still show it.
const SiteColour = 15

// Match says how well pixels (Labs of a square's sampled middle) show the
// site: 1 or less when they do. It is the worse of the share of pixels
// showing no palette colour (against a quarter) and, for each colour
// covering a sixth of the site or more, a third of its share against the
// share it covers here (a site laid 2 mm otherwise moves its pictures
// across the sampled middle).
func (s SiteLook) Match(px []Lab) float64 {
	if len(px) == 0 || len(s.Palette) == 0 {
		return math.Inf(1)
	}
	got := make([]float64, len(s.Palette))
	foreign := 0.0
	for _, p := range px {
		best, bi := math.Inf(1), -1
		for i, c := range s.Palette {
			if d := c.Dist(p); d < best {
				best, bi = d, i
			}
		}
		if best > SiteColour {
			foreign++
			continue
		}
		got[bi]++
	}
	n := float64(len(px))
	worst := foreign / n / 0.25
	for i, w := range s.Weights {
		if w >= 1.0/6 {
			worst = math.Max(worst, w/3/math.Max(got[i]/n, 1e-6))
		}
	}
	return worst
}

// SiteAt returns the look of the site captured on cell (r, c).
func (b *Board) SiteAt(r, c int) (SiteLook, bool) {
	if b == nil {
		return SiteLook{}, false
	}
	for _, s := range b.Sites {
		if s.Cell == [2]int{r, c} {
			return s, true
		}
	}
	return SiteLook{}, false
}

func (b *Board) validate(p *problems, field string) {
	if !boardZone.MatchString(b.Zone) {
		p.add(field+".zone", "%q: want shaker or board:p1 … board:p6", b.Zone)
	}
	b.Layout.validate(p, field+".layout")
	n := b.Layout.Rows * b.Layout.Cols
	if len(b.Empty) != len(b.Spread) {
		p.add(field+".spread", "%d values for %d empty looks", len(b.Spread), len(b.Empty))
	}
	if len(b.Empty) > 0 && len(b.Empty) != n {
		p.add(field+".empty", "%d cells, the %d×%d layout has %d", len(b.Empty), b.Layout.Rows, b.Layout.Cols, n)
	}
	for i, l := range b.Empty {
		checkLab(p, fmt.Sprintf("%s.empty[%d]", field, i), l)
	}
	for i, s := range b.Spread {
		if !(s > 0) || s > 100 {
			p.add(fmt.Sprintf("%s.spread[%d]", field, i), "%v: want above 0 and at most 100", s)
		}
	}
	seen := map[[2]int]bool{}
	for i, s := range b.Sites {
		f := fmt.Sprintf("%s.sites[%d]", field, i)
		if s.Cell[0] < 0 || s.Cell[1] < 0 || s.Cell[0] >= b.Layout.Rows || s.Cell[1] >= b.Layout.Cols {
			p.add(f+".cell", "%v: not a cell of the %d×%d layout", s.Cell, b.Layout.Rows, b.Layout.Cols)
		}
		if seen[s.Cell] {
			p.add(f+".cell", "%v has two looks", s.Cell)
		}
		seen[s.Cell] = true
		checkLab(p, f+".lab", s.Lab)
		for k, q := range s.Palette {
			checkLab(p, fmt.Sprintf("%s.palette[%d]", f, k), q)
		}
		if len(s.Palette) == 0 || len(s.Weights) != len(s.Palette) {
			p.add(f+".weights", "%d weights for %d palette colours (want one each, at least one)", len(s.Weights), len(s.Palette))
		}
		for k, w := range s.Weights {
			if !(w > 0) || w > 1 {
				p.add(fmt.Sprintf("%s.weights[%d]", f, k), "%v: want a share above 0 and at most 1", w)
			}
		}
	}
}

// Captured reports whether the board's empty look is known.
func (b *Board) Captured() bool {
	return b != nil && len(b.Empty) > 0 && len(b.Empty) == b.Layout.Rows*b.Layout.Cols
}

// EmptyAt returns the empty look of cell (r, c) as a profile, and false
// when the board was not captured.
func (b *Board) EmptyAt(r, c int) (Profile, bool) {
	if !b.Captured() || r < 0 || c < 0 || r >= b.Layout.Rows || c >= b.Layout.Cols {
		return Profile{}, false
	}
	i := r*b.Layout.Cols + c
	return Profile{Lab: b.Empty[i], Spread: b.Spread[i], Samples: 1}, true
}

// EmptySpread is the spread given to a captured empty cell: three times
// its own pixels' variation, at least MinSpread, at most 20.
func EmptySpread(own float64) float64 {
	return math.Round(math.Min(20, math.Max(MinSpread, 3*own))*10) / 10
}

// ColourOrder is where `tableref calibrate colours` expects one cube or
// tile of each colour, cell by cell in reading order: red, blue, black in
// the first row, green, grey (and a white wild cube, if any) in the second.
// On a 6-column city board all five tiles go in the first row. Every other
// cell stays empty.
func ColourOrder(l Layout) map[rules.Pos]rules.Colour {
	out := map[rules.Pos]rules.Colour{}
	for i, c := range rules.Colours {
		p := rules.Pos{Row: i / l.Cols, Col: i % l.Cols}
		if l.Cols >= 6 {
			if c.C == rules.White {
				continue // there are no white tiles
			}
			p = rules.Pos{Row: 0, Col: i}
		}
		if p.Row < l.Rows {
			out[p] = c.C
		}
	}
	return out
}
