package calibration

import (
	"fmt"
	"math"
	"regexp"
	"sort"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// Zones says where the players' areas are, in table millimetres. Player
// markers (printed cards "P1"…"P6", one beside each player's area) are the
// easy way; polygons name any area exactly; grids give a zone a fixed grid
// (Nord Sud Ovest Est's GPS board) instead of one read from the cards.
// Markers seen in a frame during play take precedence over these stored
// positions, so a marker moved mid-game moves its zone.
type Zones struct {
	Players  []PlayerMarker `json:"players,omitempty"`
	Polygons []Polygon      `json:"polygons,omitempty"`
	Grids    []Grid         `json:"grids,omitempty"`
}

// PlayerMarker is where player Player's marker lies (its code's centre).
type PlayerMarker struct {
	Player int        `json:"player"`
	At     [2]float64 `json:"at"`
}

// Polygon is an area of the table that belongs to one zone.
type Polygon struct {
	Zone   string       `json:"zone"`
	Points [][2]float64 `json:"points"`
}

// Grid fixes a zone's cells: Corners are the table positions (mm) of the
// grid's outer corners NW, NE, SE, SW in the zone's own frame (row 0 along
// NW–NE), divided into Rows × Cols cells. A card belongs to the cell its
// centre falls in.
type Grid struct {
	Zone    string        `json:"zone"`
	Corners [4][2]float64 `json:"corners"`
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"`
}

// zoneName is what a zone may be called: the names of rules.Table.
var zoneName = regexp.MustCompile(`^[a-z][a-z0-9]*(:[a-z0-9]+)?$`)

func (z *Zones) validate(p *problems, field string) {
	seen := map[int]bool{}
	for i, m := range z.Players {
		f := fmt.Sprintf("%s.players[%d]", field, i)
		if m.Player < 1 || m.Player > rules.MaxPlayers {
			p.add(f+".player", "%d: want 1 to %d", m.Player, rules.MaxPlayers)
		}
		if seen[m.Player] {
			p.add(f+".player", "player %d has two markers", m.Player)
		}
		seen[m.Player] = true
		checkPoint(p, f+".at", m.At)
	}
	for i, pg := range z.Polygons {
		f := fmt.Sprintf("%s.polygons[%d]", field, i)
		if !zoneName.MatchString(pg.Zone) {
			p.add(f+".zone", "%q is not a zone name (such as map, p1, board:p2)", pg.Zone)
		}
		if len(pg.Points) < 3 {
			p.add(f+".points", "%d points: a polygon needs at least 3", len(pg.Points))
		}
		for j, pt := range pg.Points {
			checkPoint(p, fmt.Sprintf("%s.points[%d]", f, j), pt)
		}
		if len(pg.Points) >= 3 && math.Abs(polyArea(pg.Points)) < 1 {
			p.add(f+".points", "the polygon has no area")
		}
	}
	grids := map[string]bool{}
	for i, g := range z.Grids {
		f := fmt.Sprintf("%s.grids[%d]", field, i)
		if !zoneName.MatchString(g.Zone) {
			p.add(f+".zone", "%q is not a zone name", g.Zone)
		}
		if grids[g.Zone] {
			p.add(f+".zone", "%q has two grids", g.Zone)
		}
		grids[g.Zone] = true
		checkCells(p, f, g.Rows, g.Cols, 50)
		checkQuad(p, f+".corners", g.Corners)
	}
}

func checkPoint(p *problems, field string, pt [2]float64) {
	for _, v := range pt {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e5 {
			p.add(field, "%v is not a table position in mm", pt)
			return
		}
	}
}

func checkCells(p *problems, field string, rows, cols, most int) {
	if rows < 1 || rows > most || cols < 1 || cols > most {
		p.add(field, "%d×%d cells: want 1 to %d each way", rows, cols, most)
	}
}

// checkQuad checks four corners (NW, NE, SE, SW) make a quadrilateral a
// homography can map.
func checkQuad(p *problems, field string, corners [4][2]float64) {
	for i, c := range corners {
		checkPoint(p, fmt.Sprintf("%s[%d]", field, i), c)
	}
	q := quad(corners)
	if _, ok := geom.FromQuads(q, geom.Rect(0, 0, 1, 1)); !ok || math.Abs(q.Area()) < 1 {
		p.add(field, "the four corners do not make a quadrilateral")
	}
}

func quad(corners [4][2]float64) geom.Quad {
	var q geom.Quad
	for i, c := range corners {
		q[i] = pt(c)
	}
	return q
}

func polyArea(pts [][2]float64) float64 {
	var a float64
	for i := range pts {
		j := (i + 1) % len(pts)
		a += pts[i][0]*pts[j][1] - pts[j][0]*pts[i][1]
	}
	return a / 2
}

// pt converts a stored pair to a point.
func pt(a [2]float64) geom.Pt { return geom.Pt{X: a[0], Y: a[1]} }

// Contains reports whether the polygon holds p (even-odd rule).
func (pg Polygon) Contains(p geom.Pt) bool {
	in := false
	n := len(pg.Points)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := pt(pg.Points[i]), pt(pg.Points[j])
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// toCells is the homography from table mm to cell units (col, row).
func (g Grid) toCells() (geom.H, bool) {
	q := quad(g.Corners)
	if math.Abs(q.Area()) < 1 {
		return geom.H{}, false
	}
	return geom.FromQuads(q, geom.Rect(0, 0, float64(g.Cols), float64(g.Rows)))
}

// Cell returns the grid position of table point p in cell units (row and
// column as fractions: the cell is their floor), and whether p lies on
// the grid.
func (g Grid) Cell(p geom.Pt) (row, col float64, ok bool) {
	h, good := g.toCells()
	if !good {
		return 0, 0, false
	}
	c := h.Apply(p)
	return c.Y, c.X, c.X >= 0 && c.Y >= 0 && c.X < float64(g.Cols) && c.Y < float64(g.Rows)
}

// CellQuad returns the table-mm corners of a cell (NW, NE, SE, SW).
func (g Grid) CellQuad(r, c int) geom.Quad {
	h, _ := g.toCells()
	inv, _ := h.Inverse()
	return inv.ApplyQuad(geom.Rect(float64(c), float64(r), float64(c+1), float64(r+1)))
}

// Grid returns the fixed grid of a zone, or nil.
func (z *Zones) Grid(zone string) *Grid {
	if z == nil {
		return nil
	}
	for i := range z.Grids {
		if z.Grids[i].Zone == zone {
			return &z.Grids[i]
		}
	}
	return nil
}

// PolygonZone returns the zone of the first polygon holding p, or "".
func (z *Zones) PolygonZone(p geom.Pt) string {
	if z == nil {
		return ""
	}
	for _, pg := range z.Polygons {
		if pg.Contains(p) {
			return pg.Zone
		}
	}
	return ""
}

// MarkerPositions merges the stored player markers with those seen now
// (which win), by player.
func (z *Zones) MarkerPositions(seen map[int]geom.Pt) map[int]geom.Pt {
	out := map[int]geom.Pt{}
	if z != nil {
		for _, m := range z.Players {
			out[m.Player] = pt(m.At)
		}
	}
	for p, at := range seen {
		out[p] = at
	}
	return out
}

// Nearest returns the player whose marker is nearest to p, and the
// distance; 0 when there are no markers. Equal distances go to the lower
// player number, so the answer never depends on map order.
func Nearest(markers map[int]geom.Pt, p geom.Pt) (int, float64) {
	players := make([]int, 0, len(markers))
	for pl := range markers {
		players = append(players, pl)
	}
	sort.Ints(players)
	best, bestD := 0, math.Inf(1)
	for _, pl := range players {
		if d := markers[pl].Dist(p); d < bestD {
			best, bestD = pl, d
		}
	}
	return best, bestD
}

// SetPlayers replaces the stored player markers with the ones given.
func (z *Zones) SetPlayers(markers map[int]geom.Pt) {
	z.Players = nil
	players := make([]int, 0, len(markers))
	for pl := range markers {
		players = append(players, pl)
	}
	sort.Ints(players)
	for _, pl := range players {
		at := markers[pl]
		z.Players = append(z.Players, PlayerMarker{Player: pl, At: [2]float64{math.Round(at.X*10) / 10, math.Round(at.Y*10) / 10}})
	}
}
