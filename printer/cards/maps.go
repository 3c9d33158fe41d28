package cards

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/printer/art"
	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/rules/geo"
)

// Each deck's own map: South America on a plate carrée true to shape at
// its middle, the whole world flat as Map It!'s side marks read it (no
// wrap-around), and Europe seen from above Italy (Lambert azimuthal,
// centred on 12.5° E) for Nord Sud Ovest Est.
var deckViews = map[string]art.View{
	geo.DeckSA: art.ViewAround("sa", art.Equirectangular(-22), 0.01,
		art.LonLat{Lon: -82, Lat: 13}, art.LonLat{Lon: -34, Lat: -56}),
	geo.DeckWorld: {Map: "world", Proj: art.Equirectangular(0), X0: -180, Y0: -58, X1: 180, Y1: 84},
	geo.DeckEurope: art.ViewAround("europe", art.Azimuthal(art.LonLat{Lon: 12.5, Lat: 50}), 0.02,
		art.LonLat{Lon: -24, Lat: 66}, art.LonLat{Lon: -10, Lat: 35}, art.LonLat{Lon: 35, Lat: 34},
		art.LonLat{Lon: 40, Lat: 56}, art.LonLat{Lon: 33, Lat: 70}, art.LonLat{Lon: 12.5, Lat: 71}),
}

// mapStyle colours every deck's map: pale sea, sand land, white borders.
var mapStyle = art.Style{
	Sea:         draw.RGB(214, 232, 246),
	Land:        draw.RGB(233, 222, 190),
	Border:      draw.RGB(255, 255, 255),
	BorderWidth: 0.15,
}

// deckMap draws the deck's map fitted into (x, y, w, h) and marks the
// card's place; it returns the box the map took. The outline itself is
// drawn once per PDF (Canvas.Reuse) and placed on every card.
func deckMap(c draw.Canvas, card geo.Card, x, y, w, h float64, alignLeft bool) (art.Placed, bool) {
	v, ok := deckViews[card.ID.Deck]
	if !ok || w < 5 || h < 5 {
		return art.Placed{}, false
	}
	p := v.Place(x, y, w, h)
	if alignLeft {
		p.X = x
	}
	key := fmt.Sprintf("map-%s-%.2fx%.2f", card.ID.Deck, p.W, p.H)
	c.Reuse(key, p.X, p.Y, p.W, p.H, func(c draw.Canvas) { _ = p.Draw(c, mapStyle) })
	c.Fill(draw.Frame(p.X, p.Y, p.W, p.H, 0.15), soft)
	placeMark(c, p, card)
	return p, true
}

// placeMark marks the card's place: a red dot for a city, a square for a
// starting city, a triangle for a landmark, each ringed in white so it
// reads on land and sea. A place outside the map (Rapa Nui, the
// Galápagos on the South America map) gets an arrow at the map's edge
// pointing its way.
func placeMark(c draw.Canvas, p art.Placed, card geo.Card) {
	at, in := p.MM(art.LonLat{Lon: card.Lon, Lat: card.Lat})
	r := math.Max(0.9, math.Min(p.W, p.H)/40)
	if !in {
		ex := math.Min(math.Max(at.X, p.X+r), p.X+p.W-r)
		ey := math.Min(math.Max(at.Y, p.Y+r), p.Y+p.H-r)
		dx, dy := at.X-ex, at.Y-ey
		l := math.Hypot(dx, dy)
		dx, dy = dx/l, dy/l
		tip := draw.Pt{X: ex + dx*r, Y: ey + dy*r}
		back := draw.Pt{X: ex - dx*r*2, Y: ey - dy*r*2}
		nx, ny := -dy*r*1.3, dx*r*1.3
		c.Fill(draw.Path{{tip, {X: back.X + nx, Y: back.Y + ny}, {X: back.X - nx, Y: back.Y - ny}}}, dotRed)
		return
	}
	switch card.Kind {
	case geo.KindStart:
		c.Fill(draw.Rect(at.X-r-0.35, at.Y-r-0.35, 2*r+0.7, 2*r+0.7), draw.White)
		c.Fill(draw.Rect(at.X-r, at.Y-r, 2*r, 2*r), dotRed)
	case geo.KindMonument:
		tri := func(k float64) draw.Path {
			return draw.Path{{{X: at.X, Y: at.Y - k*1.3}, {X: at.X + k*1.15, Y: at.Y + k*0.7}, {X: at.X - k*1.15, Y: at.Y + k*0.7}}}
		}
		c.Fill(tri(r+0.5), draw.White)
		c.Fill(tri(r), dotRed)
	default:
		c.Fill(draw.Circle(at.X, at.Y, r+0.35), draw.White)
		c.Fill(draw.Circle(at.X, at.Y, r), dotRed)
	}
}
