package scanner

import (
	"fmt"
	"image"
	"strings"
	"time"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// Scan is everything read from one frame: the codes, where they lie on the
// table, the cards in their zones and cells, the colour cells, the
// problems, and the table snapshot they make.
type Scan struct {
	// Size is the frame's size in pixels.
	Size image.Point
	// ToTable maps image pixels to table millimetres.
	ToTable geom.H
	// Plane says where ToTable came from: "calibration", or "codes" when
	// it was estimated from this frame's codes (no calibration file).
	Plane string
	// Codes are the tableref codes read, in reading order.
	Codes []Code
	// Foreign are codes that decoded but are not ours.
	Foreign []qr.Code
	// Unsure are codes too small or blurred to read for sure: their
	// modules matched no payload of the game clearly enough (vision/qr's
	// codebook). Shown, never a card.
	Unsure []qr.Code
	// Cards are the cards with their zones and cells (markers are not
	// cards). A card in a conflict has an empty Zone.
	Cards []Card
	// Grids are the lattices of the card zones, for drawing cells.
	Grids []Grid
	// Colours are the shaker's and boards' cells.
	Colours []ColourCell
	// Regions are the mats and boards found, as image quads of their cell
	// grids.
	Regions []Region
	// Problems are what keeps the table from being read for sure.
	Problems []Problem
	// Table is the snapshot: every card and colour read for sure.
	Table rules.Table
}

// Code is one tableref code and where it lies on the table.
type Code struct {
	qr.Tableref
	// At is the code's centre in table mm.
	At geom.Pt
	// Angle is the way the code's top faces: degrees clockwise from table
	// north (0 = upright as the table is calibrated).
	Angle float64
}

// Card is a card read from its code.
type Card struct {
	Ref rules.CardRef
	// Tableref: its code says tableref printed it (payload kind P).
	Tableref bool
	// Code indexes Scan.Codes.
	Code int
	// Zone is where it was sorted; empty for a card left out (a conflict).
	Zone string
	// Pos is its cell; for an Item, Row and Col are the fractional
	// position (a Dark City on a junction, a Traveller beside two rows).
	Pos      rules.Pos
	Item     bool
	Row, Col float64
	// At is the card's centre in table mm and Angle its rotation from the
	// zone's north, degrees clockwise.
	At    geom.Pt
	Angle float64
	// Outline is the card's edge in table mm, from its deck's card size.
	Outline geom.Quad
}

// Grid is the lattice of one card zone: the centre of cell (0, 0), the
// zone's north (degrees clockwise from table north) and the cell pitch.
type Grid struct {
	Zone   string
	Origin geom.Pt
	Angle  float64
	Pitch  geom.Pt
}

// toZone maps table mm to cell units (x = column, y = row).
func (g Grid) toZone() geom.H {
	return geom.ScaleH(1/g.Pitch.X, 1/g.Pitch.Y).Mul(geom.Rotate(-g.Angle)).Mul(geom.Translate(-g.Origin.X, -g.Origin.Y))
}

// Cell returns the fractional cell of table point p.
func (g Grid) Cell(p geom.Pt) (row, col float64) {
	c := g.toZone().Apply(p)
	return c.Y, c.X
}

// At returns the table-mm centre of a (fractional) cell position.
func (g Grid) At(row, col float64) geom.Pt {
	inv, _ := g.toZone().Inverse()
	return inv.Apply(geom.Pt{X: col, Y: row})
}

// CellQuad is the outline of cell p in table mm (NW, NE, SE, SW in the
// zone's frame).
func (g Grid) CellQuad(p rules.Pos) geom.Quad {
	inv, _ := g.toZone().Inverse()
	r, c := float64(p.Row), float64(p.Col)
	return inv.ApplyQuad(geom.Rect(c-0.5, r-0.5, c+0.5, r+0.5))
}

// ColourCell is one cell of the shaker or a city board.
type ColourCell struct {
	Zone string
	Pos  rules.Pos
	// Colour is the cube or tile read; empty for an empty cell, an
	// unknown colour (Unknown), a construction site (Site) or, on the
	// shaker, a cube between cells or two in one (Between).
	Colour  rules.Colour
	Unknown bool
	Site    bool
	Between bool
	// Lab is the cell's mean colour and Dist its distance to the profile
	// it matched (or the nearest, when unknown).
	Lab  calibration.Lab
	Dist float64
	// Quad is the cell in image pixels; Found, on the shaker, the top
	// face of the cube found in it (zero for none).
	Quad, Found geom.Quad
}

// Region is a mat or board found in the frame: its zone and the image
// quad of its cell grid.
type Region struct {
	Zone string
	Quad geom.Quad
}

// ProblemKind names a problem.
type ProblemKind string

const (
	ProblemSameCell    ProblemKind = "same cell"     // two cards in one cell
	ProblemBetween     ProblemKind = "between cells" // a card half way between cells
	ProblemTurned      ProblemKind = "turned"        // a card across the zone's grid
	ProblemUnknown     ProblemKind = "unknown colour"
	ProblemReshake     ProblemKind = "reshake"      // cubes not 9 in a 3×3 grid
	ProblemCorners     ProblemKind = "corners"      // a mat or board with a corner code missing
	ProblemNoZone      ProblemKind = "no zone"      // a card no zone takes (no player markers)
	ProblemNotCaptured ProblemKind = "not captured" // a board read without its empty look
	ProblemTwice       ProblemKind = "seen twice"   // one card's code in two places
	ProblemPlane       ProblemKind = "no plane"     // no table plane for this frame
	ProblemCovered     ProblemKind = "covered"      // something reaches over the table
	ProblemMarker      ProblemKind = "marker"       // a world lies nearer another player's marker than its own
	ProblemMissing     ProblemKind = "missing"      // part of a finished table's shape not read (Scan.CheckShape)
	ProblemOtherGame   ProblemKind = "other game"   // cards of a deck the game is not played with (ScoreFinished)
)

// Problem is something that keeps part of the table from being read for
// sure. The cards and cells it names are left out of the snapshot (never
// guessed), and the daemon emits no snapshot while a blocking problem
// lasts.
type Problem struct {
	Kind  ProblemKind
	Zone  string
	Cells []rules.Pos
	Cards []rules.CardRef
	// Text says what is wrong and what to do, for the web page and logs.
	Text string
}

func (p Problem) String() string { return p.Text }

// Blocking reports whether the problem must hold back a snapshot: every
// kind but a board read without its capture and a marker lying nearer
// another player's area (which only warn) and a bad shake (the snapshot
// shows it, and the game asks for a reshake).
func (p Problem) Blocking() bool {
	return p.Kind != ProblemNotCaptured && p.Kind != ProblemReshake && p.Kind != ProblemMarker
}

func problemf(kind ProblemKind, zone string, format string, args ...any) Problem {
	return Problem{Kind: kind, Zone: zone, Text: fmt.Sprintf(format, args...)}
}

// State is how still the table is.
type State int

const (
	// Moving: the frame differs from the one before (a hand, a card
	// being laid).
	Moving State = iota + 1
	// Settling: nothing moves, but not yet for Options.Stable.
	Settling
	// Still: nothing has moved for Options.Stable; frames are read.
	Still
	// Covered: still, but something reaching in from the frame's edge (an
	// arm, a hand resting on the table) has changed the view since the
	// last snapshot; no snapshot until it goes.
	Covered
)

var stateNames = map[State]string{Moving: "moving", Settling: "settling", Still: "still", Covered: "covered"}

func (s State) String() string {
	if n, ok := stateNames[s]; ok {
		return n
	}
	return "unknown"
}

// MarshalText writes the state's name.
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Motion is a frame's stillness.
type Motion struct {
	State State
	// Changed is the fraction of the low-resolution frame that differs
	// from the previous frame.
	Changed float64
	// StillFor is how long nothing has moved.
	StillFor time.Duration
}

// Message is a short text for the display: "" when the table is still.
func (m Motion) Message() string {
	switch m.State {
	case Moving, Covered:
		return "hand over table"
	case Settling:
		return "waiting…"
	}
	return ""
}

// describeCards lists cards for problem texts.
func describeCards(refs []rules.CardRef) string {
	var s []string
	for _, r := range refs {
		s = append(s, r.String())
	}
	return strings.Join(s, ", ")
}
