package scanner

import (
	"fmt"
	"image"
	"log/slog"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// Planes of a Scan.
const (
	PlaneCalibration = "calibration"
	PlaneCodes       = "codes"
	PlaneNone        = "none"
)

// checkFrame refuses frames the scanner cannot read.
func checkFrame(frame gocv.Mat) error {
	if frame.Empty() {
		return fmt.Errorf("%w: empty frame (a corrupt image?)", ErrFrame)
	}
	if frame.Type() != gocv.MatTypeCV8UC3 {
		return fmt.Errorf("%w: want an 8-bit colour (BGR) frame, got type %v", ErrFrame, frame.Type())
	}
	return nil
}

// read turns one frame and the codes found in it (the first stage: the
// reader for a photo, the locator on a stream) into a Scan: codes on the
// table plane, then zones and grids. h is what the scanner remembers of
// the last snapshot (its zones' grids, so that cells keep their numbers,
// and whose cards are whose); nil for a photo.
func (s *Scanner) read(frame gocv.Mat, res qr.Result, h *history) (*Scan, error) {
	sc := &Scan{Size: image.Pt(frame.Cols(), frame.Rows()), Foreign: res.Foreign, Unsure: res.Unsure}
	if err := s.plane(sc, res); err != nil {
		return nil, err
	}
	for _, c := range res.Codes {
		sc.Codes = append(sc.Codes, Code{Tableref: c, At: sc.ToTable.Apply(c.Centre()), Angle: codeAngle(sc.ToTable, c.Corners)})
	}
	cards := s.cards(sc)
	markers := map[int]geom.Pt{}
	seen := map[int]bool{}
	for _, c := range sc.Codes {
		if m := c.Payload.Marker; c.Payload.Kind == rules.KindMarker && m.Type == rules.MarkerPlayer {
			markers[m.Player], seen[m.Player] = c.At, true
		}
	}
	var zones *calibration.Zones
	if s.cal != nil {
		zones = s.cal.Zones
	}
	sc.Table = rules.Table{Zones: map[string]*rules.Zone{}}
	free, byPolygon := s.fixedZones(sc, cards, zones)
	a := s.layout.assign(free, clues{markers: zones.MarkerPositions(markers), seen: seen, past: h.past()})
	sc.Problems = append(sc.Problems, a.probs...)
	for z, cs := range byPolygon {
		a.add(z, cs...)
	}
	for _, zone := range sortedKeys(a.zones) {
		s.gridZone(sc, zone, a.zones[zone], h.priors())
		sc.placeApart(zone, a.apart[zone])
	}
	if err := s.colourZones(sc, frame, res.Codes); err != nil {
		return nil, err
	}
	leftOut(sc, cards)
	sortCards(sc.Cards)
	return sc, nil
}

// plane sets the scan's table homography: the calibration's, else one
// fitted to this frame's codes, else none (a frame of mats and boards
// needs none).
func (s *Scanner) plane(sc *Scan, res qr.Result) error {
	w, h := sc.Size.X, sc.Size.Y
	if s.cal != nil && s.cal.Plane != nil {
		H, err := s.cal.Plane.For(w, h)
		if err != nil {
			return fmt.Errorf("scanner: %w", err)
		}
		sc.ToTable, sc.Plane = H, PlaneCalibration
		return nil
	}
	var marks []calibration.Mark
	cardsSeen := 0
	for _, c := range res.Codes {
		marks = append(marks, calibration.Mark{Payload: c.Payload, Corners: c.Corners})
		if c.Payload.Kind == rules.KindCard {
			cardsSeen++
		}
	}
	t, err := calibration.FitCodes(marks, w, h, s.cal.CodeSize(calibration.PrintedCode))
	if err == nil {
		t = s.legacyPlane(t, marks, w, h)
	}
	switch {
	case err == nil:
		sc.ToTable, sc.Plane = t.H, PlaneCodes
	case cardsSeen == 0:
		sc.ToTable, sc.Plane = geom.Identity(), PlaneNone
	default:
		return fmt.Errorf("%w: %v", ErrNoCalibration, err)
	}
	return nil
}

// legacyPlane takes the plane fitted as if the cards' codes were printed
// at calibration.LegacyModuleMM when that fit, and not the current one,
// puts the cards apart as cards can lie: cards printed before codes
// shrank (31.5 mm codes, where 16.8 mm are printed now) still lie on
// tables, and read as today's they would put the cards half as far apart
// as they are, overlapping. Without a calibration sheet the codes' size
// is all that gives the table its scale, so the spacing decides.
func (s *Scanner) legacyPlane(now *calibration.Plane, marks []calibration.Mark, w, h int) *calibration.Plane {
	var cards []calibration.Mark
	width := math.Inf(1)
	for _, m := range marks {
		if m.Payload.Kind == rules.KindCard && !m.Payload.Card.ID.Anonymous() {
			cards = append(cards, m)
			d := s.cal.DeckOf(m.Payload.Card.ID.Deck)
			width = math.Min(width, math.Min(d.Card[0], d.Card[1]))
		}
	}
	if len(cards) < 2 || math.IsInf(width, 1) {
		return now
	}
	spacing := func(H geom.H) float64 {
		var nn []float64
		for i, a := range cards {
			best := math.Inf(1)
			for j, b := range cards {
				if i != j {
					best = math.Min(best, H.Apply(a.Corners.Centre()).Dist(H.Apply(b.Corners.Centre())))
				}
			}
			nn = append(nn, best)
		}
		sort.Float64s(nn)
		return nn[len(nn)/2]
	}
	const apart = 0.85 // of a card's width: cards do not overlap
	if spacing(now.H) >= apart*width {
		return now
	}
	old, err := calibration.FitCodes(marks, w, h, s.cal.LegacyCodeSize(calibration.PrintedCode))
	if err != nil || spacing(old.H) < apart*width {
		return now
	}
	if !s.saidLegacy { // once: a stream would say it at every read
		s.saidLegacy = true
		slog.Info("scanner: the cards' codes are the larger ones tableref printed before 2026-11; the table is measured with those", "code_mm", old.CodeMM)
	}
	return old
}

// codeAngle is the direction a code's top edge runs in table mm, in
// degrees clockwise from east: 0 for a code upright on the table.
func codeAngle(h geom.H, q geom.Quad) float64 {
	m := h.ApplyQuad(q)
	e := m[1].Sub(m[0]).Add(m[2].Sub(m[3]))
	return math.Atan2(e.Y, e.X) * 180 / math.Pi
}

// cards turns the card codes into placed cards; a card seen in two places
// is a problem and left out.
func (s *Scanner) cards(sc *Scan) []*placed {
	count := map[rules.CardID]int{}
	for _, c := range sc.Codes {
		if c.Payload.Kind == rules.KindCard && !c.Payload.Card.ID.Anonymous() {
			count[c.Payload.Card.ID]++
		}
	}
	var out []*placed
	reported := map[rules.CardID]bool{}
	for i, c := range sc.Codes {
		if c.Payload.Kind != rules.KindCard {
			continue
		}
		ref := c.Payload.Card
		if count[ref.ID] > 1 {
			if !reported[ref.ID] {
				reported[ref.ID] = true
				sc.Problems = append(sc.Problems, Problem{Kind: ProblemTwice, Cards: []rules.CardRef{ref},
					Text: fmt.Sprintf("%s is seen %d times: one card cannot lie in two places; take away the copy", ref.ID, count[ref.ID])})
			}
			continue
		}
		d := s.cal.DeckOf(ref.ID.Deck)
		p := &placed{ref: ref, code: i, at: cardCentre(c), angle: c.Angle, size: geom.Pt{X: d.Card[0], Y: d.Card[1]}}
		if info, _, ok := rules.LookupCard(ref.ID); ok {
			p.kind = info.Kind
		}
		p.item = s.layout.offGrid[p.kind]
		out = append(out, p)
	}
	return out
}

// stickerModules is the side in modules of tableref's sticker codes
// (version 2, rules.StickerCodeMM); printed cards carry version 1 (21).
const stickerModules = 25

// cardCentre is where the card a code stands for lies: the code's centre
// for a printed card (its code sits in the middle), and for a sticker on a
// real boxed card the card's centre from where the game's stickers go
// (rules.StickerSpot: Where is That?'s flag-side sticker sits 12 mm below
// the middle), so the card's outline and cell are the real card's.
func cardCentre(c Code) geom.Pt {
	if c.Modules != stickerModules {
		return c.At
	}
	spot, err := rules.StickerSpotForDeck(c.Payload.Card.ID.Deck, c.Payload.Card.Side)
	if err != nil {
		return c.At
	}
	x, y := spot.CardCentre(c.At.X, c.At.Y, c.Angle)
	return geom.Pt{X: x, Y: y}
}

// fixedZones takes the cards inside the calibration's polygons (by zone,
// for a grid fit) and fixed grids (put in their squares at once), and
// returns the others.
func (s *Scanner) fixedZones(sc *Scan, cards []*placed, zones *calibration.Zones) (free []*placed, byPolygon map[string][]*placed) {
	if zones == nil {
		return cards, nil
	}
	byPolygon = map[string][]*placed{}
	byGrid := map[string][]cell{}
	for _, c := range cards {
		if g := gridAt(zones, c.at); g != nil {
			r, col, _ := g.Cell(c.at)
			pos := rules.Pos{Row: int(math.Floor(r)), Col: int(math.Floor(col))}
			if dr, dc := r-float64(pos.Row)-0.5, col-float64(pos.Col)-0.5; math.Abs(dr) > betweenCells || math.Abs(dc) > betweenCells {
				sc.Problems = append(sc.Problems, Problem{Kind: ProblemBetween, Zone: g.Zone, Cards: []rules.CardRef{c.ref},
					Text: fmt.Sprintf("%s lies between squares of %s: push it into one square", c.ref, g.Zone)})
				continue
			}
			byGrid[g.Zone] = append(byGrid[g.Zone], cell{p: c, pos: pos, row: float64(pos.Row), col: float64(pos.Col)})
			continue
		}
		if z := zones.PolygonZone(c.at); z != "" {
			byPolygon[z] = append(byPolygon[z], c)
			continue
		}
		free = append(free, c)
	}
	for _, zone := range sortedKeys(byGrid) {
		cells, probs := sameCell(zone, byGrid[zone])
		sc.Problems = append(sc.Problems, probs...)
		g := zones.Grid(zone)
		q := g.CellQuad(0, 0)
		e := q[1].Sub(q[0])
		grid := Grid{Zone: zone, Origin: q.Centre(), Angle: math.Atan2(e.Y, e.X) * 180 / math.Pi,
			Pitch: geom.Pt{X: q[0].Dist(q[1]), Y: q[0].Dist(q[3])}}
		sc.addCards(zone, grid, cells, true)
	}
	return free, byPolygon
}

// gridAt returns the fixed grid holding table point p, or nil.
func gridAt(zones *calibration.Zones, p geom.Pt) *calibration.Grid {
	for i := range zones.Grids {
		if _, _, ok := zones.Grids[i].Cell(p); ok {
			return &zones.Grids[i]
		}
	}
	return nil
}

// gridZone fits a zone's grid, applies the mode's anchor and puts its
// cards in the table.
func (s *Scanner) gridZone(sc *Scan, zone string, cards []*placed, priors map[string]Grid) {
	var prior *Grid
	if g, ok := priors[zone]; ok {
		prior = &g
	}
	if zone == zoneSun {
		// The Sun lies anywhere; only its side matters.
		var cs []cell
		for _, c := range cards {
			cs = append(cs, cell{p: c})
		}
		cs, probs := sameCell(zone, cs)
		sc.Problems = append(sc.Problems, probs...)
		sc.addCards(zone, Grid{Zone: zone}, cs, true)
		return
	}
	g, cells, probs := fitGrid(zone, cards, prior)
	if zone == zoneOffer {
		// Loose cards and piles: never a reason to hold a snapshot.
		for _, p := range probs {
			slog.Debug("scanner: offer card left out", "problem", p.Text)
		}
		probs = nil
	}
	sc.Problems = append(sc.Problems, probs...)
	switch {
	case s.layout.kind == cross && zone == zoneMap:
		if prior == nil || !occupied(cells, rules.Pos{}) {
			if c, ok := crossCentre(cells); ok {
				g, cells = reanchor(g, cells, c, rules.Pos{})
			}
		}
		var off []cell
		cells, off = crossLines(cells)
		if len(off) > 0 {
			og, ocells, _ := fitGrid(zoneOffer, offCards(off), nil)
			sc.addCards(zoneOffer, og, ocells, true)
		}
	case s.layout.kind == board && zone == zoneBoard && prior == nil:
		// Fit the board to the cards (nsoe.go).
		if c, ok := boardAnchor(cells, s.layout.rows, s.layout.cols, s.layout.centre); ok {
			g, cells = reanchor(g, cells, c, s.layout.centre)
		} else if len(cells) > 0 {
			sc.Problems = append(sc.Problems, offBoard(zone, cells, s.layout.rows, s.layout.cols))
		}
	}
	sc.addCards(zone, g, cells, true)
}

func offCards(cells []cell) []*placed {
	out := make([]*placed, len(cells))
	for i, c := range cells {
		out[i] = c.p
	}
	return out
}

func occupied(cells []cell, p rules.Pos) bool {
	for _, c := range cells {
		if !c.item && c.pos == p {
			return true
		}
	}
	return false
}

// reanchor renumbers the cells so that cell from becomes to.
func reanchor(g Grid, cells []cell, from, to rules.Pos) (Grid, []cell) {
	dr, dc := to.Row-from.Row, to.Col-from.Col
	g.Origin = g.At(float64(-dr), float64(-dc))
	return g, shiftCells(cells, dr, dc)
}

// addCards records a zone's cells in the scan and its table.
func (sc *Scan) addCards(zone string, g Grid, cells []cell, withGrid bool) {
	if withGrid && g.Pitch != (geom.Pt{}) {
		sc.Grids = append(sc.Grids, g)
	}
	z := sc.Table.Zones[zone]
	if z == nil {
		z = &rules.Zone{}
		sc.Table.Zones[zone] = z
	}
	for _, c := range cells {
		card := Card{Ref: c.p.ref, Code: c.p.code, Zone: zone, Pos: c.pos, Item: c.item, Row: c.row, Col: c.col,
			At: c.p.at, Angle: calibration.AngleDiff(g.Angle, c.p.angle), Outline: outline(c.p)}
		if c.p.code >= 0 && c.p.code < len(sc.Codes) && sc.Codes[c.p.code].Payload.Tableref {
			card.Tableref = true
			sc.Table.MarkTableref(card.Ref.ID)
		}
		sc.Cards = append(sc.Cards, card)
		if c.item {
			z.Items = append(z.Items, rules.Item{Card: c.p.ref, Row: c.row, Col: c.col})
		} else {
			z.Set(c.pos, rules.Cell{Card: c.p.ref})
		}
	}
}

// leftOut lists the cards no zone took (conflicts, no player marker) with
// an empty zone, so a drawing can show them.
func leftOut(sc *Scan, cards []*placed) {
	in := map[int]bool{}
	for _, c := range sc.Cards {
		in[c.Code] = true
	}
	for _, c := range cards {
		if !in[c.code] {
			sc.Cards = append(sc.Cards, Card{Ref: c.ref, Code: c.code, At: c.at, Angle: c.angle, Outline: outline(c)})
		}
	}
}

// outline is a card's edge in table mm.
func outline(p *placed) geom.Quad {
	h := geom.Translate(p.at.X, p.at.Y).Mul(geom.Rotate(p.angle))
	return h.ApplyQuad(geom.Rect(-p.size.X/2, -p.size.Y/2, p.size.X/2, p.size.Y/2))
}

func sortCards(cs []Card) {
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].Zone != cs[j].Zone {
			return cs[i].Zone < cs[j].Zone
		}
		if cs[i].Row != cs[j].Row {
			return cs[i].Row < cs[j].Row
		}
		return cs[i].Col < cs[j].Col
	})
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
