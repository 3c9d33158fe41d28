package scanner

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/colourgrid"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// Shake That City's colour zones: scanner/colourgrid reads each mat and
// board; here its reading becomes the shaker's and boards' zones of the
// snapshot (the shaker turned into the table frame) and the problems that
// hold a snapshot back.

// errNoProfiles is said when a mat is in view but no colours were
// calibrated.
var errNoProfiles = errors.New("no colour profiles")

// colourZones reads the shaker mat and the city boards in view.
func (s *Scanner) colourZones(sc *Scan, frame gocv.Mat, codes []qr.Tableref) error {
	mats, partial := colourgrid.Find(codes, s.cal)
	for _, p := range partial {
		if p.Degenerate {
			sc.Problems = append(sc.Problems, problemf(ProblemCorners, p.Zone, "%s: its corner codes do not make a quadrilateral", p.Zone))
			continue
		}
		var miss []string
		for _, c := range p.Missing {
			miss = append(miss, c.String())
		}
		sc.Problems = append(sc.Problems, problemf(ProblemCorners, p.Zone, "%s: corner code %s not seen: clear the %s's corners", p.Zone, strings.Join(miss, ", "), matWord(p.Zone)))
	}
	for _, m := range mats {
		sc.Regions = append(sc.Regions, Region{Zone: m.Zone, Quad: m.GridQuad()})
		if err := s.readMat(sc, frame, m); err != nil {
			return err
		}
	}
	return nil
}

func matWord(zone string) string {
	if zone == calibration.ZoneShaker {
		return "shaker mat"
	}
	return "city board"
}

// readMat reads one mat or board and puts it in the scan: the shaker
// turned into the table frame, a board in its own frame.
func (s *Scanner) readMat(sc *Scan, frame gocv.Mat, m colourgrid.Mat) error {
	var profiles []calibration.Profile
	what := "tiles"
	if m.IsShaker() {
		what = "cubes"
	}
	if s.cal.Colours != nil {
		profiles = s.cal.Colours.Tiles
		if m.IsShaker() {
			profiles = s.cal.Colours.Cubes
		}
	}
	if len(profiles) == 0 {
		sc.Problems = append(sc.Problems, problemf(ProblemUnknown, m.Zone,
			"%s: %v for %s: lay one of each colour out and run 'tableref calibrate colours PHOTO'", m.Zone, errNoProfiles, what))
		return nil
	}
	ref := colourgrid.Reference{Profiles: profiles}
	if !m.IsShaker() {
		ref.Sites = s.layout.sites
	}
	r, err := colourgrid.Read(frame, m, ref)
	if err != nil {
		return fmt.Errorf("scanner: %w", err)
	}
	if r.NotCaptured {
		sc.Problems = append(sc.Problems, problemf(ProblemNotCaptured, m.Zone,
			"%s: the empty board was never captured, so its printed squares may pass for tiles: run 'tableref calibrate board PHOTO' with the board empty", m.Zone))
	}
	turns := 0
	if m.IsShaker() {
		turns = quarterTurns(sc, m)
	}
	z := &rules.Zone{}
	var unknown, between, shadowLike []rules.Pos
	for _, c := range r.Cells {
		cc := ColourCell{Zone: m.Zone, Pos: turn(c.Pos, turns, m.Layout.Rows), Colour: c.Colour, Unknown: c.Unknown,
			Site: c.Site, Between: c.Between, Lab: c.Lab, Dist: c.Dist, Quad: c.Quad, Found: c.Found}
		sc.Colours = append(sc.Colours, cc)
		switch {
		case c.Between:
			between = append(between, cc.Pos)
		case c.Unknown:
			unknown = append(unknown, cc.Pos)
			if c.ShadowLike {
				shadowLike = append(shadowLike, cc.Pos)
			}
		case c.Colour != "":
			z.Set(cc.Pos, rules.Cell{Colour: c.Colour})
		}
	}
	if len(between) > 0 {
		sc.Problems = append(sc.Problems, Problem{Kind: ProblemReshake, Zone: m.Zone, Cells: between,
			Text: fmt.Sprintf("shaker: a cube lies between cells (or two in one) at %v: not 9 cubes in a 3×3 grid, reshake", between)})
	}
	// A stray cube is counted in no cell (the cubes lying in their cells
	// are): it is named by the cells it lies across.
	for _, s := range r.Strays {
		var across []rules.Pos
		for _, p := range s.Cells {
			across = append(across, turn(p, turns, m.Layout.Rows))
		}
		sc.Problems = append(sc.Problems, Problem{Kind: ProblemReshake, Zone: m.Zone, Cells: across,
			Text: fmt.Sprintf("shaker: a cube lies across the line between cells %v: not 9 cubes in a 3×3 grid, reshake", across)})
	}
	if len(unknown) > 0 {
		text := fmt.Sprintf("%s: %d cell(s) of no calibrated colour at %v: clear what covers them, or recalibrate the colours", m.Zone, len(unknown), unknown)
		if len(shadowLike) > 0 {
			text += fmt.Sprintf("; at %v a cube or a lamp's shadow, which look alike there: push the cube towards its cell's middle, or move the lamp", shadowLike)
		}
		if len(r.SitesNotCaptured) > 0 {
			text += fmt.Sprintf("; construction squares %v hold something that is no tile: if it is the site, capture the sites ('tableref calibrate board --sites PHOTO')", r.SitesNotCaptured)
		}
		sc.Problems = append(sc.Problems, Problem{Kind: ProblemUnknown, Zone: m.Zone, Cells: unknown, Text: text})
	}
	sc.Table.Zones[m.Zone] = z
	return nil
}

// quarterTurns is how many quarter turns clockwise the mat lies from table
// north: its cells are turned back by that much.
func quarterTurns(sc *Scan, m colourgrid.Mat) int {
	if sc.Plane == PlaneNone {
		return 0
	}
	g := m.Layout.Grid
	a := sc.ToTable.Apply(m.ToImage.Apply(geom.Pt{X: g[0], Y: g[1]}))
	b := sc.ToTable.Apply(m.ToImage.Apply(geom.Pt{X: g[2], Y: g[1]}))
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
