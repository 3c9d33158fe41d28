package scanner

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// PairVerdict is the judgement of a pair of cards, for drawing: a line
// between them with a green tick or a red cross.
type PairVerdict struct {
	A, B  rules.CardID
	Right bool
	Text  string
}

// CellPoints is what one cell of a colour zone scored.
type CellPoints struct {
	Zone   string
	Pos    rules.Pos
	Points int
}

// Notes is what Annotate writes on a photo besides what the scan found.
type Notes struct {
	Title []string // lines across the top: the mode, the scores, the winner
	Pairs []PairVerdict
	Cells []CellPoints
	// Name gives a card's printed name (default rules.CardName).
	Name func(rules.CardID) string
}

// NotesFromEvents reads the pair verdicts and cell points out of a
// ScoreTable's events (rules.Mode.ScoreTable documents the form).
func NotesFromEvents(evs []rules.Event) Notes {
	var n Notes
	for _, e := range evs {
		switch {
		case e.Kind == rules.EventVerdict && strings.HasPrefix(e.Action, "pair "):
			other, err := rules.ParseCardID(strings.TrimPrefix(e.Action, "pair "))
			if err == nil {
				n.Pairs = append(n.Pairs, PairVerdict{A: e.Card, B: other, Right: e.Verdict == rules.Right, Text: e.Long})
			}
		case e.Kind == rules.EventPoints && strings.HasPrefix(e.Action, "cell "):
			f := strings.Fields(e.Action)
			if len(f) != 3 {
				continue
			}
			var p rules.Pos
			if _, err := fmt.Sscanf(f[2], "%d,%d", &p.Row, &p.Col); err == nil {
				n.Cells = append(n.Cells, CellPoints{Zone: f[1], Pos: p, Points: e.Points})
			}
		}
	}
	return n
}

// Colours of the drawing (RGBA for gocv, which writes them as BGR).
var (
	inkCard    = color.RGBA{R: 30, G: 200, B: 255, A: 255}
	inkProblem = color.RGBA{R: 255, G: 40, B: 40, A: 255}
	inkRight   = color.RGBA{R: 40, G: 220, B: 60, A: 255}
	inkWrong   = color.RGBA{R: 255, G: 40, B: 40, A: 255}
	inkGrid    = color.RGBA{R: 255, G: 255, B: 255, A: 255}
	inkForeign = color.RGBA{R: 255, G: 0, B: 255, A: 255}
	inkUnsure  = color.RGBA{R: 255, G: 140, B: 0, A: 255}
	inkMarker  = color.RGBA{R: 255, G: 200, B: 0, A: 255}
	inkText    = color.RGBA{R: 255, G: 255, B: 255, A: 255}
	inkShadow  = color.RGBA{A: 255}
)

// Annotate draws the scan on a copy of the frame: every card's outline
// with its name and cell, each zone's grid, each judged pair (a line with
// a tick or a cross), each colour cell with its colour letter and points,
// markers and foreign codes, the cells a finished table misses, the
// problems in red, and the title lines. Text is set in the Go fonts, so
// accented names read as printed; the card labels are placed so that none
// covers another (moved, shrunk, or, where cards crowd, numbered with a
// legend). The caller closes the result.
func Annotate(frame gocv.Mat, sc *Scan, n Notes) (gocv.Mat, error) {
	out, _, err := annotate(frame, sc, n)
	return out, err
}

// annotate is Annotate with the label layout, for tests.
func annotate(frame gocv.Mat, sc *Scan, n Notes) (gocv.Mat, *labelLayout, error) {
	if frame.Empty() || frame.Type() != gocv.MatTypeCV8UC3 {
		return gocv.NewMat(), nil, fmt.Errorf("%w: annotate needs the 8-bit colour frame", ErrFrame)
	}
	out := frame.Clone()
	d := drawer{m: &out, scale: math.Max(0.5, float64(frame.Cols())/1800)}
	name := n.Name
	if name == nil {
		name = rules.CardName
	}
	toImg, ok := sc.ToTable.Inverse()
	if !ok {
		toImg = geom.Identity()
	}
	lay := newLabelLayout(frame.Cols(), frame.Rows(), d.scale)
	// The title across the top and the problems along the bottom come
	// first: card labels keep clear of them.
	if err := lay.fixed(&out, geom.Pt{X: 10, Y: 8}, n.Title, inkText, lay.titlePx, false); err != nil {
		out.Close()
		return gocv.NewMat(), nil, err
	}
	var probs []string
	for _, p := range sc.Problems {
		probs = append(probs, p.Text)
	}
	if err := lay.fixed(&out, geom.Pt{X: 10, Y: -8}, probs, inkProblem, lay.smallPx, true); err != nil {
		out.Close()
		return gocv.NewMat(), nil, err
	}
	bad := map[rules.CardRef]bool{}
	for _, p := range sc.Problems {
		for _, c := range p.Cards {
			bad[c] = true
		}
	}
	for _, g := range sc.Grids {
		for _, c := range sc.Cards {
			if c.Zone == g.Zone && !c.Item {
				d.quad(toImg.ApplyQuad(g.CellQuad(c.Pos)), inkGrid, 1)
			}
		}
	}
	centre := map[rules.CardID]geom.Pt{}
	var cardLabels []*label
	for _, c := range sc.Cards {
		q := toImg.ApplyQuad(c.Outline)
		ink := inkCard
		if c.Zone == "" || bad[c.Ref] {
			ink = inkProblem
		}
		d.quad(q, ink, 3)
		at := toImg.Apply(c.At)
		centre[c.Ref.ID] = at
		where := fmt.Sprintf("%s %d,%d", c.Zone, c.Pos.Row, c.Pos.Col)
		switch {
		case c.Item:
			where = fmt.Sprintf("%s %g,%g", c.Zone, c.Row, c.Col)
		case c.Zone == "":
			where = "left out"
		}
		cardLabels = append(cardLabels, &label{lines: []string{name(c.Ref.ID), where}, at: q.Centre(), ink: ink,
			maxW: 0.95 * math.Min(q[0].Dist(q[1]), q[3].Dist(q[2]))})
	}
	onCard := map[int]bool{}
	for _, c := range sc.Cards {
		onCard[c.Code] = true
	}
	var others []*label
	for i, c := range sc.Codes {
		switch {
		case c.Payload.Kind == rules.KindMarker:
			d.quad(c.Corners, inkMarker, 2)
			others = append(others, &label{lines: []string{c.Payload.Marker.String()}, at: c.Corners.Centre(), ink: inkMarker})
		case !onCard[i]:
			// A card code no card stands for (a code list): the code
			// itself with its card.
			d.quad(c.Corners, inkCard, 2)
			others = append(others, &label{lines: []string{c.Payload.Card.String()}, at: c.Corners.Centre(), ink: inkCard})
		}
	}
	for _, f := range sc.Foreign {
		d.quad(f.Corners, inkForeign, 2)
		others = append(others, &label{lines: []string{foreignLabel(f.Text)}, at: f.Centre(), ink: inkForeign})
	}
	for _, u := range sc.Unsure {
		d.quad(u.Corners, inkUnsure, 2)
		others = append(others, &label{lines: []string{"unsure"}, at: u.Centre(), ink: inkUnsure})
	}
	for _, pv := range n.Pairs {
		a, okA := centre[pv.A]
		b, okB := centre[pv.B]
		if okA && okB {
			d.verdict(a, b, pv.Right)
		}
	}
	points := map[string]map[rules.Pos]int{}
	for _, cp := range n.Cells {
		if points[cp.Zone] == nil {
			points[cp.Zone] = map[rules.Pos]int{}
		}
		points[cp.Zone][cp.Pos] = cp.Points
	}
	for _, r := range sc.Regions {
		d.quad(r.Quad, inkMarker, 2)
	}
	for _, cc := range sc.Colours {
		ink := inkGrid
		text := colourLetter(cc.Colour)
		if cc.Unknown {
			ink, text = inkProblem, "?"
		}
		d.quad(cc.Quad, ink, 1)
		if text == "" {
			continue
		}
		if pts, ok := points[cc.Zone][cc.Pos]; ok {
			text += strconv.Itoa(pts)
		}
		// A cell's letter stays in its cell: cells never overlap.
		if err := lay.at(&out, cc.Quad.Centre(), []string{text}, ink, lay.smallPx); err != nil {
			out.Close()
			return gocv.NewMat(), nil, err
		}
	}
	for _, p := range sc.Problems {
		if p.Kind == ProblemMissing {
			for _, q := range sc.cellQuads(p.Zone, p.Cells, toImg) {
				d.missing(q)
			}
		}
	}
	for _, lb := range append(cardLabels, others...) {
		if err := lay.place(lb); err != nil {
			out.Close()
			return gocv.NewMat(), nil, err
		}
	}
	if err := lay.draw(&out); err != nil {
		out.Close()
		return gocv.NewMat(), nil, err
	}
	return out, lay, nil
}

func colourLetter(c rules.Colour) string {
	for _, k := range rules.Colours {
		if k.C == c {
			return string(k.Letter)
		}
	}
	return ""
}

// drawer draws at a size that suits the frame.
type drawer struct {
	m     *gocv.Mat
	scale float64
}

func ipt(p geom.Pt) image.Point { return image.Pt(int(math.Round(p.X)), int(math.Round(p.Y))) }

func (d drawer) quad(q geom.Quad, ink color.RGBA, width int) {
	w := max(1, int(math.Round(float64(width)*d.scale)))
	for i := range q {
		gocv.Line(d.m, ipt(q[i]), ipt(q[(i+1)%4]), ink, w)
	}
}

// label writes s centred on p in the Go font, on a dark plate; size is
// relative to the frame (1 is a title line).
func (d drawer) label(p geom.Pt, s string, ink color.RGBA, size float64) {
	b, err := measure([]string{s}, max(9, int(math.Round(22*size*d.scale))), true)
	if err != nil {
		return
	}
	_ = b.draw(d.m, image.Pt(int(math.Round(p.X))-b.w/2, int(math.Round(p.Y))-b.h/2), ink)
}

// verdict draws the line between two card centres and, half way, a disc
// with a tick (right) or a cross (wrong).
func (d drawer) verdict(a, b geom.Pt, right bool) {
	ink := inkWrong
	if right {
		ink = inkRight
	}
	w := max(1, int(math.Round(3*d.scale)))
	gocv.Line(d.m, ipt(a), ipt(b), ink, w)
	m := a.Add(b).Scale(0.5)
	r := 18 * d.scale
	gocv.Circle(d.m, ipt(m), int(r), ink, -1)
	gocv.Circle(d.m, ipt(m), int(r), inkShadow, max(1, w/2))
	if right {
		gocv.Line(d.m, ipt(m.Add(geom.Pt{X: -0.5 * r, Y: 0})), ipt(m.Add(geom.Pt{X: -0.1 * r, Y: 0.45 * r})), inkText, w)
		gocv.Line(d.m, ipt(m.Add(geom.Pt{X: -0.1 * r, Y: 0.45 * r})), ipt(m.Add(geom.Pt{X: 0.55 * r, Y: -0.45 * r})), inkText, w)
		return
	}
	k := 0.45 * r
	gocv.Line(d.m, ipt(m.Add(geom.Pt{X: -k, Y: -k})), ipt(m.Add(geom.Pt{X: k, Y: k})), inkText, w)
	gocv.Line(d.m, ipt(m.Add(geom.Pt{X: -k, Y: k})), ipt(m.Add(geom.Pt{X: k, Y: -k})), inkText, w)
}

// cellQuads are the image outlines of cells of a zone: from the zone's
// card grid, or from the colour cells read on its mat or board. Cells the
// scan has no geometry for (a zone with no card read, a board not found)
// are left out: the problem's text still names them.
func (sc *Scan) cellQuads(zone string, cells []rules.Pos, toImg geom.H) []geom.Quad {
	var out []geom.Quad
	for _, p := range cells {
		found := false
		for _, g := range sc.Grids {
			if g.Zone == zone && g.Pitch != (geom.Pt{}) {
				out, found = append(out, toImg.ApplyQuad(g.CellQuad(p))), true
				break
			}
		}
		if found {
			continue
		}
		for _, c := range sc.Colours {
			if c.Zone == zone && c.Pos == p {
				out = append(out, c.Quad)
				break
			}
		}
	}
	return out
}

// missing marks a cell the photo should show and did not read: a thick
// red outline, crossed corners and a question mark.
func (d drawer) missing(q geom.Quad) {
	d.quad(q, inkProblem, 4)
	c := q.Centre()
	for _, k := range q {
		gocv.Line(d.m, ipt(k.Add(c.Sub(k).Scale(0.15))), ipt(k.Add(c.Sub(k).Scale(0.3))), inkProblem, max(1, int(math.Round(3*d.scale))))
	}
	d.label(c, "?", inkProblem, 2)
}

// foreignLabel is what the annotated picture writes on a code that is not
// used: a tableref sticker with a wrong check character or a malformed body
// is damaged or misprinted (the player should replace it), not a stranger's
// code, which `scan --codes` already tells apart (rules.WhyNotOurs).
func foreignLabel(text string) string {
	_, err := rules.ParsePayload(text)
	switch {
	case errors.Is(err, rules.ErrBadCheck):
		return "damaged code"
	case errors.Is(err, rules.ErrMalformed):
		return "misprinted code"
	}
	return "not ours"
}
