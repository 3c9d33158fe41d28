package cards

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/printer/art"
	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// Colours of the geography cards.
var (
	blueEdge  = draw.RGB(31, 95, 168)   // Where is That? city cards
	startEdge = draw.RGB(200, 200, 200) // starting cities: white edge, outlined
	monEdge   = draw.RGB(168, 116, 31)  // landmarks
	mapitEdge = draw.RGB(214, 92, 36)
	nsoeEdge  = draw.RGB(22, 128, 120)
	green     = draw.RGB(19, 138, 54)
	dark      = draw.RGB(34, 34, 34)
	soft      = draw.RGB(110, 110, 110)
	dotRed    = draw.RGB(210, 30, 30)
)

// edgeMM is the width of the coloured frame inside the cut line.
const edgeMM = rules.PrintedFrameMM

// frame paints the card background: white inside a coloured frame that runs
// into the bleed, so a slightly-off cut still shows the frame.
func frame(c draw.Canvas, s layout.Size, bleed float64, col draw.Color) {
	c.Fill(draw.Rect(-bleed, -bleed, s.W+2*bleed, s.H+2*bleed), col)
	c.Fill(draw.Rect(edgeMM, edgeMM, s.W-2*edgeMM, s.H-2*edgeMM), draw.White)
}

// footer writes the card ID and side small at the bottom, for sorting a
// freshly cut stack and matching a card to its code.
func footer(c draw.Canvas, s layout.Size, text string) {
	c.Text(s.W-edgeMM-1.5, s.H-edgeMM-1.5, draw.Regular, 5.5, draw.Right, text, soft)
}

// circleR is the radius of Where is That?'s half-circles on a card s wide.
func circleR(s layout.Size) float64 { return rules.PrintedCircleMM(s.W) }

// CodeBox is where a card's code goes, the same on both sides of every
// geography card: centred left to right, low on the card with its quiet
// zone clear of the bottom half-circle (Where is That?) and the side marks
// (Map It!), leaving the upper part of the face to the art. X, Y is the
// code's centre, Side the code with its quiet zone, Module its module.
type CodeBox struct{ X, Y, Side, Module float64 }

// Code places a code of the wanted module on a card of size s, shrinking
// the module if the card is too small for it (rules.PrintedCodeOn, which
// learn reads the printed text with).
func Code(s layout.Size, module float64) CodeBox {
	p := rules.PrintedCodeOn([2]float64{s.W, s.H}, module)
	return CodeBox{X: p.CentreMM[0], Y: p.CentreMM[1], Side: p.SideMM, Module: p.ModuleMM}
}

// Top is the upper edge of the code's quiet zone.
func (b CodeBox) Top() float64 { return b.Y - b.Side/2 }

// draw prints payload in the box.
func (b CodeBox) draw(c draw.Canvas, payload string) {
	codeArea(c, payload, b.X, b.Y, b.Side, b.Module)
}

// frontStyle is what a deck's name side shows besides the name.
type frontStyle struct {
	edge    draw.Color
	bars    bool // Map It! beginner cards: black bars around the name
	country bool // the country under the name (not on Nord Sud Ovest Est, whose name side hides it)
	flag    bool // the country's flag
	skyline bool // Nord Sud Ovest Est's skyline picture
}

// geoFront is the name side of the geography decks: name, country and
// flag (or a skyline), and the code.
func geoFront(card geo.Card, fs frontStyle, st Style) Face {
	front, _ := Payloads(card.ID)
	return func(c draw.Canvas, s layout.Size, bleed float64) {
		frame(c, s, bleed, fs.edge)
		box := Code(s, st.Module)
		inner := s.W - 2*edgeMM - 6
		size := draw.Fit(draw.Bold, 16, 7, inner, card.Name)
		base := edgeMM + 3.5 + size*draw.PtToMM*0.75
		if fs.bars {
			for _, y := range []float64{base - size*draw.PtToMM*0.75 - 2, base + 2} {
				c.Fill(draw.Rect(edgeMM+3, y, s.W-2*edgeMM-6, 0.9), draw.Black)
			}
		}
		c.Text(s.W/2, base, draw.Bold, size, draw.Center, card.Name, dark)
		top := base + 3
		if fs.country {
			csize := draw.Fit(draw.Regular, 9, 6, inner, card.Country)
			top = base + 3 + csize*draw.PtToMM
			c.Text(s.W/2, top, draw.Regular, csize, draw.Center, card.Country, soft)
			top += 2.5
		}
		artH := box.Top() - 1 - top
		switch {
		case fs.flag && artH > 6:
			flag(c, card.Country, s.W/2, top, s.W-2*edgeMM-8, artH)
		case fs.skyline && artH > 6:
			skyline(c, edgeMM+3, top, s.W-2*edgeMM-6, artH, fs.edge, card.ID.Num)
		}
		box.draw(c, front)
		footer(c, s, card.ID.String())
	}
}

// flag draws the country's flag centred at x, as large as fits w×h, with
// a thin outline so white stripes keep their edge; a country without a
// flag gets none.
func flag(c draw.Canvas, country string, x, y, w, h float64) {
	png, code, ok := art.Flag(country)
	if !ok {
		return
	}
	fw := math.Min(w, h/art.FlagAspect)
	fh := fw * art.FlagAspect
	fx, fy := x-fw/2, y+(h-fh)/2
	c.Fill(draw.Frame(fx-0.2, fy-0.2, fw+0.4, fh+0.4, 0.2), draw.RGB(170, 170, 170))
	c.Image("flag-"+code, png, fx, fy, fw, fh)
}

// skyline draws a city silhouette along the bottom of the box, in the
// spirit of Nord Sud Ovest Est's skyline pictures; n varies the towers
// from card to card.
func skyline(c draw.Canvas, x, y, w, h float64, col draw.Color, n int) {
	pale := draw.RGB(uint8(255-(255-int(col.R))/4), uint8(255-(255-int(col.G))/4), uint8(255-(255-int(col.B))/4))
	c.Fill(draw.Rect(x, y, w, h), pale)
	base := y + h
	var poly []draw.Pt
	poly = append(poly, draw.Pt{X: x, Y: base})
	seed := uint32(n)*2654435761 + 12345
	rnd := func() float64 {
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return float64(seed%1000) / 1000
	}
	for px := x; px < x+w; {
		bw := 3 + rnd()*5
		bh := h * (0.25 + rnd()*0.6)
		if px+bw > x+w {
			bw = x + w - px
		}
		top := base - bh
		poly = append(poly, draw.Pt{X: px, Y: top})
		if rnd() > 0.7 { // a spire
			poly = append(poly, draw.Pt{X: px + bw/2, Y: math.Max(y, top-h*0.2)})
		}
		poly = append(poly, draw.Pt{X: px + bw, Y: top})
		px += bw
	}
	poly = append(poly, draw.Pt{X: x + w, Y: base})
	c.Fill(draw.Path{poly}, col)
}

// degrees writes a coordinate as Map It! prints it: two decimals and the
// hemisphere letter.
func degrees(v float64, pos, neg string) string {
	h := pos
	if v < 0 {
		h, v = neg, -v
	}
	return fmt.Sprintf("%.2f° %s", v, h)
}
