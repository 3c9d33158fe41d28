package printtest

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// Box is a rectangle on the page in millimetres.
type Box struct{ X, Y, W, H float64 }

// ZbarTiles crops each box out of a rendered page and decodes it with
// zbarimg on its own. zbar is a whole-frame decoder that misses codes on a
// page with many of them (docs/vision.md); one code per crop is how
// tableref uses decoders anyway.
func ZbarTiles(t testing.TB, pagePNG string, dpi float64, boxes []Box) []string {
	t.Helper()
	f, err := os.Open(pagePNG)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var codes []string
	for i, b := range boxes {
		px := func(mm float64) int { return int(mm * dpi / 25.4) }
		r := image.Rect(px(b.X), px(b.Y), px(b.X+b.W), px(b.Y+b.H)).Intersect(img.Bounds())
		crop := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(crop, crop.Bounds(), img, r.Min, draw.Src)
		name := filepath.Join(dir, fmt.Sprintf("tile-%03d.png", i))
		out, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(out, crop); err != nil {
			t.Fatal(err)
		}
		out.Close()
		codes = append(codes, Zbar(t, name)...)
	}
	return codes
}
