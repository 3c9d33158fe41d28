package scanner

import (
	"fmt"
	"math"
	"sort"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// placed is a card code on the table, ready to be put in a zone.
type placed struct {
	ref   rules.CardRef
	code  int     // index in Scan.Codes
	at    geom.Pt // table mm
	angle float64 // the code's up direction, degrees clockwise from table north
	size  geom.Pt // the card's width and height, mm
	kind  string  // the deck's kind for the card ("fumarole", "traveller", …)
	item  bool    // the card may lie off the grid
}

// cell is where fitGrid put a card.
type cell struct {
	p        *placed
	pos      rules.Pos
	item     bool
	row, col float64 // fractional position (items: to the nearest half)
}

// Limits of the grid reading, as fractions of a cell.
const (
	// betweenCells: a card further than this from every cell centre (on
	// either axis) lies between cells.
	betweenCells = 0.3
	// turnedDeg: a card turned further than this from its zone's grid
	// (upside down is fine) lies across it.
	turnedDeg = 30.0
	// defaultGap is the gap assumed between cards when no two touch.
	defaultGap = 1.0
)

// fitGrid fits a lattice to a zone's cards and puts each in a cell: north
// is the way most cards face, the pitch is the card size measured from
// neighbours, the phase the one that fits the cards best. With a prior
// grid (the zone's grid in the last snapshot) cells keep their numbers:
// the lattice is only nudged, so a card that did not move keeps its cell
// and a pushed card moves by whole cells. Without one, the north-west
// occupied cell is (0, 0).
func fitGrid(zone string, cards []*placed, prior *Grid) (Grid, []cell, []Problem) {
	var onGrid []*placed
	for _, c := range cards {
		if !c.item {
			onGrid = append(onGrid, c)
		}
	}
	basis := onGrid
	if len(basis) == 0 {
		basis = cards
	}
	if len(basis) == 0 {
		if prior != nil {
			return *prior, nil, nil
		}
		return Grid{Zone: zone}, nil, nil
	}
	g := Grid{Zone: zone}
	angles := make([]float64, len(basis))
	for i, c := range basis {
		angles[i] = c.angle
	}
	g.Angle = calibration.DominantAngle(angles)
	size := typicalSize(basis)
	g.Pitch = measurePitch(basis, g.Angle, size)
	if prior != nil && math.Abs(g.Pitch.X/prior.Pitch.X-1) < 0.03 && math.Abs(g.Pitch.Y/prior.Pitch.Y-1) < 0.03 {
		g.Pitch = prior.Pitch // keep the cells' numbers steady across snapshots
	}
	ref := basis[0].at
	if prior != nil {
		ref = prior.Origin
	}
	g.Origin = ref
	u := func(p geom.Pt) geom.Pt {
		r, c := g.Cell(p)
		return geom.Pt{X: c, Y: r}
	}
	// Phase: the circular mean of the fractional cell positions.
	var sx, cx, sy, cy float64
	for _, c := range basis {
		v := u(c.at)
		sx, cx = sx+math.Sin(2*math.Pi*v.X), cx+math.Cos(2*math.Pi*v.X)
		sy, cy = sy+math.Sin(2*math.Pi*v.Y), cy+math.Cos(2*math.Pi*v.Y)
	}
	phase := geom.Pt{X: math.Atan2(sx, cx) / (2 * math.Pi), Y: math.Atan2(sy, cy) / (2 * math.Pi)}
	g.Origin = g.At(phase.Y, phase.X)
	if prior == nil {
		g = refine(g, basis)
	}

	var out []cell
	var probs []Problem
	for _, c := range cards {
		r, col := g.Cell(c.at)
		if c.item {
			out = append(out, cell{p: c, item: true, row: math.Round(2*r) / 2, col: math.Round(2*col) / 2})
			continue
		}
		pos := rules.Pos{Row: int(math.Round(r)), Col: int(math.Round(col))}
		if dr, dc := r-float64(pos.Row), col-float64(pos.Col); math.Abs(dr) > betweenCells || math.Abs(dc) > betweenCells {
			probs = append(probs, Problem{Kind: ProblemBetween, Zone: zone, Cards: []rules.CardRef{c.ref},
				Text: fmt.Sprintf("%s lies between cells in %s (row %.1f, column %.1f): push it into one cell", c.ref, zone, r, col)})
			continue
		}
		if d := math.Abs(calibration.AngleDiff(g.Angle, c.angle)); d > turnedDeg && d < 180-turnedDeg {
			probs = append(probs, Problem{Kind: ProblemTurned, Zone: zone, Cards: []rules.CardRef{c.ref},
				Text: fmt.Sprintf("%s lies turned %.0f° across the grid of %s: lay it square with the others", c.ref, d, zone)})
			continue
		}
		out = append(out, cell{p: c, pos: pos, row: float64(pos.Row), col: float64(pos.Col)})
	}
	out, same := sameCell(zone, out)
	probs = append(probs, same...)
	if prior == nil {
		// Number from the north-west occupied cell.
		minR, minC := math.MaxInt, math.MaxInt
		for _, c := range out {
			if !c.item {
				minR, minC = min(minR, c.pos.Row), min(minC, c.pos.Col)
			}
		}
		if minR != math.MaxInt {
			out = shiftCells(out, -minR, -minC)
			g.Origin = g.At(float64(minR), float64(minC))
		}
	}
	return g, out, probs
}

// refine fits the pitch and origin to all cards by least squares, once
// each card has its nearest cell: one misplaced neighbour pair then moves
// the pitch much less than it moves a median of a few spacings.
func refine(g Grid, cards []*placed) Grid {
	rot := geom.Rotate(-g.Angle)
	fit := func(get func(geom.Pt) float64, pitch float64) (float64, float64, bool) {
		var n, si, sv, sii, siv float64
		seen := map[int]bool{}
		for _, c := range cards {
			v := get(rot.Apply(c.at.Sub(g.Origin)))
			i := math.Round(v / pitch)
			seen[int(i)] = true
			n, si, sv, sii, siv = n+1, si+i, sv+v, sii+i*i, siv+i*v
		}
		den := n*sii - si*si
		if len(seen) < 2 || den == 0 {
			return 0, pitch, false
		}
		p := (n*siv - si*sv) / den
		if math.Abs(p/pitch-1) > 0.1 {
			return 0, pitch, false // not a lattice of these cards: keep the card size
		}
		return (sv - p*si) / n, p, true
	}
	ox, px, okx := fit(func(p geom.Pt) float64 { return p.X }, g.Pitch.X)
	oy, py, oky := fit(func(p geom.Pt) float64 { return p.Y }, g.Pitch.Y)
	if okx {
		g.Pitch.X = px
	} else {
		ox = 0
	}
	if oky {
		g.Pitch.Y = py
	} else {
		oy = 0
	}
	g.Origin = g.Origin.Add(geom.Rotate(g.Angle).Apply(geom.Pt{X: ox, Y: oy}))
	return g
}

// sameCell takes out the cards that share a cell and reports them.
func sameCell(zone string, cells []cell) ([]cell, []Problem) {
	by := map[rules.Pos][]int{}
	for i, c := range cells {
		if !c.item {
			by[c.pos] = append(by[c.pos], i)
		}
	}
	drop := map[int]bool{}
	var probs []Problem
	var crowded []rules.Pos
	for p, idx := range by {
		if len(idx) > 1 {
			crowded = append(crowded, p)
		}
	}
	sort.Slice(crowded, func(i, j int) bool { return lessPos(crowded[i], crowded[j]) })
	for _, p := range crowded {
		var refs []rules.CardRef
		for _, i := range by[p] {
			drop[i] = true
			refs = append(refs, cells[i].p.ref)
		}
		probs = append(probs, Problem{Kind: ProblemSameCell, Zone: zone, Cells: []rules.Pos{p}, Cards: refs,
			Text: fmt.Sprintf("%s lie in one cell %v of %s: one card per cell", describeCards(refs), p, zone)})
	}
	var out []cell
	for i, c := range cells {
		if !drop[i] {
			out = append(out, c)
		}
	}
	return out, probs
}

func shiftCells(cells []cell, dr, dc int) []cell {
	for i := range cells {
		cells[i].pos = rules.Pos{Row: cells[i].pos.Row + dr, Col: cells[i].pos.Col + dc}
		cells[i].row += float64(dr)
		cells[i].col += float64(dc)
	}
	return cells
}

func lessPos(a, b rules.Pos) bool {
	if a.Row != b.Row {
		return a.Row < b.Row
	}
	return a.Col < b.Col
}

// typicalSize is the card size most of the cards have.
func typicalSize(cards []*placed) geom.Pt {
	count := map[geom.Pt]int{}
	best := cards[0].size
	for _, c := range cards {
		count[c.size]++
		if count[c.size] > count[best] {
			best = c.size
		}
	}
	return best
}

// measurePitch is the distance between neighbouring cells along the
// zone's axes: the median spacing of neighbours in a row (column), or
// the card size plus a small gap when no two cards are neighbours.
func measurePitch(cards []*placed, angle float64, size geom.Pt) geom.Pt {
	rot := geom.Rotate(-angle)
	var xs, ys []float64
	for i, a := range cards {
		for _, b := range cards[i+1:] {
			d := rot.Apply(b.at.Sub(a.at))
			dx, dy := math.Abs(d.X), math.Abs(d.Y)
			if dy < 0.35*size.Y && dx > 0.75*size.X && dx < 1.35*size.X {
				xs = append(xs, dx)
			}
			if dx < 0.35*size.X && dy > 0.75*size.Y && dy < 1.35*size.Y {
				ys = append(ys, dy)
			}
		}
	}
	pitch := geom.Pt{X: size.X + defaultGap, Y: size.Y + defaultGap}
	if len(xs) > 0 {
		pitch.X = median(xs)
	}
	if len(ys) > 0 {
		pitch.Y = median(ys)
	}
	return pitch
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
