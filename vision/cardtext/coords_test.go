package cardtext

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	"github.com/skip2/go-qrcode"
	"gocv.io/x/gocv"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/tableref/tableref/vision/geom"
)

// The coordinates lines of Nord Sud Ovest Est and Map It! cards, as
// Tesseract may give them back, and what is not one.
func TestParseCoords(t *testing.T) {
	for _, c := range []struct {
		in               string
		lat, lon         float64
		latText, lonText string
		whole            bool
	}{
		{"41°N - 12°E", 41, 12, "41°N", "12°E", true},
		{"41°N-12°E", 41, 12, "41°N", "12°E", true},
		{"51°N - 0°O", 51, math.Copysign(0, -1), "51°N", "0°O", true},
		{"40°N – 3°O", 40, -3, "40°N", "3°O", true},
		{"64ºN 21ºW", 64, -21, "64°N", "21°W", true},
		{"41°N 12°Est", 41, 12, "41°N", "12°E", true},
		{"38.9° N  77.0° W", 38.9, -77, "38.9°N", "77.0°W", false},
		{"33,9° S 18,4° E", -33.9, 18.4, "33.9°S", "18.4°E", false},
		{"38°54′N 77°02′W", 38.9, -77 - 2.0/60, "38°54'N", "77°02'W", false},
		{"22°54'30\"S 43°10'W", -(22 + 54.0/60 + 30.0/3600), -(43 + 10.0/60), "22°54'30\"S", "43°10'W", false},
	} {
		got, ok := ParseCoords(c.in)
		if !ok {
			t.Errorf("%q: not read", c.in)
			continue
		}
		if math.Abs(got.Lat-c.lat) > 1e-9 || math.Abs(got.Lon-c.lon) > 1e-9 || math.Signbit(got.Lon) != math.Signbit(c.lon) ||
			got.LatText != c.latText || got.LonText != c.lonText || got.Whole != c.whole {
			t.Errorf("%q: %+v, want %v %v (%s %s, whole %v)", c.in, got, c.lat, c.lon, c.latText, c.lonText, c.whole)
		}
	}
	for _, in := range []string{
		"", "41°N", "12°E - 41°N", // one only; the longitude first
		"41°N - 12°N", "41°E - 12°E", // two of one axis
		"141°N - 12°E", "41°N - 212°E", // beyond the poles, past 180
		"41°N - 12°E 7", "1 41°N - 12°E", "41°N 3 12°E", // a stray figure
		"41°N - 12°E - 9°O",              // a third
		"38.9°54'N 77°W", "38°64'N 77°W", // minutes with decimals, past 59
		"Italia", "41°N - 12°0", // west as a zero
	} {
		if got, ok := ParseCoords(in); ok {
			t.Errorf("%q read as %+v, want no reading", in, got)
		}
	}
}

// A card back as Nord Sud Ovest Est prints it, drawn here in Go Bold
// (not tableref's renderer): the country, the degrees under it, a sticker
// code below. The reader finds the line and reads it at every size.
func TestReadCoordSide(t *testing.T) {
	r, err := NewReader("eng")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	const px = 8.0 // pixels per mm
	g := Geometry{Card: geom.Pt{X: 63.5, Y: 88.9}, Code: 20, Offset: geom.Pt{Y: 12}}
	w, h := int(g.Card.X*px), int(g.Card.Y*px)
	img := image.NewRGBA(image.Rect(0, 0, w+200, h+200))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{60, 50, 40, 255}), image.Point{}, draw.Src)
	card := image.Rect(100, 100, 100+w, 100+h)
	draw.Draw(img, card, image.NewUniform(color.RGBA{240, 236, 225, 255}), image.Point{}, draw.Src)
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct {
		text string
		mm   float64 // the letters' size
		y    float64 // baseline, mm from the card's top
	}{{"Italia", 5, 16}, {"41°N - 12°E", 5, 30}} {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: l.mm * px * 1.4, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			t.Fatal(err)
		}
		d := font.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{25, 25, 30, 255}), Face: face}
		d.Dot = fixed.P(card.Min.X+(w-d.MeasureString(l.text).Ceil())/2, card.Min.Y+int(l.y*px))
		d.DrawString(l.text)
		face.Close()
	}
	q, err := qrcode.New("tableref test", qrcode.Highest)
	if err != nil {
		t.Fatal(err)
	}
	q.DisableBorder = true
	bits := q.Bitmap()
	mod := g.Code * px / float64(len(bits))
	cx, cy := float64(card.Min.X)+(g.Card.X/2+g.Offset.X)*px, float64(card.Min.Y)+(g.Card.Y/2+g.Offset.Y)*px
	x0, y0 := cx-g.Code*px/2, cy-g.Code*px/2
	draw.Draw(img, image.Rect(int(x0-4*mod), int(y0-4*mod), int(x0+g.Code*px+4*mod), int(y0+g.Code*px+4*mod)), image.White, image.Point{}, draw.Src)
	for y, row := range bits {
		for x, on := range row {
			if on {
				draw.Draw(img, image.Rect(int(x0+float64(x)*mod), int(y0+float64(y)*mod), int(x0+float64(x+1)*mod), int(y0+float64(y+1)*mod)), image.Black, image.Point{}, draw.Src)
			}
		}
	}
	frame, err := gocv.ImageToMatRGB(img)
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	s := g.Code * px / 2
	code := geom.Quad{{X: cx - s, Y: cy - s}, {X: cx + s, Y: cy - s}, {X: cx + s, Y: cy + s}, {X: cx - s, Y: cy + s}}
	side, err := r.ReadCoordSide(frame, code, g)
	if err != nil {
		t.Fatal(err)
	}
	if len(side.Coords) < 2 {
		t.Fatalf("%d readings of the coordinates (rows read %q), want one at two sizes or more", len(side.Coords), side.Seen)
	}
	for _, c := range side.Coords {
		if c.Lat != 41 || c.Lon != 12 || !c.Whole {
			t.Errorf("read %+v, want 41°N 12°E", c)
		}
	}
	country := false
	for _, l := range side.Lines {
		country = country || Similarity(l.Text, "Italia") >= 0.75
	}
	if !country {
		t.Errorf("the country not among the lines read: %+v", side.Lines)
	}
}
