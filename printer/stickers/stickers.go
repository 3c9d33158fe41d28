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
	// Icons are the card's banner icons (Strange World), drawn before the
	// label so the right card is found at a glance.
	Icons []strangeworld.Icon
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
	// Module is the code's module (0: as large as the label holds).
	Module float64
}

// StrangeWorld is every sticker a physical Strange World box needs: one per
// card front, a Tzimime back for every Land card, both faces of the Dark
// Cities and the Sun (the list comes from the engine's catalogue).
func StrangeWorld() []Sticker {
	var out []Sticker
	cat := strangeworld.Default()
	for _, s := range strangeworld.Stickers() {
		st := Sticker{Payload: rules.CardPayload(s.Card).String(), Label: s.Label}
		if card, ok := cat.Card(s.Card.ID.Num); ok && card.Type != nil && s.Card.Side == rules.Front && !s.Card.ID.Anonymous() {
			st.Icons = iconList(card.Type.Icons)
		}
		out = append(out, st)
	}
	return out
}

// iconList spells out icon counts, one entry per printed icon.
func iconList(c strangeworld.Icons) []strangeworld.Icon {
	var out []strangeworld.Icon
	for i, n := range c {
		for k := 0; k < n; k++ {
			out = append(out, strangeworld.Icon(i))
		}
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

// pad keeps the code off the die-cut edge, which wanders by ±0.5 mm.
const pad = rules.StickerPadMM

// textStrip is the height of the label text under a code.
const textStrip = rules.StickerTextMM

// symbolModules and fullModules are a version-2 code without and with its
// quiet zones, in modules.
const (
	symbolModules = 17 + 4*Version
	fullModules   = symbolModules + 2*qrpath.QuietZone
)

// MaxModule is the largest module a w×h label holds with its quiet zone
// and its text (beside the code on a wide label, under it otherwise).
func MaxModule(w, h float64) float64 {
	if w-h >= 16 {
		return (h - 2*pad) / fullModules
	}
	return min(w-2*pad, h-2*pad-textStrip) / fullModules
}

// Size is the smallest sticker (code, quiet zone and text under it) for a
// module: what a plain grid of stickers is cut to.
func Size(module float64) (w, h float64) { return rules.StickerSizeMM(module) }

// Plan puts a code of the given module into a w×h label (centred, with
// the text beside it on a wide label, under it otherwise); a module the
// label cannot hold shrinks to MaxModule.
func Plan(w, h, module float64) Layout {
	if module <= 0 || module > MaxModule(w, h) {
		module = MaxModule(w, h)
	}
	n, full := float64(symbolModules)*module, float64(fullModules)*module
	q := float64(qrpath.QuietZone) * module
	if w-h >= 16 {
		y := (h - full) / 2
		return Layout{Module: module, QR: draw.Pt{X: pad + q, Y: y + q}, Text: draw.Pt{X: pad + full, Y: y + 3},
			TextW: w - full - 2*pad, SymbolSide: n}
	}
	y := (h - full - textStrip) / 2
	return Layout{Module: module, QR: draw.Pt{X: (w - n) / 2, Y: y + q}, Text: draw.Pt{X: pad, Y: y + full + 2.2},
		TextW: w - 2*pad, TextBelow: true, SymbolSide: n}
}

// Write prints the stickers and returns the number of pages and the
// module size used (for the camera check). With guide set to a game, the
// game's "where to stick" page follows the sheets.
func Write(list []Sticker, opt Options, w io.Writer) (pages int, module float64, err error) {
	return WriteWithGuide(list, opt, "", w)
}

// WriteWithGuide is Write with the "where to stick" page of game ("" for
// none) after the sticker sheets.
func WriteWithGuide(list []Sticker, opt Options, game string, w io.Writer) (pages int, module float64, err error) {
	l := opt.Sheet
	if err := l.Validate(); err != nil {
		return 0, 0, err
	}
	slots, err := l.Slots(len(list), max(opt.Start, 1))
	if err != nil {
		return 0, 0, err
	}
	plan := Plan(l.W, l.H, opt.Module)
	doc := pdf.New(l.Paper.W, l.Paper.H, "tableref stickers")
	var page draw.Canvas
	sheet := -1
	for i, s := range list {
		if slots[i][0] != sheet {
			sheet = slots[i][0]
			page = doc.Page()
			if opt.Outlines || l.Plain {
				for k := 0; k < l.PerSheet(); k++ {
					at := l.Pos(k, opt.DX, opt.DY)
					page.Fill(draw.Frame(at.X, at.Y, l.W, l.H, 0.1), draw.RGB(170, 170, 170))
				}
			}
		}
		at := l.Pos(slots[i][1], opt.DX, opt.DY)
		if err := one(draw.Offset(page, at.X, at.Y), s, plan); err != nil {
			return 0, 0, err
		}
	}
	if game != "" {
		if err := Guide(doc, l.Paper, game, plan.Module); err != nil {
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
	size := 6.0
	x, tw := p.Text.X, p.TextW
	if len(s.Icons) > 0 {
		const icon = 4.2
		for i, ic := range s.Icons {
			Icon(c, ic, x+float64(i)*(icon+0.6), p.Text.Y-3.2, icon)
		}
		shift := float64(len(s.Icons))*(icon+0.6) + 0.4
		x, tw = x+shift, tw-shift
	}
	body := s.Payload
	if p, err := rules.ParsePayload(s.Payload); err == nil && p.Kind == rules.KindCard {
		body = p.Card.String()
	}
	lines := wrap(s.Label, tw-draw.Width(draw.Regular, 4.5, body)-1, size, 2)
	y := p.Text.Y
	for _, line := range lines {
		c.Text(x, y, draw.Bold, size, draw.Left, line, draw.Black)
		y += size * draw.PtToMM * 1.2
	}
	// The code's own body, so a sticker can be checked against a list.
	c.Text(p.Text.X+p.TextW, p.Text.Y, draw.Regular, 4.5, draw.Right, body, draw.Grey)
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
