package cards

import (
	"fmt"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/pdf"
)

// DuplexCalibration adds a front page with crosshairs and a back page with
// millimetre scales at the same places (mirrored for long-edge duplex).
// Held against the light, each front crosshair falls on the back's scales
// at the offset to pass as --back-offset-x/-y: the scales are numbered in
// back-page coordinates with the correction's sign, so the reading is the
// value to use.
func DuplexCalibration(doc *pdf.Doc, p layout.Paper) {
	// The corner crosses sit low enough that their 25 mm arms end below
	// the instruction line (baseline 21 mm): at 45 mm they ran through it.
	spots := []draw.Pt{{X: p.W / 2, Y: p.H / 2}, {X: 40, Y: 55}, {X: p.W - 40, Y: 55}, {X: 40, Y: p.H - 55}, {X: p.W - 40, Y: p.H - 55}}
	front := doc.Page()
	title(front, p, "Duplex test — front. Print this page and the next double-sided (flip on long edge), at 100 %.")
	note(front, p, "Hold the sheet against a light, back side towards you: read on each scale where this page's cross falls.")
	for _, s := range spots {
		front.Fill(draw.Line(draw.Pt{X: s.X - 25, Y: s.Y}, draw.Pt{X: s.X + 25, Y: s.Y}, 0.3), draw.Black)
		front.Fill(draw.Line(draw.Pt{X: s.X, Y: s.Y - 25}, draw.Pt{X: s.X, Y: s.Y + 25}, 0.3), draw.Black)
		front.Fill(draw.Ring(s.X, s.Y, 3, 0.3), draw.Black)
	}
	back := doc.Page()
	title(back, p, "Duplex test — back. Read the numbers under the front's cross lines:")
	note(back, p, "horizontal scale → --back-offset-x, vertical scale → --back-offset-y (mm). 0 and 0: no offset needed.")
	for _, s := range spots {
		// The back of a point at x lies at W−x on this page.
		scales(back, draw.Pt{X: p.W - s.X, Y: s.Y})
	}
}

// scales draws a horizontal and a vertical millimetre scale from −10 to
// +10 centred at o. Reading r under the front's line means the back printed
// −r away from where it should, so r is the correction.
func scales(c draw.Canvas, o draw.Pt) {
	red := draw.RGB(200, 30, 30)
	for mm := -10; mm <= 10; mm++ {
		l := 1.5
		if mm%5 == 0 {
			l = 3
		}
		x := o.X + float64(mm)
		c.Fill(draw.Line(draw.Pt{X: x, Y: o.Y + 6}, draw.Pt{X: x, Y: o.Y + 6 + l}, 0.15), red)
		y := o.Y + float64(mm)
		c.Fill(draw.Line(draw.Pt{X: o.X + 6, Y: y}, draw.Pt{X: o.X + 6 + l, Y: y}, 0.15), red)
		if mm%5 == 0 {
			c.Text(x, o.Y+12.5, draw.Regular, 5, draw.Center, fmt.Sprint(mm), red)
			c.Text(o.X+10, y+0.7, draw.Regular, 5, draw.Left, fmt.Sprint(mm), red)
		}
	}
}

func title(c draw.Canvas, p layout.Paper, s string) {
	c.Text(p.W/2, 15, draw.Bold, draw.Fit(draw.Bold, 10, 6, p.W-20, s), draw.Center, s, draw.Black)
}

func note(c draw.Canvas, p layout.Paper, s string) {
	c.Text(p.W/2, 21, draw.Regular, draw.Fit(draw.Regular, 8, 5, p.W-20, s), draw.Center, s, draw.Black)
}
