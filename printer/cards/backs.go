package cards

import (
	"fmt"
	"strconv"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/rules/geo"
)

// witBack is a Where is That? map side: the north–south rank in the blue
// half-circles at the top and bottom, the west–east rank in the white ones
// at the left and right. The bottom and right numbers are green (REFERENCE
// §1.2): when two cards touch, the circle they form holds the upper (or
// left) card's green number and the other's dark one, and it is correct iff
// the green one is lower.
func witBack(card geo.Card, ns, we int, st Style) Face {
	_, back := Payloads(card.ID)
	return func(c draw.Canvas, s layout.Size, bleed float64) {
		c.Fill(draw.Rect(-bleed, -bleed, s.W+2*bleed, s.H+2*bleed), draw.White)
		c.Fill(draw.Frame(0.6, 0.6, s.W-1.2, s.H-1.2, 0.4), startEdge)
		r := s.W * 0.13
		nsS, weS := strconv.Itoa(ns), strconv.Itoa(we)
		half(c, s.W/2, 0, r, 0, 180, blueEdge, nsS, dark)      // top: opens downwards into the card
		half(c, s.W/2, s.H, r, 180, 360, blueEdge, nsS, green) // bottom
		half(c, 0, s.H/2, r, -90, 90, startEdge, weS, dark)    // left
		half(c, s.W, s.H/2, r, 90, 270, startEdge, weS, green) // right
		nameSize := draw.Fit(draw.Bold, 10, 6, s.W-2*r-4, card.Name)
		c.Text(s.W/2, r+4.5, draw.Bold, nameSize, draw.Center, card.Name, dark)
		side := s.W - 2*r - 1
		codeArea(c, back, s.W/2, s.H/2, side, st.Module)
		b := deckBounds[card.ID.Deck]
		miniMap(c, 3, s.H-3, s.W/2-r-4, s.H/2-side/2-5, b, card.Lat, card.Lon)
		footer(c, s, card.ID.String()+" back")
	}
}

// half draws a half-circle centred on a card edge at (cx, cy) spanning the
// angles a0..a1, with its number. The disc has a coloured rim and a white
// middle so green and dark numbers both read.
func half(c draw.Canvas, cx, cy, r, a0, a1 float64, rim draw.Color, num string, ink draw.Color) {
	c.Fill(draw.Arc(cx, cy, r, a0, a1), rim)
	c.Fill(draw.Arc(cx, cy, r-1.3, a0, a1), draw.White)
	size := 11.0
	// The number sits at the middle of the half-disc's visible part.
	mid := (a0 + a1) / 2
	dx, dy := 0.0, 0.0
	switch mid {
	case 90: // top circle, inside the card below the edge
		dy = r * 0.5
	case 270: // bottom
		dy = -r * 0.42
	case 0: // left circle, opening rightwards
		dx = r * 0.48
	case 180: // right
		dx = -r * 0.48
	}
	c.Text(cx+dx, cy+dy+size*draw.PtToMM*0.36, draw.Bold, size, draw.Center, num, ink)
}

// edgeMarks draws Map It!'s side marks: on the left and right edges a
// mark whose height follows the latitude, on the top and bottom edges one
// whose position follows the longitude, so two cards laid side by side
// compare at a glance.
func edgeMarks(c draw.Canvas, s layout.Size, b bounds, lat, lon float64) {
	y := s.H * (b.north - lat) / (b.north - b.south)
	x := s.W * (lon - b.west) / (b.east - b.west)
	const l, t = 5.0, 1.4
	c.Fill(draw.Rect(0, y-t/2, l, t), draw.Black)
	c.Fill(draw.Rect(s.W-l, y-t/2, l, t), draw.Black)
	c.Fill(draw.Rect(x-t/2, 0, t, l), draw.Black)
	c.Fill(draw.Rect(x-t/2, s.H-l, t, l), draw.Black)
}

// coordBack is the side with coordinates: Map It! (two decimals, edge
// marks) and Nord Sud Ovest Est (whole degrees, as printed on the real
// cards).
func coordBack(card geo.Card, edge draw.Color, whole bool, st Style) Face {
	_, back := Payloads(card.ID)
	return func(c draw.Canvas, s layout.Size, bleed float64) {
		frame(c, s, bleed, edge)
		b := deckBounds[card.ID.Deck]
		var line1, line2 string
		if whole {
			line1 = fmt.Sprintf("%d°%s – %d°%s", abs(card.PrintedLat), hemi(card.PrintedLat, "N", "S"), abs(card.PrintedLon), hemi(card.PrintedLon, "E", "O"))
		} else {
			line1, line2 = degrees(card.Lat, "N", "S"), degrees(card.Lon, "E", "W")
			edgeMarks(c, s, b, card.Lat, card.Lon)
		}
		inner := s.W - 2*edgeMM - 12
		c.Text(s.W/2, edgeMM+8, draw.Bold, draw.Fit(draw.Bold, 14, 7, inner, line1), draw.Center, line1, dark)
		y := edgeMM + 8.0
		if line2 != "" {
			y += 6
			c.Text(s.W/2, y, draw.Bold, draw.Fit(draw.Bold, 14, 7, inner, line2), draw.Center, line2, dark)
		}
		y += 5
		c.Text(s.W/2, y, draw.Regular, draw.Fit(draw.Regular, 8, 6, inner, card.Name+" · "+card.Country), draw.Center, card.Name+" · "+card.Country, soft)
		mapW := 22.0
		mapH := mapW * 0.6
		area := s.H - y - edgeMM - mapH - 6
		codeArea(c, back, s.W/2, y+1.5+area/2, min(area, s.W-2*edgeMM-12), st.Module)
		miniMap(c, edgeMM+3, s.H-edgeMM-3, mapW, mapH, b, card.Lat, card.Lon)
		footer(c, s, card.ID.String()+" back")
	}
}

// mapRatio is the mini-map's height per unit of width (as miniMap draws it).
func mapRatio(b bounds) float64 {
	if b.east-b.west >= 360 {
		return (b.north - b.south) / (b.east - b.west)
	}
	return (b.north - b.south) / ((b.east - b.west) * cosDeg((b.north+b.south)/2))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// hemi names the hemisphere of a signed coordinate; Nord Sud Ovest Est
// writes west as O (Ovest).
func hemi(v int, pos, neg string) string {
	if v < 0 {
		return neg
	}
	return pos
}
