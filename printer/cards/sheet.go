package cards

import (
	"fmt"
	"io"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/pdf"
)

// Sheet says how a set goes on paper.
type Sheet struct {
	Paper layout.Paper
	Card  layout.Size
	Bleed float64
	// CutLines draws full lines along every cut instead of crop marks in
	// the margin.
	CutLines bool
	// NoBacks prints the fronts only (for one-sided printing).
	NoBacks bool
	// BackDX, BackDY move every back page by the printer's duplex error,
	// as read from the duplex calibration page (mm).
	BackDX, BackDY float64
	// DuplexTest puts the duplex calibration sheet first.
	DuplexTest bool
	// Cols, Rows is the grid of cards per page (0: 3×3).
	Cols, Rows int
}

// DefaultBleed is the bleed a deck gets unless told otherwise: each card,
// front and back, keeps 1 mm of its own background past the cut, with a
// 2 mm gutter to the next, so a duplex printer that shifts the backs by up
// to a millimetre shows nothing of a neighbour; 3×3 poker cards still
// leave 4 mm margins on Letter.
const DefaultBleed = 1.0

// AutoBleed is DefaultBleed, or less where the paper has no room for it
// (3×3 poker cards on Letter get 0.5 mm), keeping every margin at least
// layout.MinMargin; 0 when even no bleed leaves too little.
func AutoBleed(p layout.Paper, card layout.Size, cols, rows int) float64 {
	for _, b := range []float64{DefaultBleed, 0.75, 0.5, 0.25} {
		s := Sheet{Paper: p, Card: card, Bleed: b, Cols: cols, Rows: rows}
		if _, err := s.Grid(); err == nil && len(s.Warnings()) == 0 {
			return b
		}
	}
	return 0
}

// Warnings says what may not print well on a home printer: margins under
// layout.MinMargin (measured to the outer edge of the bleed, which must
// print too), with what to do about it.
func (s Sheet) Warnings() []string {
	g, err := s.Grid()
	if err != nil {
		return nil
	}
	mx, my := g.X0-g.Bleed, g.Y0-g.Bleed
	if m := min(mx, my); m < layout.MinMargin-1e-9 {
		fix := "print with --bleed 0"
		if g.Bleed == 0 {
			fix = "print fewer cards per page"
		}
		if mx < layout.MinMargin && g.Cols > 1 {
			fix += fmt.Sprintf(" or with %d columns (--cols %d)", g.Cols-1, g.Cols-1)
		} else if my < layout.MinMargin && g.Rows > 1 {
			fix += fmt.Sprintf(" or with %d rows (--rows %d)", g.Rows-1, g.Rows-1)
		}
		return []string{fmt.Sprintf("warning: %d×%d cards of %g×%g mm with %g mm bleed leave %.1f mm margins on %s paper: most home printers cannot print the outer %g mm, so the cards' edges and bleed may not print; %s",
			g.Cols, g.Rows, g.Card.W, g.Card.H, g.Bleed, m, s.Paper.Name, layout.MinMargin, fix)}
	}
	return nil
}

// markWidth is the line width of crop marks and cut lines: thin, but well
// above a hairline so every printer shows it.
const markWidth = 0.25

// Grid is the card grid the sheet uses.
func (s Sheet) Grid() (layout.Cards, error) {
	card := s.Card
	if card.W == 0 {
		card = layout.Poker
	}
	cols, rows := s.Cols, s.Rows
	if cols == 0 {
		cols = 3
	}
	if rows == 0 {
		rows = 3
	}
	return layout.NewCards(s.Paper, card, cols, rows, s.Bleed)
}

// Write renders set as a PDF: for every 9 cards a page of fronts, then (for
// long-edge duplex) a page of their backs, mirrored.
func (s Sheet) Write(set *Set, w io.Writer) (pages int, err error) {
	g, err := s.Grid()
	if err != nil {
		return 0, err
	}
	doc := pdf.New(s.Paper.W, s.Paper.H, set.Name+" — tableref print-and-play")
	if s.DuplexTest {
		DuplexCalibration(doc, s.Paper)
	}
	per := g.PerPage()
	sheets := (len(set.Cards) + per - 1) / per
	for sh := 0; sh < sheets; sh++ {
		batch := set.Cards[sh*per : min(len(set.Cards), (sh+1)*per)]
		page := doc.Page()
		for i, card := range batch {
			at := g.Front(i)
			card.Front(draw.Offset(page, at.X, at.Y), g.Card, s.Bleed)
		}
		if s.CutLines {
			page.Fill(g.CutLines(markWidth), draw.Grey)
		} else {
			page.Fill(g.CropMarks(markWidth), draw.Black)
		}
		side := "fronts"
		if !s.NoBacks {
			side = "fronts (print double-sided, flip on long edge)"
		}
		banner(page, g, fmt.Sprintf("%s · sheet %d/%d · %s · print at actual size (100 %%)", set.Name, sh+1, sheets, side))
		if s.NoBacks {
			continue
		}
		back := doc.Page()
		for i, card := range batch {
			at := g.Back(i, s.BackDX, s.BackDY)
			card.Back(draw.Offset(back, at.X, at.Y), g.Card, s.Bleed)
		}
	}
	if err := doc.Write(w); err != nil {
		return 0, err
	}
	return doc.Pages(), nil
}

// banner writes one line in the top margin when there is room for it.
func banner(c draw.Canvas, g layout.Cards, text string) {
	top := g.Y0 - g.Bleed
	// Below the paper's dead border, above the crop marks' 6 mm.
	if top < layout.MinMargin+9 {
		return
	}
	y := layout.MinMargin + 2.6
	c.Text(g.Paper.W/2, y, draw.Regular, draw.Fit(draw.Regular, 7, 5, g.Paper.W-2*layout.MinMargin, text), draw.Center, text, draw.Grey)
}
