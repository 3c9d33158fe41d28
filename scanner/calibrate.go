package scanner

import (
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/qr"
)

// MatCells lists, for `calibrate show`, the cells of every mat in view
// with their colour: what the calibration reads there now.
func (s *Scanner) MatCells(frame gocv.Mat, codes []qr.Tableref) ([]ColourCell, []Problem, error) {
	sc := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{}}, Plane: PlaneNone}
	if err := s.colourZones(sc, frame, codes); err != nil {
		return nil, nil, err
	}
	return sc.Colours, sc.Problems, nil
}
