package preview

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/layout"
)

func saCard(t *testing.T) cards.Card {
	ranks, err := cards.WITRanks()
	if err != nil {
		t.Fatal(err)
	}
	set, err := cards.WhereIsThat(ranks, cards.Style{Module: cards.DefaultModule})
	if err != nil {
		t.Fatal(err)
	}
	return set.Cards[0] // Bogotá
}

// The PNG preview's code decodes to the card's payload, on both sides.
func TestPNGDecodes(t *testing.T) {
	c := saCard(t)
	front, back := cards.Payloads(c.ID)
	for _, tc := range []struct {
		face cards.Face
		want string
	}{{c.Front, front}, {c.Back, back}} {
		var buf bytes.Buffer
		if err := PNG(&buf, tc.face, layout.Poker, 200); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Bounds().Dx(); w != 500 {
			t.Errorf("width %d px, want 500 (63.5 mm at 200 dpi)", w)
		}
		bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
		res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
		if err != nil || res.GetText() != tc.want {
			t.Errorf("decoded %v (%v), want %s", res, err, tc.want)
		}
	}
}

func TestSVG(t *testing.T) {
	c := saCard(t)
	var buf bytes.Buffer
	if err := SVG(&buf, c.Front, layout.Poker); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	for _, want := range []string{`width="63.5mm"`, "Bogotá", "@font-face", "<path"} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}
