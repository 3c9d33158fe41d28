package live

import (
	"context"
	"fmt"
	"image"
	"log/slog"
	"math"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/reach"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/geom"
)

// blockedAfter is how long the table stays still with a blocking problem
// before it is said: longer than a hand takes to settle, short enough to
// be said within 3 s of stillness.
const blockedAfter = 2 * time.Second

// TableScanner makes package scanner's Scanner for each game, with the
// calibration (nil: the table plane is estimated from the cards) and the
// stability window.
func TableScanner(cal *calibration.File, still time.Duration) func(rules.Setup) (Scanner, error) {
	return func(s rules.Setup) (Scanner, error) {
		sc, err := scanner.New(cal, scanner.Options{Mode: s.Mode, Setup: s, Stable: still})
		if err != nil {
			return nil, err
		}
		return NewTableScanner(sc, cal, s), nil
	}
}

// tableScanner is package scanner's Scanner as the pipeline needs it; on
// the first frame it also checks that the camera sees the game's codes
// finely enough (package reach).
type tableScanner struct {
	sc    *scanner.Scanner
	cal   *calibration.File
	decks []string
	// suspect is the first frame's prediction when it says the camera
	// is too weak: it waits for the codes read to confirm it (a
	// prediction alone alarmed players whose every card was read, issue
	// 29). weak is the confirmed warning, said with every read from then
	// on; checked says the check was made.
	suspect *reach.Result
	weak    *Notice
	checked bool
	said    bool
}

// NewTableScanner is sc as the pipeline's Scanner for the game s, checking
// the camera's reach over the calibrated table on the first frame.
func NewTableScanner(sc *scanner.Scanner, cal *calibration.File, s rules.Setup) Scanner {
	t := &tableScanner{sc: sc, cal: cal}
	if m, ok := rules.LookupMode(s.Mode); ok {
		t.decks = m.Decks
	}
	return t
}

// checkReach checks the camera on the first frame (its size is the
// camera's resolution), when the table is calibrated.
func (t *tableScanner) checkReach(frame gocv.Mat) {
	if t.checked || frame.Empty() {
		return
	}
	t.checked = true
	if t.cal == nil || t.cal.Plane == nil || len(t.decks) == 0 {
		return
	}
	r, err := reach.Check(t.cal, frame.Cols(), frame.Rows(), t.decks)
	switch {
	case err != nil:
		slog.Warn("camera check", "err", err)
	case r.OK():
		slog.Info("camera check: the codes are read", "says", r.Text())
	default:
		slog.Info("camera check: maybe too weak, judged by the codes read", "says", r.Text())
		t.suspect = &r
	}
}

// confirmReach judges the suspected weak camera by the codes of a read
// (reach.Result.Confirmed).
func (t *tableScanner) confirmReach(s *scanner.Scan) {
	if t.suspect == nil || t.weak != nil || s == nil {
		return
	}
	px := make([]float64, 0, len(s.Codes))
	for _, c := range s.Codes {
		px = append(px, c.ModulePx)
	}
	finest, weak := t.suspect.Confirmed(px)
	if !weak {
		return
	}
	t.weak = &Notice{Text: fmt.Sprintf("the camera is too weak for the codes: a code was read at %.1f px per module, the reader's limit is about %g; %s",
		finest, reach.ReadPxPerModule, t.suspect.Text()), Short: t.suspect.Short()}
}

func (t *tableScanner) Frame(ctx context.Context, at time.Duration, frame gocv.Mat) (ScanUpdate, error) {
	t.checkReach(frame)
	u, err := t.sc.Frame(ctx, at, frame)
	t.confirmReach(u.Scan)
	out := ScanUpdate{Snapshot: u.Snapshot, Moving: u.Motion.State == scanner.Moving || u.Motion.State == scanner.Covered, StillFor: u.Motion.StillFor}
	if t.weak != nil && (u.Scan != nil || !t.said) {
		out.Problems, out.Notices = append(out.Problems, t.weak.Text), append(out.Notices, *t.weak)
		t.said = true
	}
	still := u.Motion.State == scanner.Still || u.Motion.State == scanner.Covered
	for _, p := range u.Problems {
		out.Problems = append(out.Problems, p.Text)
		// A problem that blocks every snapshot of a still table is said
		// (no verdict will come to say anything), but not an arm resting
		// over the table; a misplaced marker is said before the game
		// starts.
		blocked := p.Blocking() && p.Kind != scanner.ProblemCovered && still && u.Motion.StillFor >= blockedAfter
		if blocked || p.Kind == scanner.ProblemMarker {
			out.Notices = append(out.Notices, Notice{Text: p.Text, Short: p.Short(), Blocking: p.Blocking(),
				Key: fmt.Sprint(p.Kind, p.Zone, p.Cells, p.Cards)})
		}
	}
	if u.Scan != nil {
		placed := map[int]bool{}
		for _, c := range u.Scan.Cards {
			if c.Zone != "" {
				placed[c.Code] = true
			}
		}
		for i, c := range u.Scan.Codes {
			m := Mark{Corners: pixels(c.Corners), Label: c.Payload.String(), Good: placed[i]}
			if c.Payload.Kind == rules.KindCard {
				m.Label, m.Card = rules.CardName(c.Payload.Card.ID), c.Payload.Card.ID
			}
			out.Marks = append(out.Marks, m)
		}
	}
	return out, err
}

func pixels(q geom.Quad) [4]image.Point {
	var out [4]image.Point
	for i, p := range q {
		out[i] = image.Pt(int(math.Round(p.X)), int(math.Round(p.Y)))
	}
	return out
}
