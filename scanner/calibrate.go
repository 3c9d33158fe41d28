package scanner

import (
	"fmt"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/qr"
)

// What `tableref calibrate colours` and `calibrate board` need from a
// photo: the mats and boards in it, sampled cell by cell.

// ColourSamples reads one cube of each colour from the shaker mat and one
// tile of each colour from the first row of any city board in the photo,
// laid out in calibration.ColourOrder. Cells of the order left empty (no
// white cube) are skipped: a cell that looks like the mat's paper holds
// nothing. It fails when neither a mat nor a board is wholly in view.
func ColourSamples(frame gocv.Mat, codes []qr.Tableref, cal *calibration.File) (cubes, tiles []calibration.Sample, err error) {
	mats, probs := FindMats(codes, cal)
	if len(mats) == 0 {
		msg := "no shaker mat or city board with all four corner codes in view"
		if len(probs) > 0 {
			msg += ": " + probs[0].Text
		}
		return nil, nil, fmt.Errorf("%w: %s", calibration.ErrMissing, msg)
	}
	for _, m := range mats {
		samples, err := m.Sample(frame)
		if err != nil {
			return nil, nil, err
		}
		paper, err := paperLook(frame, m)
		if err != nil {
			return nil, nil, err
		}
		board := cal.Board(m.Zone)
		order := calibration.ColourOrder(m.Layout)
		for _, s := range samples {
			c, ok := order[s.Pos]
			if !ok {
				continue
			}
			empty := &paper
			if e, ok := board.EmptyAt(s.Pos.Row, s.Pos.Col); ok {
				empty = &e
			}
			if m.Zone == calibration.ZoneShaker && empty.Lab.Dist(s.Lab) <= empty.Spread {
				continue // no cube there (a box without white cubes)
			}
			smp := calibration.Sample{Colour: c, Lab: s.Lab, Spread: s.Spread}
			if m.Zone == calibration.ZoneShaker {
				cubes = append(cubes, smp)
			} else {
				tiles = append(tiles, smp)
			}
		}
	}
	return cubes, tiles, nil
}

// CaptureBoards reads the empty look of every mat and board wholly in
// view: for each, its layout (from cal, or the default) and every cell's
// colour and spread.
func CaptureBoards(frame gocv.Mat, codes []qr.Tableref, cal *calibration.File) ([]calibration.Board, []Problem, error) {
	mats, probs := FindMats(codes, cal)
	var out []calibration.Board
	for _, m := range mats {
		samples, err := m.Sample(frame)
		if err != nil {
			return nil, probs, err
		}
		b := calibration.Board{Zone: m.Zone, Layout: m.Layout}
		for _, s := range samples {
			b.Empty = append(b.Empty, roundLab(s.Lab))
			b.Spread = append(b.Spread, calibration.EmptySpread(s.Spread))
		}
		out = append(out, b)
	}
	return out, probs, nil
}

func roundLab(l calibration.Lab) calibration.Lab {
	for i := range l {
		l[i] = float64(int(l[i]*10+0.5*sign(l[i]))) / 10
	}
	return l
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// MatCells lists, for `calibrate show`, the cells of every mat in view
// with their colour: what the calibration reads there now.
func (s *Scanner) MatCells(frame gocv.Mat, codes []qr.Tableref) ([]ColourCell, []Problem, error) {
	sc := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{}}, Plane: PlaneNone}
	if err := s.colourZones(sc, frame, codes); err != nil {
		return nil, nil, err
	}
	return sc.Colours, sc.Problems, nil
}
