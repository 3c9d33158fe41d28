package scanner

import (
	"fmt"
	"image"
	"math"
	"sort"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/colour"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// CellSample is the colour of one cell of a mat or board.
type CellSample struct {
	Zone string
	Pos  rules.Pos
	Lab  calibration.Lab
	// Spread is how much the cell's colour varies across it: the largest
	// distance of a quarter's mean from the cell's mean.
	Spread float64
	// Quad is the cell in image pixels.
	Quad geom.Quad
}

// Mat is a mat or board found in a frame by its four corner codes.
type Mat struct {
	Zone   string
	Layout calibration.Layout
	// ToImage maps layout mm to image pixels.
	ToImage geom.H
}

// cellSide is the side of the square each cell is rectified to before
// sampling; cellInset the border of it left out (neighbours, grid lines,
// a cube slightly off centre).
const (
	cellSide  = 32
	cellInset = 0.25
)

// FindMats finds the shaker mat and the city boards whose four corner
// codes are all in view. A mat or board with only some of its corners
// seen is a problem (a hand or the shaker over a corner).
func FindMats(codes []qr.Tableref, cal *calibration.File) ([]Mat, []Problem) {
	corners := map[string]map[rules.Corner]geom.Pt{}
	for _, c := range codes {
		m := c.Payload.Marker
		if c.Payload.Kind != rules.KindMarker {
			continue
		}
		var zone string
		switch m.Type {
		case rules.MarkerShaker:
			zone = calibration.ZoneShaker
		case rules.MarkerBoard:
			zone = calibration.BoardZone(m.Player)
		default:
			continue
		}
		if corners[zone] == nil {
			corners[zone] = map[rules.Corner]geom.Pt{}
		}
		corners[zone][m.Corner] = c.Centre()
	}
	var out []Mat
	var probs []Problem
	for _, zone := range sortedKeys(corners) {
		seen := corners[zone]
		if len(seen) < 4 {
			var miss []string
			for c := rules.NW; c <= rules.SW; c++ {
				if _, ok := seen[c]; !ok {
					miss = append(miss, c.String())
				}
			}
			probs = append(probs, problemf(ProblemCorners, zone, "%s: corner code %s not seen: clear the %s's corners", zone, strings.Join(miss, ", "), matWord(zone)))
			continue
		}
		l := calibration.DefaultLayout(zone)
		if b := cal.Board(zone); b != nil {
			l = b.Layout
		}
		toLayout, ok := l.ToLayout(geom.Quad{seen[rules.NW], seen[rules.NE], seen[rules.SE], seen[rules.SW]})
		inv, ok2 := toLayout.Inverse()
		if !ok || !ok2 {
			probs = append(probs, problemf(ProblemCorners, zone, "%s: its corner codes do not make a quadrilateral", zone))
			continue
		}
		out = append(out, Mat{Zone: zone, Layout: l, ToImage: inv})
	}
	return out, probs
}

func matWord(zone string) string {
	if zone == calibration.ZoneShaker {
		return "shaker mat"
	}
	return "city board"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// GridQuad is the mat's cell grid in image pixels.
func (m Mat) GridQuad() geom.Quad {
	g := m.Layout.Grid
	return m.ToImage.ApplyQuad(geom.Rect(g[0], g[1], g[2], g[3]))
}

// Sample reads every cell of the mat from frame (8-bit BGR), each colour
// corrected for the light where the cell lies (see whites).
func (m Mat) Sample(frame gocv.Mat) ([]CellSample, error) {
	white, err := m.whites(frame)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", m.Zone, err)
	}
	var out []CellSample
	for r := 0; r < m.Layout.Rows; r++ {
		for c := 0; c < m.Layout.Cols; c++ {
			cell := m.Layout.Cell(r, c)
			q := m.ToImage.ApplyQuad(cell)
			lab, spread, err := sampleQuad(frame, q)
			if err != nil {
				return nil, fmt.Errorf("%s cell (%d,%d): %w", m.Zone, r, c, err)
			}
			lab = underWhite(lab, m.whiteAt(white, cell.Centre()))
			out = append(out, CellSample{Zone: m.Zone, Pos: rules.Pos{Row: r, Col: c}, Lab: lab, Spread: spread, Quad: q})
		}
	}
	return out, nil
}

// whites samples the white paper around each corner code (its quiet zone,
// 18 to 22 mm from the code's centre on all four sides): the light falling
// on the mat at its four corners. A shadow or a warm lamp changes the
// paper as much as the cubes, so colours are compared as seen under this
// white rather than as they come from the camera.
func (m Mat) whites(frame gocv.Mat) ([4]calibration.Lab, error) {
	var out [4]calibration.Lab
	const in, outer = 18.0, 22.0
	for i, c := range m.Layout.Markers {
		x, y := c[0], c[1]
		var sum calibration.Lab
		for _, q := range []geom.Quad{
			geom.Rect(x-outer, y-outer, x+outer, y-in), geom.Rect(x-outer, y+in, x+outer, y+outer),
			geom.Rect(x-outer, y-in, x-in, y+in), geom.Rect(x+in, y-in, x+outer, y+in),
		} {
			lab, _, err := sampleQuad(frame, m.ToImage.ApplyQuad(q))
			if err != nil {
				return out, err
			}
			for k := range sum {
				sum[k] += lab[k] / 4
			}
		}
		out[i] = sum
	}
	return out, nil
}

// whiteAt interpolates the corner whites bilinearly at a point of the
// layout (mm), in XYZ.
func (m Mat) whiteAt(w [4]calibration.Lab, p geom.Pt) [3]float64 {
	h, ok := geom.FromQuads(m.Layout.ToLayoutQuad(), geom.Rect(0, 0, 1, 1))
	u := geom.Pt{X: 0.5, Y: 0.5}
	if ok {
		u = h.Apply(p)
	}
	u.X, u.Y = math.Max(0, math.Min(1, u.X)), math.Max(0, math.Min(1, u.Y))
	var out [3]float64
	weights := [4]float64{(1 - u.X) * (1 - u.Y), u.X * (1 - u.Y), u.X * u.Y, (1 - u.X) * u.Y}
	for i, lab := range w {
		xyz := labToXYZ(lab)
		for k := range out {
			out[k] += weights[i] * xyz[k]
		}
	}
	return out
}

// sampleQuad rectifies an image quad and returns its robust mean colour
// (without a border of cellInset) and how much its quarters differ.
func sampleQuad(frame gocv.Mat, q geom.Quad) (calibration.Lab, float64, error) {
	cell, err := colour.Rectify(frame, q, cellSide)
	if err != nil {
		return calibration.Lab{}, 0, err
	}
	defer cell.Close()
	mean, err := colour.MeanLab(cell, cellInset)
	if err != nil {
		return calibration.Lab{}, 0, err
	}
	lab := calibration.Lab{mean.L, mean.A, mean.B}
	lo, hi := int(cellInset*cellSide), int((1-cellInset)*cellSide)
	mid := (lo + hi) / 2
	spread := 0.0
	for _, r := range []image.Rectangle{image.Rect(lo, lo, mid, mid), image.Rect(mid, lo, hi, mid), image.Rect(lo, mid, mid, hi), image.Rect(mid, mid, hi, hi)} {
		part := cell.Region(r)
		m, err := colour.MeanLab(part, 0)
		part.Close()
		if err == nil {
			spread = math.Max(spread, lab.Dist(calibration.Lab{m.L, m.A, m.B}))
		}
	}
	return lab, spread, nil
}

// SampleRegion samples an area of a mat in layout mm (the paper margin
// around the shaker's grid, for its empty look when not captured), under
// the mat's white like its cells.
func (m Mat) SampleRegion(frame gocv.Mat, rect geom.Quad) (calibration.Lab, float64, error) {
	white, err := m.whites(frame)
	if err != nil {
		return calibration.Lab{}, 0, err
	}
	lab, spread, err := sampleQuad(frame, m.ToImage.ApplyQuad(rect))
	return underWhite(lab, m.whiteAt(white, rect.Centre())), spread, err
}

// straddle is how much a cell's quarters may differ before the cell is
// taken to hold part of something (a cube between two cells) rather than
// one thing of an unknown colour.
const straddle = 2 * calibration.MinSpread

// classifyCell decides what a cell holds: empty (near the cell's empty
// look, nearer than to any colour), a colour (within its profile), or
// unknown.
func classifyCell(s CellSample, profiles []calibration.Profile, empty *calibration.Profile) ColourCell {
	out := ColourCell{Zone: s.Zone, Pos: s.Pos, Lab: s.Lab, Quad: s.Quad}
	col, d, ok := calibration.Classify(profiles, s.Lab)
	relColour := math.Inf(1)
	if col != "" {
		for _, p := range profiles {
			if p.Colour == col {
				relColour = d / p.Spread
			}
		}
	}
	if empty != nil {
		de := empty.Lab.Dist(s.Lab)
		if rel := de / empty.Spread; rel <= 1 && rel <= relColour {
			out.Dist = de
			return out
		}
	}
	out.Dist = d
	if ok {
		out.Colour = col
		return out
	}
	if empty == nil {
		return out // no empty look known: what is no colour is empty
	}
	out.Unknown = true
	return out
}

// siteCells reads Shake That City's construction-site squares from the
// setup: the profile's constructionCells when the module is on (always in
// solo). Read here from the option text so the scanner needs no engine.
func siteCells(s rules.Setup) []rules.Pos {
	on := len(s.Players) == 1
	if v, ok := s.Options["constructionSites"]; ok {
		b, err := strconv.ParseBool(v)
		on = on || (err == nil && b)
	}
	if !on {
		return nil
	}
	side := s.Options["side"]
	if side == "" {
		side = "standard"
	}
	if cells, ok := profileSites(s.Options["profile."+side]); ok {
		return cells
	}
	return []rules.Pos{{Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 3, Col: 3}, {Row: 4, Col: 4}}
}

// readMat classifies a mat's or board's cells and puts them in the table:
// the shaker turned into the table frame, a board in its own frame.
func (s *Scanner) readMat(sc *Scan, frame gocv.Mat, m Mat, samples []CellSample) error {
	var profiles []calibration.Profile
	what := "tiles"
	if s.cal.Colours != nil {
		profiles = s.cal.Colours.Tiles
		if m.Zone == calibration.ZoneShaker {
			profiles = s.cal.Colours.Cubes
		}
	}
	if m.Zone == calibration.ZoneShaker {
		what = "cubes"
	}
	if len(profiles) == 0 {
		sc.Problems = append(sc.Problems, problemf(ProblemUnknown, m.Zone,
			"%s: %v for %s: lay one of each colour out and run 'tableref calibrate colours PHOTO'", m.Zone, errNoProfiles, what))
		return nil
	}
	board := s.cal.Board(m.Zone)
	var matEmpty *calibration.Profile
	if !board.Captured() {
		if m.Zone == calibration.ZoneShaker {
			p, err := paperLook(frame, m)
			if err != nil {
				return fmt.Errorf("scanner: %s: %w", m.Zone, err)
			}
			matEmpty = &p
		} else {
			sc.Problems = append(sc.Problems, problemf(ProblemNotCaptured, m.Zone,
				"%s: the empty board was never captured, so its printed squares may pass for tiles: run 'tableref calibrate board %s PHOTO' with the board empty", m.Zone, m.Zone))
		}
	}
	sites := map[rules.Pos]bool{}
	if m.Zone != calibration.ZoneShaker {
		for _, p := range s.layout.sites {
			sites[p] = true
		}
	}
	turns := 0
	if m.Zone == calibration.ZoneShaker {
		turns = quarterTurns(sc, m)
	}
	z := &rules.Zone{}
	var unknown, straddled []rules.Pos
	for _, smp := range samples {
		empty := matEmpty
		if e, ok := board.EmptyAt(smp.Pos.Row, smp.Pos.Col); ok {
			empty = &e
		}
		cc := classifyCell(smp, profiles, empty)
		if cc.Unknown && sites[cc.Pos] {
			cc.Unknown = false // a construction site lies there: an empty square
		}
		cc.Pos = turn(cc.Pos, turns, m.Layout.Rows)
		sc.Colours = append(sc.Colours, cc)
		switch {
		case cc.Unknown && m.Zone == calibration.ZoneShaker && smp.Spread > straddle:
			// Half cube, half mat: a cube fell between cells. Not a
			// 3×3 grid: the cell is left out and the engine asks for a
			// reshake.
			straddled = append(straddled, cc.Pos)
		case cc.Unknown:
			unknown = append(unknown, cc.Pos)
		case cc.Colour != "":
			z.Set(cc.Pos, rules.Cell{Colour: cc.Colour})
		}
	}
	if len(straddled) > 0 {
		sc.Problems = append(sc.Problems, Problem{Kind: ProblemReshake, Zone: m.Zone, Cells: straddled,
			Text: fmt.Sprintf("shaker: a cube lies between cells at %v: not 9 cubes in a 3×3 grid, reshake", straddled)})
	}
	if len(unknown) > 0 {
		sc.Problems = append(sc.Problems, Problem{Kind: ProblemUnknown, Zone: m.Zone, Cells: unknown,
			Text: fmt.Sprintf("%s: %d cell(s) of no calibrated colour at %v: clear what covers them, or recalibrate the colours", m.Zone, len(unknown), unknown)})
	}
	sc.Table.Zones[m.Zone] = z
	return nil
}

// paperLook is the shaker mat's empty look when it was never captured:
// the paper just around its grid (the least varied of four strips).
func paperLook(frame gocv.Mat, m Mat) (calibration.Profile, error) {
	g := m.Layout.Grid
	const gap, width = 4, 10
	strips := []geom.Quad{
		geom.Rect(g[0], g[1]-gap-width, g[2], g[1]-gap),
		geom.Rect(g[0], g[3]+gap, g[2], g[3]+gap+width),
		geom.Rect(g[0]-gap-width, g[1], g[0]-gap, g[3]),
		geom.Rect(g[2]+gap, g[1], g[2]+gap+width, g[3]),
	}
	best := calibration.Profile{Spread: math.Inf(1)}
	for _, q := range strips {
		lab, spread, err := m.SampleRegion(frame, q)
		if err != nil {
			return calibration.Profile{}, err
		}
		if spread < best.Spread {
			best = calibration.Profile{Lab: lab, Spread: spread}
		}
	}
	best.Spread = math.Max(1.5*calibration.MinSpread, 3*best.Spread)
	return best, nil
}

// quarterTurns is how many quarter turns clockwise the mat lies from table
// north: its cells are turned back by that much.
func quarterTurns(sc *Scan, m Mat) int {
	if sc.Plane == PlaneNone {
		return 0
	}
	a := sc.ToTable.Apply(m.ToImage.Apply(geom.Pt{X: m.Layout.Grid[0], Y: m.Layout.Grid[1]}))
	b := sc.ToTable.Apply(m.ToImage.Apply(geom.Pt{X: m.Layout.Grid[2], Y: m.Layout.Grid[1]}))
	ang := math.Atan2(b.Y-a.Y, b.X-a.X) * 180 / math.Pi
	return ((int(math.Round(ang/90)) % 4) + 4) % 4
}

// turn maps cell p of an n×n grid lying turned k quarter turns clockwise
// into the table frame.
func turn(p rules.Pos, k, n int) rules.Pos {
	for i := 0; i < k; i++ {
		p = rules.Pos{Row: p.Col, Col: n - 1 - p.Row}
	}
	return p
}
