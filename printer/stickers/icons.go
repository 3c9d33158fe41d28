package stickers

import (
	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/rules/strangeworld"
)

// iconColours are Strange World's banner colours (REFERENCE.md §7.2):
// mountain grey, water blue, plant green, swamp ochre, volcano red, moon
// dark.
var iconColours = map[strangeworld.Icon]draw.Color{
	strangeworld.Water:    draw.RGB(40, 110, 200),
	strangeworld.Mountain: draw.RGB(120, 120, 120),
	strangeworld.Plant:    draw.RGB(40, 150, 60),
	strangeworld.Swamp:    draw.RGB(190, 150, 40),
	strangeworld.Volcano:  draw.RGB(210, 50, 40),
	strangeworld.Moon:     draw.RGB(40, 40, 70),
}

// Icon draws a banner icon as a coloured tile of side s with its symbol
// in white, top-left corner at (x, y): a drawing of tableref's own, to
// find the right card, not a copy of the game's art.
func Icon(c draw.Canvas, ic strangeworld.Icon, x, y, s float64) {
	col, ok := iconColours[ic]
	if !ok {
		col = draw.Grey
	}
	c.Fill(draw.Rect(x, y, s, s), col)
	w := draw.White
	cx, cy := x+s/2, y+s/2
	switch ic {
	case strangeworld.Mountain:
		c.Fill(draw.Path{{{X: x + s*0.15, Y: y + s*0.8}, {X: cx, Y: y + s*0.2}, {X: x + s*0.85, Y: y + s*0.8}}}, w)
	case strangeworld.Water:
		for _, dy := range []float64{-0.18, 0.12} {
			c.Fill(draw.Line(draw.Pt{X: x + s*0.15, Y: cy + dy*s}, draw.Pt{X: cx, Y: cy + (dy+0.1)*s}, s*0.09), w)
			c.Fill(draw.Line(draw.Pt{X: cx, Y: cy + (dy+0.1)*s}, draw.Pt{X: x + s*0.85, Y: cy + dy*s}, s*0.09), w)
		}
	case strangeworld.Plant:
		c.Fill(draw.Path{{{X: cx, Y: y + s*0.15}, {X: x + s*0.8, Y: cy}, {X: cx, Y: y + s*0.85}, {X: x + s*0.2, Y: cy}}}, w)
		c.Fill(draw.Line(draw.Pt{X: cx, Y: y + s*0.25}, draw.Pt{X: cx, Y: y + s*0.9}, s*0.07), col)
	case strangeworld.Swamp:
		c.Fill(draw.Rect(x+s*0.15, y+s*0.62, s*0.7, s*0.1), w)
		for _, dx := range []float64{0.3, 0.5, 0.7} {
			c.Fill(draw.Line(draw.Pt{X: x + dx*s, Y: y + s*0.6}, draw.Pt{X: x + dx*s, Y: y + s*0.25}, s*0.07), w)
		}
	case strangeworld.Volcano:
		c.Fill(draw.Path{{{X: x + s*0.1, Y: y + s*0.85}, {X: x + s*0.38, Y: y + s*0.35}, {X: x + s*0.62, Y: y + s*0.35}, {X: x + s*0.9, Y: y + s*0.85}}}, w)
		c.Fill(draw.Circle(cx, y+s*0.2, s*0.09), w)
	case strangeworld.Moon:
		c.Fill(draw.Circle(cx, cy, s*0.32), w)
		c.Fill(draw.Circle(cx+s*0.14, cy-s*0.08, s*0.28), col)
	}
}
