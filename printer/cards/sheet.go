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
	return layout.NewCards(s.Paper, card, 3, 3, s.Bleed)
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
