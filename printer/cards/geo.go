package cards

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
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
	paleBlue  = draw.RGB(232, 240, 250)
	dotRed    = draw.RGB(210, 30, 30)
)

// bounds is the lat/lon window of a deck's mini-map.
type bounds struct{ north, south, west, east float64 }

var deckBounds = map[string]bounds{
	geo.DeckSA:     {14, -57, -83, -33},
	geo.DeckWorld:  {78, -58, -180, 180},
	geo.DeckEurope: {72, 34, -26, 46},
}

// edgeMM is the width of the coloured frame inside the cut line.
const edgeMM = 2.5

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

// geoFront is the name side shared by the geography decks: name, country,
// code. Map It! beginner cards get the black bars above and below the name.
func geoFront(card geo.Card, edge draw.Color, bars bool, st Style) Face {
	front, _ := Payloads(card.ID)
	return func(c draw.Canvas, s layout.Size, bleed float64) {
		frame(c, s, bleed, edge)
		inner := s.W - 2*edgeMM - 6
		size := draw.Fit(draw.Bold, 17, 7, inner, card.Name)
		base := edgeMM + 4 + size*draw.PtToMM*0.75
		if bars {
			for _, y := range []float64{base - size*draw.PtToMM*0.75 - 2, base + 2} {
				c.Fill(draw.Rect(edgeMM+3, y, s.W-2*edgeMM-6, 0.9), draw.Black)
			}
		}
		c.Text(s.W/2, base, draw.Bold, size, draw.Center, card.Name, dark)
		csize := draw.Fit(draw.Regular, 9, 6, inner, card.Country)
		top := base + 3.5 + csize*draw.PtToMM
		c.Text(s.W/2, top, draw.Regular, csize, draw.Center, card.Country, soft)
		area := s.H - top - edgeMM - 4
		codeArea(c, front, s.W/2, top+1+area/2, math.Min(area, s.W-2*edgeMM-2), st.Module)
		footer(c, s, card.ID.String())
	}
}

// miniMap draws a small equirectangular map window of the deck's area with
// the card's place as a red dot: enough to check a card at a glance. It
// fits in maxW×maxH with its bottom-left corner at (x, bottom).
func miniMap(c draw.Canvas, x, bottom, maxW, maxH float64, b bounds, lat, lon float64) {
	w := min(maxW, maxH/mapRatio(b))
	h := w * mapRatio(b)
	y := bottom - h
	c.Fill(draw.Rect(x, y, w, h), paleBlue)
	c.Fill(draw.Frame(x, y, w, h, 0.2), soft)
	px := func(lo float64) float64 { return x + w*(lo-b.west)/(b.east-b.west) }
	py := func(la float64) float64 { return y + h*(b.north-la)/(b.north-b.south) }
	// Graticule every 10° (30° on the world map), the equator darker.
	step := 10.0
	if b.east-b.west > 180 {
		step = 30
	}
	for la := math.Ceil(b.south/step) * step; la <= b.north; la += step {
		col := draw.RGB(190, 200, 215)
		if la == 0 {
			col = soft
		}
		c.Fill(draw.Line(draw.Pt{X: x, Y: py(la)}, draw.Pt{X: x + w, Y: py(la)}, 0.15), col)
	}
	for lo := math.Ceil(b.west/step) * step; lo <= b.east; lo += step {
		c.Fill(draw.Line(draw.Pt{X: px(lo), Y: y}, draw.Pt{X: px(lo), Y: y + h}, 0.15), draw.RGB(190, 200, 215))
	}
	c.Fill(draw.Circle(px(lon), py(lat), 0.9), dotRed)
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
