// Package stickers prints QR stickers for the real boxed games on label
// sheets: one sticker per physical card side the camera must read, each
// with a tiny label naming the card it goes on.
package stickers

import (
	"fmt"
	"io"
	"strings"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/pdf"
	"github.com/tableref/tableref/printer/qrpath"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/strangeworld"
)

// Sticker is one label to print.
type Sticker struct {
	Payload string
	Label   string // which card (and side) it belongs on
}

// Version is the QR version of every sticker. Stickers use level H (they
// get scuffed, and may be stuck a little over a printed edge), and at H a
// tableref payload of up to 16 characters needs version 2 (25×25 modules):
// version 1-H holds only 10 alphanumeric characters. One version for all
// keeps every code on a sheet the same size.
const Version = 2

// Options say how the stickers go on the sheet.
type Options struct {
	Sheet layout.Labels
	// Start is the 1-based label the first sticker goes on, so a part-used
	// sheet can be fed again.
	Start int
	// DX, DY shift everything to correct a printer that places the page
	// a little off (mm, right and down positive).
	DX, DY float64
	// Outlines draws each label's outline faintly: for plain sticker paper
	// cut by hand, or to check alignment on ordinary paper first.
	Outlines bool
}

// StrangeWorld is every sticker a physical Strange World box needs: one per
// card front, a Tzimime back for every Land card, both faces of the Dark
// Cities and the Sun (the list comes from the engine's catalogue).
func StrangeWorld() []Sticker {
	var out []Sticker
	for _, s := range strangeworld.Stickers() {
		out = append(out, Sticker{Payload: rules.CardPayload(s.Card).String(), Label: s.Label})
	}
	return out
}

// Layout is where the parts of a sticker go within its label.
type Layout struct {
	Module     float64 // QR module size
	QR         draw.Pt // symbol's top-left corner (quiet zone outside it)
	Text       draw.Pt // top-left of the label text
	TextW      float64
	TextBelow  bool
	SymbolSide float64
}

// pad keeps the code off the die-cut edge, which wanders by ±1 mm.
const pad = 1.0

// Plan fits a sticker into a w×h label: the code as big as possible with its
// quiet zone, and the text beside it (wide labels) or under it.
func Plan(w, h float64) Layout {
	n, full := float64(17+4*Version), float64(17+4*Version+2*qrpath.QuietZone)
	q := float64(qrpath.QuietZone)
	if w-h >= 16 {
		m := (h - 2*pad) / full
		return Layout{Module: m, QR: draw.Pt{X: pad + q*m, Y: pad + q*m}, Text: draw.Pt{X: pad + full*m, Y: pad + 3},
			TextW: w - full*m - 2*pad, SymbolSide: n * m}
	}
	m := min(w-2*pad, h-2*pad-7) / full
	return Layout{Module: m, QR: draw.Pt{X: (w - n*m) / 2, Y: pad + q*m}, Text: draw.Pt{X: pad, Y: pad + full*m + 2.5},
		TextW: w - 2*pad, TextBelow: true, SymbolSide: n * m}
}

// Write prints the stickers and returns the number of pages and the
// module size used (for the camera check).
func Write(list []Sticker, opt Options, w io.Writer) (pages int, module float64, err error) {
	l := opt.Sheet
	if err := l.Validate(); err != nil {
		return 0, 0, err
	}
	slots, err := l.Slots(len(list), max(opt.Start, 1))
	if err != nil {
		return 0, 0, err
	}
	plan := Plan(l.W, l.H)
	doc := pdf.New(l.Paper.W, l.Paper.H, "tableref stickers")
	var page draw.Canvas
	sheet := -1
	for i, s := range list {
		if slots[i][0] != sheet {
			sheet = slots[i][0]
			page = doc.Page()
			if opt.Outlines {
				for k := 0; k < l.PerSheet(); k++ {
					at := l.Pos(k, opt.DX, opt.DY)
					page.Fill(draw.Frame(at.X, at.Y, l.W, l.H, 0.1), draw.RGB(200, 200, 200))
				}
			}
		}
		at := l.Pos(slots[i][1], opt.DX, opt.DY)
		if err := one(draw.Offset(page, at.X, at.Y), s, plan); err != nil {
			return 0, 0, err
		}
	}
	if err := doc.Write(w); err != nil {
		return 0, 0, err
	}
	return doc.Pages(), plan.Module, nil
}

func one(c draw.Canvas, s Sticker, p Layout) error {
	g, err := qrpath.EncodeVersion(s.Payload, Version, qrpath.H)
	if err != nil {
		return err
	}
	draw.QR(c, g, p.QR.X, p.QR.Y, p.Module)
	size := 6.5
	lines := wrap(s.Label, p.TextW, size, 3)
	y := p.Text.Y
	x, align := p.Text.X, draw.Left
	if p.TextBelow {
		x, align = p.Text.X+p.TextW/2, draw.Center
	}
	for _, line := range lines {
		c.Text(x, y, draw.Bold, size, align, line, draw.Black)
		y += size * draw.PtToMM * 1.25
	}
	// The code's own body, so a sticker can be checked against a list.
	body := s.Payload
	if p, err := rules.ParsePayload(s.Payload); err == nil && p.Kind == rules.KindCard {
		body = p.Card.String()
	}
	c.Text(x, y+0.5, draw.Regular, 5, align, body, draw.Grey)
	return nil
}

// wrap breaks text into at most n lines of width w; the last line is cut
// with an ellipsis if the text is longer.
func wrap(text string, w, size float64, n int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		try := strings.TrimSpace(cur + " " + word)
		if cur != "" && draw.Width(draw.Bold, size, try) > w {
			lines = append(lines, cur)
			cur = word
			continue
		}
		cur = try
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] += "…"
	}
	for i, l := range lines {
		for draw.Width(draw.Bold, size, l) > w && len([]rune(l)) > 1 {
			r := []rune(l)
			l = string(r[:len(r)-2]) + "…"
		}
		lines[i] = l
	}
	return lines
}

// Describe is a one-line summary for the command line.
func Describe(n int, opt Options) string {
	per := opt.Sheet.PerSheet()
	sheets := (max(opt.Start, 1) - 1 + n + per - 1) / per
	return fmt.Sprintf("%d stickers on %d %s sheet(s), starting at label %d", n, sheets, opt.Sheet.Name, max(opt.Start, 1))
}
