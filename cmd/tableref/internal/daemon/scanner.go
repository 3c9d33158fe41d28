package daemon

import (
	"context"
	"image"
	"math"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/geom"
)

// TableScanner makes package scanner's Scanner for each game, with the
// calibration (nil: the table plane is estimated from the cards) and the
// stability window.
func TableScanner(cal *calibration.File, still time.Duration) func(rules.Setup) (Scanner, error) {
	return func(s rules.Setup) (Scanner, error) {
		sc, err := scanner.New(cal, scanner.Options{Mode: s.Mode, Setup: s, Still: still})
		if err != nil {
			return nil, err
		}
		return tableScanner{sc}, nil
	}
}

type tableScanner struct{ sc *scanner.Scanner }

func (t tableScanner) Frame(ctx context.Context, at time.Duration, frame gocv.Mat) (ScanUpdate, error) {
	u, err := t.sc.Frame(ctx, at, frame)
	out := ScanUpdate{Snapshot: u.Snapshot, Moving: u.Motion.State == scanner.Moving || u.Motion.State == scanner.Covered}
	still := u.Motion.State == scanner.Still || u.Motion.State == scanner.Covered
	for _, p := range u.Problems {
		out.Problems = append(out.Problems, p.Text)
		// A problem that blocks every snapshot of a still table is said
		// (no verdict will come to say anything), but not an arm resting
		// over the table; a misplaced marker is said before the game
		// starts.
		blocked := p.Blocking() && p.Kind != scanner.ProblemCovered && still && u.Motion.StillFor >= blockedAfter
		if blocked || p.Kind == scanner.ProblemMarker {
			out.Notices = append(out.Notices, Notice{Text: p.Text, Short: p.Short(), Blocking: p.Blocking()})
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
