package scanner_test

import (
	"image"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/geom"
)

// TestAnnotateMarksUnknownColours: a board square whose colour was not
// read for sure is marked on `scan --annotate`'s picture in the problem
// red with a "?", so the user finds the square the missing score names; a
// square read as a colour is drawn in the grid's white with its letter.
func TestAnnotateMarksUnknownColours(t *testing.T) {
	frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 90, 90, 0), 400, 400, gocv.MatTypeCV8UC3)
	defer frame.Close()
	cell := geom.Rect(150, 150, 250, 250)
	red := func(unknown bool) int {
		t.Helper()
		c := scanner.ColourCell{Zone: "board:p1", Pos: rules.Pos{Row: 2, Col: 3}, Quad: cell, Unknown: unknown}
		if !unknown {
			c.Colour = "B"
		}
		out, err := scanner.Annotate(frame, &scanner.Scan{Colours: []scanner.ColourCell{c}}, scanner.Notes{})
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		roi := out.Region(image.Rect(140, 140, 260, 260))
		defer roi.Close()
		n := 0
		for y := 0; y < roi.Rows(); y++ {
			for x := 0; x < roi.Cols(); x++ {
				v := roi.GetVecbAt(y, x) // B, G, R
				if v[2] > 200 && v[1] < 120 && v[0] < 120 {
					n++
				}
			}
		}
		return n
	}
	unknown, known := red(true), red(false)
	if unknown < 100 || known != 0 {
		t.Errorf("problem-red pixels at the square: %d when unknown (want its outline and '?'), %d when read (want 0)", unknown, known)
	}
}
