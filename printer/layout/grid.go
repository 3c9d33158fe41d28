package layout

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/rules"
)

// Poker is the default card size, 63.5 × 88.9 mm (2.5 × 3.5 in).
var Poker = Size{rules.PokerCardMM[0], rules.PokerCardMM[1]}

// Size is a card's trimmed size in millimetres.
type Size struct{ W, H float64 }

// Cards is a page of Cols×Rows cards.
type Cards struct {
	Paper      Paper
	Card       Size
	Cols, Rows int
	// Bleed is how far each card's background runs past its cut line.
	// Cards with bleed are spaced 2×Bleed apart so each keeps its own.
	Bleed float64
	// X0, Y0 is the top-left corner of the first card's trim box.
	X0, Y0 float64
}

// NewCards centres a cols×rows grid of cards on the paper, or says why
// it does not fit within the printable area.
func NewCards(p Paper, card Size, cols, rows int, bleed float64) (Cards, error) {
	if card.W <= 0 || card.H <= 0 {
		return Cards{}, fmt.Errorf("card size %g×%g mm: must be positive", card.W, card.H)
	}
	if bleed < 0 || bleed > 5 {
		return Cards{}, fmt.Errorf("bleed %g mm: want 0 to 5", bleed)
	}
	c := Cards{Paper: p, Card: card, Cols: cols, Rows: rows, Bleed: bleed}
	w, h := c.extent()
	c.X0, c.Y0 = (p.W-w)/2, (p.H-h)/2
	// The outer bleed may run into the unprintable edge (it is cut off
	// anyway); the cards themselves must print whole.
	if c.X0 < MinTrimMargin || c.Y0 < MinTrimMargin {
		return Cards{}, fmt.Errorf("%d×%d cards of %g×%g mm with %g mm bleed span %.1f×%.1f mm: too much for %s paper, whose outer %g mm may not print (try less bleed, or the other paper)",
			cols, rows, card.W, card.H, bleed, w, h, p.Name, MinTrimMargin)
	}
	return c, nil
}

// extent is the size from the first card's trim edge to the last one's.
func (c Cards) extent() (w, h float64) {
	gap := 2 * c.Bleed
	return float64(c.Cols)*c.Card.W + float64(c.Cols-1)*gap, float64(c.Rows)*c.Card.H + float64(c.Rows-1)*gap
}

// PerPage is how many cards one page holds.
func (c Cards) PerPage() int { return c.Cols * c.Rows }

// Front is the top-left corner of the trim box of the i-th card of a page
// (row by row from the top left).
func (c Cards) Front(i int) draw.Pt {
	col, row := i%c.Cols, i/c.Cols
	gap := 2 * c.Bleed
	return draw.Pt{X: c.X0 + float64(col)*(c.Card.W+gap), Y: c.Y0 + float64(row)*(c.Card.H+gap)}
}

// Back is where the back of the i-th card goes on the following page for
// long-edge duplex: the sheet turns over about its vertical axis, so the
// back is the front's position mirrored left to right, then moved by the
// printer's measured duplex offset (dx, dy), in back-page coordinates.
func (c Cards) Back(i int, dx, dy float64) draw.Pt {
	f := c.Front(i)
	return draw.Pt{X: c.Paper.W - f.X - c.Card.W + dx, Y: f.Y + dy}
}

// CropMarks are short lines in the page margin that extend every cut line
// of the grid, kept clear of the bleed.
func (c Cards) CropMarks(width float64) draw.Path {
	w, h := c.extent()
	clear := c.Bleed + 1
	length := 6.0
	var p draw.Path
	xs, ys := c.cutXs(), c.cutYs()
	top, bottom := c.Y0-clear, c.Y0+h+clear
	left, right := c.X0-clear, c.X0+w+clear
	// A mark shorter than 2 mm cannot be lined up with a ruler: leave it out.
	mark := func(a, b draw.Pt) {
		if math.Hypot(b.X-a.X, b.Y-a.Y) >= 2 {
			p = append(p, draw.Line(a, b, width)...)
		}
	}
	for _, x := range xs {
		mark(draw.Pt{X: x, Y: top}, draw.Pt{X: x, Y: max(top-length, MinMargin)})
		mark(draw.Pt{X: x, Y: bottom}, draw.Pt{X: x, Y: min(bottom+length, c.Paper.H-MinMargin)})
	}
	for _, y := range ys {
		if left-MinMargin >= 2 {
			mark(draw.Pt{X: left, Y: y}, draw.Pt{X: max(left-length, MinMargin), Y: y})
			mark(draw.Pt{X: right, Y: y}, draw.Pt{X: min(right+length, c.Paper.W-MinMargin), Y: y})
		}
	}
	// With bleed, the gutters between cards are waste: mark the cuts there
	// too, so the horizontal cuts stay marked when the side margins are too
	// narrow for marks.
	if c.Bleed > 0 {
		for col := 1; col < c.Cols; col++ {
			gx := c.Front(col).X - 2*c.Bleed
			for _, y := range ys {
				p = append(p, draw.Line(draw.Pt{X: gx + 0.5, Y: y}, draw.Pt{X: gx + 2*c.Bleed - 0.5, Y: y}, width)...)
			}
		}
		for row := 1; row < c.Rows; row++ {
			gy := c.Front(row*c.Cols).Y - 2*c.Bleed
			for _, x := range xs {
				p = append(p, draw.Line(draw.Pt{X: x, Y: gy + 0.5}, draw.Pt{X: x, Y: gy + 2*c.Bleed - 0.5}, width)...)
			}
		}
	}
	return p
}

// CutLines are lines along every cut, across the whole grid, for cutting
// with a ruler or a trimmer without marks to line up.
func (c Cards) CutLines(width float64) draw.Path {
	w, h := c.extent()
	var p draw.Path
	for _, x := range c.cutXs() {
		p = append(p, draw.Line(draw.Pt{X: x, Y: c.Y0 - c.Bleed}, draw.Pt{X: x, Y: c.Y0 + h + c.Bleed}, width)...)
	}
	for _, y := range c.cutYs() {
		p = append(p, draw.Line(draw.Pt{X: c.X0 - c.Bleed, Y: y}, draw.Pt{X: c.X0 + w + c.Bleed, Y: y}, width)...)
	}
	return p
}

// cutXs are the x positions of all vertical cuts, left to right.
func (c Cards) cutXs() []float64 {
	var xs []float64
	for col := 0; col < c.Cols; col++ {
		x := c.Front(col).X
		xs = append(xs, x, x+c.Card.W)
	}
	return dedupe(xs)
}

// cutYs are the y positions of all horizontal cuts, top to bottom.
func (c Cards) cutYs() []float64 {
	var ys []float64
	for row := 0; row < c.Rows; row++ {
		y := c.Front(row * c.Cols).Y
		ys = append(ys, y, y+c.Card.H)
	}
	return dedupe(ys)
}

// dedupe drops the shared cut of touching cards (no bleed).
func dedupe(v []float64) []float64 {
	out := v[:0:0]
	for _, x := range v {
		if len(out) > 0 && x-out[len(out)-1] < 1e-9 {
			continue
		}
		out = append(out, x)
	}
	return out
}
