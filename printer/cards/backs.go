package cards

import (
	"math"
	"strconv"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/rules/geo"
)

// witBack is a Where is That? map side: South America with the card's
// place, the north–south rank in the blue half-circles at the top and
// bottom, the west–east rank in the white ones at the left and right. The
// bottom and right numbers are green (REFERENCE §1.2): when two cards
// touch, the circle they form holds the upper (or left) card's green
// number and the other's dark one, and it is correct iff the green one is
// lower. Each card has its own half-circles and its own bleed: nothing of a
// neighbour lies on it however the duplex shifts.
func witBack(card geo.Card, ns, we int, st Style) Face {
	_, back := Payloads(card.ID)
	return func(c draw.Canvas, s layout.Size, bleed float64) {
		frame(c, s, bleed, witFrame)
		r := circleR(s)
		box := Code(s, st.Module)
		// The map fills the upper part, from under the top frame to above
		// the code, aligned left so the name fits on its right.
		top, bottom := edgeMM+0.5, box.Top()-0.8
		p, ok := deckMap(c, card, edgeMM+0.5, top, s.W-2*edgeMM-1, bottom-top, true)
		textX := s.W / 2
		if ok {
			textX = (p.X + p.W + s.W - r) / 2
		}
		nsS, weS := strconv.Itoa(ns), strconv.Itoa(we)
		half(c, s.W/2, 0, r, 0, 180, blueEdge, nsS, dark, bleed)      // top: opens downwards into the card
		half(c, s.W/2, s.H, r, 180, 360, blueEdge, nsS, green, bleed) // bottom
		half(c, 0, s.H/2, r, -90, 90, startEdge, weS, dark, bleed)    // left
		half(c, s.W, s.H/2, r, 90, 270, startEdge, weS, green, bleed) // right
		// The name beside the map, for sorting and checking; the real
		// card does without, the map says it all.
		if ok {
			room := s.W - r/2 - (p.X + p.W) - 2
			lines := wrapText(card.Name, draw.Bold, 7, room, 3)
			y := top + r + 4
			for _, l := range lines {
				c.Text(textX, y, draw.Bold, 7, draw.Center, l, dark)
				y += 3.2
			}
		}
		box.draw(c, back)
	}
}

// witFrame is the map side's own frame, light so the half-circles stand
// out on it.
var witFrame = draw.RGB(222, 226, 232)

// half draws a half-circle centred on a card edge at (cx, cy) spanning the
// angles a0..a1, with its number. The disc has a coloured rim and a white
// middle so green and dark numbers both read. With bleed the rim goes on
// straight past the cut line, so a cut a little outside still shows this
// card's own ring, never a neighbour's.
func half(c draw.Canvas, cx, cy, r, a0, a1 float64, rim draw.Color, num string, ink draw.Color, bleed float64) {
	if bleed > 0 {
		switch (a0 + a1) / 2 {
		case 90: // top
			c.Fill(draw.Rect(cx-r, -bleed, 2*r, bleed), rim)
		case 270: // bottom
			c.Fill(draw.Rect(cx-r, cy, 2*r, bleed), rim)
		case 0: // left
			c.Fill(draw.Rect(-bleed, cy-r, bleed, 2*r), rim)
		case 180: // right
			c.Fill(draw.Rect(cx, cy-r, bleed, 2*r), rim)
		}
	}
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
// compare at a glance. They use the whole world's span (north 84°, south
// 58°), the same on every card.
func edgeMarks(c draw.Canvas, s layout.Size, lat, lon float64) {
	y := s.H * (84 - lat) / (84 + 58)
	x := s.W * (lon + 180) / 360
	const l, t = 5.0, 1.4
	c.Fill(draw.Rect(0, y-t/2, l, t), draw.Black)
	c.Fill(draw.Rect(s.W-l, y-t/2, l, t), draw.Black)
	c.Fill(draw.Rect(x-t/2, 0, t, l), draw.Black)
	c.Fill(draw.Rect(x-t/2, s.H-l, t, l), draw.Black)
}

// coordBack is the side with coordinates: Map It! (two decimals, edge
// marks, the world) and Nord Sud Ovest Est (the country and whole degrees,
// as printed on the real cards, Europe centred on Italy).
func coordBack(card geo.Card, edge draw.Color, whole bool, st Style) Face {
	_, back := Payloads(card.ID)
	return func(c draw.Canvas, s layout.Size, bleed float64) {
		frame(c, s, bleed, edge)
		box := Code(s, st.Module)
		inner := s.W - 2*edgeMM - 12
		var lines []string
		if whole {
			lines = []string{wholeDegrees(card.PrintedLat, card.Lat, card.HasCoords, geo.AxisLat) + " – " + wholeDegrees(card.PrintedLon, card.Lon, card.HasCoords, geo.AxisLon)}
		} else {
			lines = []string{degrees(card.Lat, "N", "S"), degrees(card.Lon, "E", "W")}
			edgeMarks(c, s, card.Lat, card.Lon)
		}
		y := edgeMM + 6.5
		for _, l := range lines {
			c.Text(s.W/2, y, draw.Bold, draw.Fit(draw.Bold, 13, 7, inner, l), draw.Center, l, dark)
			y += 5.5
		}
		sub := card.Name + " · " + card.Country
		if whole {
			sub = card.Country // Nord Sud Ovest Est prints the country (Stato) here
		}
		y -= 1
		c.Text(s.W/2, y, draw.Regular, draw.Fit(draw.Regular, 8, 5.5, inner, sub), draw.Center, sub, soft)
		top := y + 2
		deckMap(c, card, edgeMM+5.5, top, s.W-2*edgeMM-11, box.Top()-0.8-top, false)
		box.draw(c, back)
	}
}

// hemi names the hemisphere of a signed coordinate; Nord Sud Ovest Est
// writes west as O (Ovest).
// wholeDegrees writes a printed whole degree as the Italian cards do
// (geo.FormatWholeDegrees). A 0 takes its hemisphere from the true
// coordinate: London, 0.13° west, prints 0°O, not 0°E.
func wholeDegrees(printed int, exact float64, hasExact bool, a geo.Axis) string {
	v := float64(printed)
	if printed == 0 && hasExact && exact < 0 {
		v = math.Copysign(0, -1)
	}
	return geo.FormatWholeDegrees(v, a)
}

// wrapText breaks s into at most n lines of width w at size points.
func wrapText(s string, f draw.Font, size, w float64, n int) []string {
	var lines []string
	cur := ""
	for _, word := range splitWords(s) {
		try := cur + word
		if cur != "" {
			try = cur + " " + word
		}
		if cur != "" && draw.Width(f, size, try) > w {
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
	}
	return lines
}

func splitWords(s string) []string {
	var out []string
	word := ""
	for _, r := range s {
		if r == ' ' {
			if word != "" {
				out = append(out, word)
			}
			word = ""
			continue
		}
		word += string(r)
	}
	if word != "" {
		out = append(out, word)
	}
	return out
}
