package qrpath

import (
	"image"
	"image/color"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"

	"github.com/tableref/tableref/rules"
)

// longest is a payload of the maximum length the grammar allows.
var longest = rules.CardPayload(rules.CardRef{ID: rules.CardID{Deck: "WLD", Num: 200}, Side: rules.Back}).String()

func TestLongestPayloadFitsVersion1AtQ(t *testing.T) {
	if len(longest) != rules.MaxPayloadLen {
		t.Fatalf("test payload %q has %d characters, want the maximum %d", longest, len(longest), rules.MaxPayloadLen)
	}
	g, err := Encode(longest, Q)
	if err != nil {
		t.Fatal(err)
	}
	if g.Version != 1 || g.N != 21 {
		t.Errorf("%q at Q: version %d (%d modules), want 1 (21)", longest, g.Version, g.N)
	}
}

// Stickers use H, and version 1-H holds only 10 alphanumeric characters:
// a tableref payload needs version 2 there.
func TestStickerPayloadNeedsVersion2AtH(t *testing.T) {
	g, err := Encode(longest, H)
	if err != nil {
		t.Fatal(err)
	}
	if g.Version != 2 || g.N != 25 {
		t.Errorf("%q at H: version %d, want 2", longest, g.Version)
	}
	if _, err := EncodeVersion(longest, 1, H); err == nil {
		t.Errorf("version 1-H accepted a %d-character payload", len(longest))
	}
}

// winding counts how often the loops wind around (x, y).
func winding(loops [][]Point, x, y float64) int {
	// A ray from (x, y) towards +x crosses only vertical edges.
	w := 0
	for _, l := range loops {
		for i := range l {
			a, b := l[i], l[(i+1)%len(l)]
			if a.X == b.X && float64(a.X) > x {
				lo, hi := a.Y, b.Y
				dir := 1
				if lo > hi {
					lo, hi, dir = hi, lo, -1
				}
				if float64(lo) < y && y < float64(hi) {
					w += dir
				}
			}
		}
	}
	return w
}

func TestOutlineFillsExactlyTheDarkModules(t *testing.T) {
	for _, tc := range []struct {
		payload string
		level   Level
	}{{longest, Q}, {"TR1:M:CAL-NW:D", Q}, {"TR1:C:SW-BACK:2", H}} {
		g, err := Encode(tc.payload, tc.level)
		if err != nil {
			t.Fatal(err)
		}
		loops := g.Outline()
		dark := 0
		for r := -1; r <= g.N; r++ {
			for c := -1; c <= g.N; c++ {
				w := winding(loops, float64(c)+0.5, float64(r)+0.5)
				want := 0
				if g.Dark(r, c) {
					want = 1
					dark++
				}
				if w != want {
					t.Fatalf("%s: module (%d,%d): winding %d, want %d", tc.payload, r, c, w, want)
				}
			}
		}
		if dark == 0 || len(loops) == 0 {
			t.Fatalf("%s: empty symbol", tc.payload)
		}
		for _, l := range loops {
			for i := range l {
				a, b := l[i], l[(i+1)%len(l)]
				if a.X != b.X && a.Y != b.Y {
					t.Fatalf("%s: diagonal edge %v→%v", tc.payload, a, b)
				}
			}
		}
	}
}

// render paints the outline's modules at px pixels per module with the
// quiet zone, by the winding rule, so the decode test checks the path and
// not the grid.
func render(g *Grid, px int) image.Image {
	side := g.SizeWithQuietZone() * px
	img := image.NewGray(image.Rect(0, 0, side, side))
	loops := g.Outline()
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			mx := (float64(x)+0.5)/float64(px) - QuietZone
			my := (float64(y)+0.5)/float64(px) - QuietZone
			v := uint8(255)
			if winding(loops, mx, my) != 0 {
				v = 0
			}
			img.SetGray(x, y, color.Gray{v})
		}
	}
	return img
}

func TestOutlineDecodes(t *testing.T) {
	for _, tc := range []struct {
		payload string
		level   Level
	}{{longest, Q}, {"TR1:M:B2-SE:F", Q}, {"TR1:C:SW-012F:Q", H}} {
		g, err := Encode(tc.payload, tc.level)
		if err != nil {
			t.Fatal(err)
		}
		bmp, err := gozxing.NewBinaryBitmapFromImage(render(g, 4))
		if err != nil {
			t.Fatal(err)
		}
		res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.payload, err)
		}
		if res.GetText() != tc.payload {
			t.Errorf("decoded %q, want %q", res.GetText(), tc.payload)
		}
	}
}
