package markers

import (
	"fmt"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/pdf"
	"github.com/tableref/tableref/rules"
)

// CalibrationSpan returns the distances between the centres of the
// calibration codes on paper p: the west–east and north–south spans,
// whole millimetres so they are easy to check with a ruler.
func CalibrationSpan(p layout.Paper, module float64) (we, ns float64) {
	q := withQuiet(module)
	return float64(int(p.W - 2*layout.MinMargin - q)), float64(int(p.H - 2*layout.MinMargin - q - 24))
}

// calibration is one page: four corner codes whose centres are a known
// distance apart, and a 100 mm scale bar to check the print is at 100 %.
func calibration(doc *pdf.Doc, opt Options) error {
	p := opt.Paper
	c := doc.Page()
	we, ns := CalibrationSpan(p, opt.Module)
	cx, cy := p.W/2, p.H/2+6
	side := 21 * opt.Module
	for _, k := range corners {
		x, y := cx-we/2, cy-ns/2
		if k == rules.NE || k == rules.SE {
			x = cx + we/2
		}
		if k == rules.SE || k == rules.SW {
			y = cy + ns/2
		}
		if _, err := code(c, rules.Marker{Type: rules.MarkerCalibration, Corner: k}, x-side/2, y-side/2, opt.Module); err != nil {
			return err
		}
	}
	heading(c, p, "tableref calibration sheet", "Print at actual size (100 %, no \"fit to page\"). Lay it flat in the middle of the table, top edge away from the camera.")
	lines := []string{
		fmt.Sprintf("Code centres: %.0f mm apart west–east, %.0f mm north–south.", we, ns),
		"Check the scale bar with a ruler: it must measure exactly 100 mm.",
		"If it does not, your printer scaled the page: print again at 100 %.",
	}
	for i, l := range lines {
		c.Text(cx, cy-22+float64(i)*5, draw.Regular, 9, draw.Center, l, draw.Black)
	}
	scaleBar(c, cx-50, cy+8)
	return nil
}

// scaleBar draws a 100 mm bar with millimetre ticks, starting at (x, y).
func scaleBar(c draw.Canvas, x, y float64) {
	c.Fill(draw.Line(draw.Pt{X: x, Y: y}, draw.Pt{X: x + 100, Y: y}, 0.3), draw.Black)
	for mm := 0; mm <= 100; mm++ {
		l := 2.0
		switch {
		case mm%10 == 0:
			l = 5
		case mm%5 == 0:
			l = 3.5
		}
		c.Fill(draw.Line(draw.Pt{X: x + float64(mm), Y: y}, draw.Pt{X: x + float64(mm), Y: y - l}, 0.15), draw.Black)
		if mm%10 == 0 {
			c.Text(x+float64(mm), y+3.5, draw.Regular, 6, draw.Center, fmt.Sprint(mm/10), draw.Black)
		}
	}
	c.Text(x+50, y+8, draw.Bold, 8, draw.Center, "100 mm (cm marks numbered)", draw.Black)
}

// players prints one big marker per player, two columns, to lay beside
// each player's area.
func players(doc *pdf.Doc, opt Options) error {
	if opt.Players < 1 || opt.Players > 6 {
		return fmt.Errorf("players %d: want 1 to 6", opt.Players)
	}
	p := opt.Paper
	c := doc.Page()
	heading(c, p, "Player markers", "Cut out and lay each beside its player's area, text towards the player.")
	q := withQuiet(opt.Module)
	tileW, tileH := q+10, q+14
	for i := 0; i < opt.Players; i++ {
		x := p.W/2 - tileW - 5 + float64(i%2)*(tileW+10)
		y := layout.MinMargin + 22 + float64(i/2)*(tileH+6)
		c.Fill(draw.Frame(x, y, tileW, tileH, 0.2), draw.Grey)
		m := rules.Marker{Type: rules.MarkerPlayer, Player: i + 1}
		if _, err := code(c, m, x+5+4*opt.Module, y+3+4*opt.Module, opt.Module); err != nil {
			return err
		}
		c.Text(x+tileW/2, y+tileH-4, draw.Bold, 14, draw.Center, fmt.Sprintf("Player %d", i+1), draw.Black)
	}
	return nil
}

// boards prints the four corner codes of each city board (Shake That
// City). Each tile has a corner bracket where it touches the board.
func boards(doc *pdf.Doc, opt Options) error {
	n := min(max(opt.Players, 1), 4)
	p := opt.Paper
	c := doc.Page()
	heading(c, p, "Shake That City: city-board corners", "Cut out; put each tile at its board's corner with the bracket touching the corner, text outside.")
	q := withQuiet(opt.Module)
	tile := q + 2
	gap := (p.W - 2*layout.MinMargin - 4*tile) / 3
	for b := 1; b <= n; b++ {
		for i, k := range corners {
			x := layout.MinMargin + float64(i)*(tile+gap)
			y := layout.MinMargin + 20 + float64(b-1)*(tile+10)
			if err := cornerTile(c, rules.Marker{Type: rules.MarkerBoard, Player: b, Corner: k}, x, y, tile, opt.Module,
				fmt.Sprintf("Board %d · %s corner", b, k)); err != nil {
				return err
			}
		}
	}
	return nil
}

// cornerTile draws a square tile with m's code and, at the tile corner
// that touches the board or mat, an L bracket; the label goes below.
func cornerTile(c draw.Canvas, m rules.Marker, x, y, tile, module float64, label string) error {
	c.Fill(draw.Frame(x, y, tile, tile, 0.15), draw.Grey)
	off := (tile - 21*module) / 2
	if _, err := code(c, m, x+off, y+off, module); err != nil {
		return err
	}
	// The NW tile touches the board's NW corner with its own SE corner.
	bx, by, sx, sy := x+tile, y+tile, -1.0, -1.0
	switch m.Corner {
	case rules.NE:
		bx, sx = x, 1
	case rules.SE:
		bx, by, sx, sy = x, y, 1, 1
	case rules.SW:
		by, sy = y, 1
	}
	c.Fill(draw.Line(draw.Pt{X: bx, Y: by}, draw.Pt{X: bx + sx*8, Y: by}, 1), draw.RGB(200, 30, 30))
	c.Fill(draw.Line(draw.Pt{X: bx, Y: by}, draw.Pt{X: bx, Y: by + sy*8}, 1), draw.RGB(200, 30, 30))
	c.Text(x+tile/2, y+tile+4, draw.Regular, 8, draw.Center, label, draw.Black)
	return nil
}

// ShakerCell is the side of one landing cell of the shaker mat: the
// shaker drops its 9 cubes in a 3×3 pattern about this far apart.
const ShakerCell = 30.0

// shaker prints the mat: corner codes around a 3×3 landing area where the
// shaker is lifted, so the scanner can rectify the mat and read the cubes.
func shaker(doc *pdf.Doc, opt Options) error {
	p := opt.Paper
	c := doc.Page()
	heading(c, p, "Shake That City: shaker mat", "Lay flat; lift the shaker over the grid so the 9 cubes land one per cell.")
	area := 3 * ShakerCell
	ax, ay := p.W/2-area/2, p.H/2-area/2+5
	for i := 0; i <= 3; i++ {
		o := float64(i) * ShakerCell
		c.Fill(draw.Line(draw.Pt{X: ax + o, Y: ay}, draw.Pt{X: ax + o, Y: ay + area}, 0.6), draw.Grey)
		c.Fill(draw.Line(draw.Pt{X: ax, Y: ay + o}, draw.Pt{X: ax + area, Y: ay + o}, 0.6), draw.Grey)
	}
	tile := withQuiet(opt.Module) + 2
	// The corner tiles sit diagonally off the landing area's corners.
	for _, k := range corners {
		x, y := ax-tile-4, ay-tile-4
		if k == rules.NE || k == rules.SE {
			x = ax + area + 4
		}
		if k == rules.SE || k == rules.SW {
			y = ay + area + 4
		}
		if err := cornerTile(c, rules.Marker{Type: rules.MarkerShaker, Corner: k}, x, y, tile, opt.Module, "Shaker mat · "+k.String()); err != nil {
			return err
		}
	}
	return nil
}
