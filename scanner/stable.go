package scanner

import (
	"context"
	"fmt"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// stability is the scanner's memory of the stream.
type stability struct {
	started     bool
	prev        lowres        // the last frame
	prevT       time.Duration // when the last frame was taken
	stillRef    lowres        // the first frame of the current still period
	stillSince  time.Duration // when the current still period began
	lastRead    time.Duration
	read        bool         // a frame was read in this still period
	readTable   *rules.Table // the previous read's table in this still period
	last        *rules.Table // the last snapshot emitted
	snapRef     lowres       // the frame of the last snapshot (or of the last read agreeing with it)
	haveSnapRef bool
	known       []known         // the last snapshot's cards, to hold missed reads
	grids       map[string]Grid // the last snapshot's grids, to keep cell numbers
	coveredAt   time.Duration   // when the current edge change began (0: none)
}

// known is a card of the last snapshot with where its code lay.
type known struct {
	card Card
	quad geom.Quad // the code in image pixels
}

// frame runs one frame through the stability rules of docs/scanner.md.
func (s *Scanner) frame(ctx context.Context, t time.Duration, frame gocv.Mat) (Update, error) {
	up := Update{T: t}
	if frame.Empty() {
		return up, fmt.Errorf("%w: empty frame", ErrFrame)
	}
	small, err := makeLowres(frame, s.opt.MotionWidth)
	if err != nil {
		return up, fmt.Errorf("%w: %v", ErrFrame, err)
	}
	st := &s.st
	if !st.started {
		st.started, st.prev, st.prevT, st.stillRef, st.stillSince = true, small, t, small, t
		up.Motion = Motion{State: Settling}
		return up, nil
	}
	up.Motion.Changed = fraction(small.changed(st.prev))
	drift := fraction(small.changed(st.stillRef))
	period := t - st.prevT // the time between the frames the scanner gets
	st.prev, st.prevT = small, t
	if up.Motion.Changed > s.opt.Motion || drift > 3*s.opt.Motion {
		st.stillRef, st.stillSince, st.read, st.readTable = small, t, false, nil
		s.fuse.reset()
		up.Motion.State = Moving
		return up, nil
	}
	if err := s.fuse.add(frame, s.opt.Fuse); err != nil {
		return up, fmt.Errorf("%w: %v", ErrFrame, err)
	}
	up.Motion.StillFor = t - st.stillSince
	// A snapshot needs the table still for the whole window and two reads
	// that agree. The first read is taken up to two frames before the
	// window ends, so the second, on the frame that ends it, can make the
	// snapshot: the window is the time the table must stay still, not
	// the window and one more frame (a 5 fps camera would add 200 ms). Two
	// frames ahead, the first read (the one that reads the new card, the
	// slower) may take a frame's time on a slow core without delaying the
	// snapshot.
	ready := up.Motion.StillFor >= s.opt.Stable
	if !ready && (st.read || up.Motion.StillFor+2*period < s.opt.Stable) {
		up.Motion.State = Settling
		return up, nil
	}
	up.Motion.State = Settling
	if ready {
		up.Motion.State = Still
	}
	// The read that completes the fused frames reads them whole, even
	// between the reads a slow Pi's ReadEvery allows.
	fusedWhole := s.fuse.whole
	if st.read && t-st.lastRead < s.opt.ReadEvery && !fusedWhole {
		return up, nil
	}
	st.read, st.lastRead = true, t
	if err := checkFrame(frame); err != nil {
		return up, err
	}
	fused, ok, err := s.fuse.frame()
	if err != nil {
		return up, fmt.Errorf("%w: %v", ErrFrame, err)
	}
	if ok {
		defer fused.Close()
		frame, up.Fused = fused, s.fuse.n
		s.fuse.whole = false
		s.loc.wholeNext = s.loc.wholeNext || fusedWhole
	}
	res, err := s.loc.read(ctx, t, frame, small)
	if err != nil {
		return up, fmt.Errorf("scanner: reading codes: %w", err)
	}
	sc, err := s.read(frame, res, &history{grids: st.grids, known: st.known})
	if err != nil {
		return up, err
	}
	s.fuse.judge(sc)
	up.Scan = sc
	if s.covered(sc, small, t) {
		up.Motion.State = Covered
		st.readTable = nil
		up.Problems = []Problem{problemf(ProblemCovered, "", "something reaching in from the edge of the view covers cards: take hands away")}
		return up, nil
	}
	table := sc.Table.Clone()
	held := s.hold(sc, &table, small)
	for _, p := range sc.Problems {
		up.Problems = append(up.Problems, p)
	}
	blocked := false
	for _, p := range up.Problems {
		if p.Blocking() {
			blocked = true
		}
	}
	agree := st.readTable != nil && st.readTable.Equal(table)
	st.readTable = &table
	switch {
	case blocked || !agree || !ready:
	case st.last != nil && st.last.Equal(table):
		st.snapRef = small // nothing changed: keep the background fresh
	default:
		snap := table.Clone()
		up.Snapshot = &snap
		st.last = &snap
		st.snapRef, st.haveSnapRef = small, true
		st.known = remember(sc, held)
		st.grids = map[string]Grid{}
		for _, g := range sc.Grids {
			st.grids[g.Zone] = g
		}
	}
	return up, nil
}

// covered reports whether cards of the last snapshot that this read
// misses lie under a change reaching in from the frame's edge: an arm, a
// hand resting on the table. A card laid or taken away changes a patch
// inside the view; only a card at the very edge taken away looks the
// same, and after CoveredTimeout the change is believed.
func (s *Scanner) covered(sc *Scan, small lowres, t time.Duration) bool {
	st := &s.st
	if !st.haveSnapRef {
		return false
	}
	seen := map[string]bool{}
	for _, c := range sc.Cards {
		seen[cardKey(c)] = true
	}
	var edge []bool
	hit := false
	for _, k := range st.known {
		if seen[cardKey(k.card)] {
			continue
		}
		if edge == nil {
			edge = small.edgeSet(small.changed(st.snapRef))
		}
		if small.anyIn(edge, k.quad) {
			hit = true
			break
		}
	}
	if !hit {
		st.coveredAt = 0
		return false
	}
	if st.coveredAt == 0 {
		st.coveredAt = max(t, 1)
	}
	return t-st.coveredAt < s.opt.CoveredTimeout
}

// hold puts back the last snapshot's cards that this read missed while the
// image around their code has not changed, or while an off-grid card now
// lies over them (a Dark City across two Fumaroles). It returns them.
func (s *Scanner) hold(sc *Scan, table *rules.Table, small lowres) []known {
	seen := map[string]bool{}
	for _, c := range sc.Cards {
		seen[cardKey(c)] = true
	}
	var held []known
	for _, k := range s.st.known {
		if seen[cardKey(k.card)] {
			continue
		}
		if !small.sameAt(s.st.snapRef, k.quad) && !underItem(sc, k.card) {
			continue
		}
		z := table.Zones[k.card.Zone]
		if z == nil {
			z = &rules.Zone{}
			table.Zones[k.card.Zone] = z
		}
		if k.card.Item {
			z.Items = append(z.Items, rules.Item{Card: k.card.Ref, Row: k.card.Row, Col: k.card.Col})
		} else {
			if !z.At(k.card.Pos).Empty() {
				continue // another card lies there now
			}
			z.Set(k.card.Pos, rules.Cell{Card: k.card.Ref})
		}
		if k.card.Tableref {
			table.MarkTableref(k.card.Ref.ID)
		}
		held = append(held, k)
	}
	return held
}

// underItem reports whether a card read now as an item lies over card
// k's last position: its outline, grown by a third, holds k's centre (a
// Dark City on a junction covers the inner halves of both cells).
func underItem(sc *Scan, k Card) bool {
	for _, c := range sc.Cards {
		if !c.Item || c.Zone != k.Zone {
			continue
		}
		centre := c.Outline.Centre()
		grown := geom.Translate(centre.X, centre.Y).Mul(geom.ScaleH(4.0/3, 4.0/3)).Mul(geom.Translate(-centre.X, -centre.Y))
		if grown.ApplyQuad(c.Outline).Contains(k.At) {
			return true
		}
	}
	return false
}

// cardKey identifies a card across reads: its ID, or for an anonymous back
// its zone and cell.
func cardKey(c Card) string {
	if c.Ref.ID.Anonymous() {
		return fmt.Sprintf("%s %s %v", c.Ref, c.Zone, c.Pos)
	}
	return c.Ref.ID.String()
}

func remember(sc *Scan, held []known) []known {
	var out []known
	for _, c := range sc.Cards {
		if c.Zone != "" {
			out = append(out, known{card: c, quad: sc.Codes[c.Code].Corners})
		}
	}
	return append(out, held...)
}
