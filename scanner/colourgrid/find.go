// Package colourgrid reads Shake That City by colour: the shaker mat's
// 3×3 cubes and every city board's 6×6 tiles, each found by its four
// corner codes, every colour corrected for the light where it lies, and
// classified against the calibrated cube and tile profiles, the board's
// empty look and its construction sites — or "unknown", never a guess. It
// also takes the samples `tableref calibrate colours`, `board` and
// `shaker` need. The scanner calls Find and Read once per frame; this
// package knows nothing of snapshots, problems or game modes.
//
// How (docs/calibration.md, docs/scanner.md):
//   - light.go: the white paper around every corner code, and a board's
//     own empty squares, give the light across the mat or board; each
//     colour is corrected per channel in linear RGB (von Kries) for the
//     light where it lies, not once per frame;
//   - board.go: a board square's middle half, sampled and classified;
//   - cubes.go: a cube anywhere in its shaker cell, found by the outline of
//     its top face (so a white cube on white paper is found too), its
//     colour read from that face alone;
//   - calibrate.go: the samples and captures of the calibration photos.
package colourgrid

import (
	"fmt"
	"sort"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// Mat is a shaker mat or city board found in a frame by its four corner
// codes.
type Mat struct {
	Zone   string
	Layout calibration.Layout
	// ToImage maps layout mm to image pixels.
	ToImage geom.H
	// Board is its calibration (empty look, sites), nil when none.
	Board *calibration.Board
}

// Partial is a mat or board with only some of its corner codes in view (a
// hand or the shaker over a corner): it cannot be read.
type Partial struct {
	Zone    string
	Missing []rules.Corner
	// Degenerate is set when all four codes were seen but do not make a
	// quadrilateral.
	Degenerate bool
}

func (p Partial) String() string {
	if p.Degenerate {
		return fmt.Sprintf("%s: its corner codes do not make a quadrilateral", p.Zone)
	}
	return fmt.Sprintf("%s: corner code %v not seen", p.Zone, p.Missing)
}

// Find finds the shaker mat and the city boards whose four corner codes
// are all in view, with their layouts from cal (or the defaults), in zone
// order; and those seen only in part.
func Find(codes []qr.Tableref, cal *calibration.File) ([]Mat, []Partial) {
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
	zones := make([]string, 0, len(corners))
	for z := range corners {
		zones = append(zones, z)
	}
	sort.Strings(zones)
	var out []Mat
	var part []Partial
	for _, zone := range zones {
		seen := corners[zone]
		if len(seen) < 4 {
			p := Partial{Zone: zone}
			for c := rules.NW; c <= rules.SW; c++ {
				if _, ok := seen[c]; !ok {
					p.Missing = append(p.Missing, c)
				}
			}
			part = append(part, p)
			continue
		}
		l := calibration.DefaultLayout(zone)
		b := cal.Board(zone)
		if b != nil {
			l = b.Layout
		}
		toLayout, ok := l.ToLayout(geom.Quad{seen[rules.NW], seen[rules.NE], seen[rules.SE], seen[rules.SW]})
		inv, ok2 := toLayout.Inverse()
		if !ok || !ok2 {
			part = append(part, Partial{Zone: zone, Degenerate: true})
			continue
		}
		out = append(out, Mat{Zone: zone, Layout: l, ToImage: inv, Board: b})
	}
	return out, part
}

// GridQuad is the mat's cell grid in image pixels.
func (m Mat) GridQuad() geom.Quad {
	g := m.Layout.Grid
	return m.ToImage.ApplyQuad(geom.Rect(g[0], g[1], g[2], g[3]))
}

// IsShaker reports whether the mat is the shaker mat.
func (m Mat) IsShaker() bool { return m.Zone == calibration.ZoneShaker }
