package learntest

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
)

// Nord Sud Ovest Est and Map It! cards print their place on the back:
// CoordCard draws such a coordinate side as a publisher might, in one of
// the bold typefaces, the coordinates TextMM tall on one line, with some
// pale art around (a skyline, a map) and a tableref sticker where the
// sticking guide puts it.

// CoordCard is one card's coordinate side to draw.
type CoordCard struct {
	ID rules.CardID
	// Title is the line over the coordinates: the country on a Nord Sud
	// Ovest Est card, the place's name on a Map It! card.
	Title string
	// Name is the card's name, for the sticker's caption.
	Name string
	// Line is the coordinates as printed ("41°N - 12°E").
	Line   string
	Face   Typeface
	TextMM float64 // the figures' height
	Map    bool    // a map between the title and the coordinates (Map It!)
	// Sticker, when set, is the card whose sticker was stuck on this one
	// by mistake, StickerName its name (the caption says it).
	Sticker     rules.CardID
	StickerName string
}

var (
	paleArt  = color.RGBA{205, 215, 228, 255}
	paleLand = color.RGBA{210, 228, 200, 255}
	paleSea  = color.RGBA{214, 230, 244, 255}
	cream    = color.RGBA{248, 245, 236, 255}
)

// Draw renders the card's coordinate side (no code: the sticker goes on
// after). lineMM is how tall the coordinates came out: TextMM where the
// line fits the card's width, lower where it would not.
func (c CoordCard) Draw(g cardtext.Geometry) (img image.Image, lineMM float64, err error) {
	w, h := int(g.Card.X*px), int(g.Card.Y*px)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Bounds(), image.NewUniform(cream), image.Point{}, draw.Src)
	mm := func(v float64) int { return int(v * px) }
	title, err := c.Face.face(3.2)
	if err != nil {
		return nil, 0, err
	}
	defer title.Close()
	tb := textBox(title, c.Title)
	put(out, title, c.Title, (w-tb.Dx())/2, mm(5), darkInk)
	lineTop := 14.0
	if c.Map {
		// A map: sea, with pale land masses, between the title and the
		// coordinates.
		draw.Draw(out, image.Rect(mm(4), mm(11), w-mm(4), mm(27)), image.NewUniform(paleSea), image.Point{}, draw.Src)
		for i, l := range [][3]float64{{14, 16, 4}, {30, 20, 6}, {48, 15, 3.5}, {22, 23, 3}} {
			disc(out, float64(mm(l[0])), float64(mm(l[1])), l[2]*px, paleLand)
			if i == 1 {
				disc(out, float64(mm(l[0]+5)), float64(mm(l[1]-2)), 4*px, paleLand)
			}
		}
		lineTop = 30
	} else {
		// A skyline under the coordinates.
		for i, b := range [][2]float64{{6, 10}, {13, 6}, {19, 13}, {27, 8}, {34, 11}, {41, 5}, {47, 9}} {
			top := 40 - b[1]
			draw.Draw(out, image.Rect(mm(b[0]), mm(top), mm(b[0]+5.5+float64(i%2)), mm(40)), image.NewUniform(paleArt), image.Point{}, draw.Src)
		}
	}
	lineMM = c.TextMM
	face, err := c.Face.face(lineMM)
	if err != nil {
		return nil, 0, err
	}
	for textBox(face, c.Line).Dx() > w-mm(6) {
		face.Close()
		lineMM -= 0.25
		if face, err = c.Face.face(lineMM); err != nil {
			return nil, 0, err
		}
	}
	defer face.Close()
	lb := textBox(face, c.Line)
	put(out, face, c.Line, (w-lb.Dx())/2, mm(lineTop), darkInk)
	return out, lineMM, nil
}

// CoordPhoto photographs coordinate sides (CoordCard) with their stickers
// at g, 4 by 3 as Photo lays them. side names the side on the stickers'
// captions ("coordinate side"). It returns how tall each card's
// coordinates came out.
func CoordPhoto(cards []CoordCard, s Shot, g cardtext.Geometry, side string) (gocv.Mat, []float64, error) {
	var faces []image.Image
	var ids []rules.CardID
	var heights []float64
	for _, c := range cards {
		id, name := c.ID, c.Name
		if c.Sticker != (rules.CardID{}) {
			id, name = c.Sticker, c.StickerName
		}
		face, mm, err := c.Draw(g)
		if err == nil {
			face, err = stuckAs(face, id, name+" · "+side, g)
		}
		if err != nil {
			return gocv.NewMat(), nil, err
		}
		faces = append(faces, face)
		ids = append(ids, id)
		heights = append(heights, mm)
	}
	m, err := photo(ids, faces, s, g)
	return m, heights, err
}

// NSOELine is what a Nord Sud Ovest Est card prints for c: whole degrees
// with N or S and E or O ("41°N - 12°E"); a place just west of Greenwich
// prints 0°O, as London's card does.
func NSOELine(c geo.Card) string {
	lon := float64(c.PrintedLon)
	if c.PrintedLon == 0 && c.Lon < 0 {
		lon = math.Copysign(0, -1)
	}
	return geo.FormatWholeDegrees(float64(c.PrintedLat), geo.AxisLat) + " - " + geo.FormatWholeDegrees(lon, geo.AxisLon)
}

// MapItLine is what a Map It! card might print for c, in one of two
// ways: decimal degrees to a tenth ("38.9° N  77.0° W") or degrees and
// minutes ("38°54'N 77°02'W").
func MapItLine(c geo.Card, minutes bool) string {
	hemi := func(v float64, pos, neg string) string {
		if v < 0 {
			return neg
		}
		return pos
	}
	if minutes {
		dm := func(v float64) (int, int) {
			m := int(math.Round(math.Abs(v) * 60))
			return m / 60, m % 60
		}
		ld, lm := dm(c.Lat)
		od, om := dm(c.Lon)
		return fmt.Sprintf("%d°%02d'%s %d°%02d'%s", ld, lm, hemi(c.Lat, "N", "S"), od, om, hemi(c.Lon, "E", "W"))
	}
	return fmt.Sprintf("%.1f° %s  %.1f° %s", math.Abs(c.Lat), hemi(c.Lat, "N", "S"), math.Abs(c.Lon), hemi(c.Lon, "E", "W"))
}

// Batches splits a deck's cards into batches of a dozen, up to n of them.
func Batches(deck string, n int) [][]geo.Card {
	all := geo.Cards(deck)
	var out [][]geo.Card
	for i := 0; i < len(all) && len(out) < n; i += 12 {
		out = append(out, all[i:min(i+12, len(all))])
	}
	return out
}
