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
	var names []string
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
		names = append(names, name)
	}
	// One zbarimg run for all tiles: it reads them in order.
	return Zbar(t, names...)
}

// ZbarScan decodes a whole page with zbar through overlapping 70 mm windows
// every 20 mm, which hold any code up to 50 mm wide entirely at least
// once, and returns each payload found once, sorted.
func ZbarScan(t testing.TB, pagePNG string, dpi float64, pageW, pageH float64) []string {
	t.Helper()
	const win, step = 70.0, 20.0
	var boxes []Box
	for y := 0.0; y < pageH; y += step {
		for x := 0.0; x < pageW; x += step {
			boxes = append(boxes, Box{X: x, Y: y, W: win, H: win})
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, c := range ZbarTiles(t, pagePNG, dpi, boxes) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return Sorted(out)
}

// InkOutside counts the pixels of a rendered page that are not white
// within marginMM of the paper's edge: what a home printer with that dead
// border would silently drop.
func InkOutside(t testing.TB, pagePNG string, dpi, marginMM float64) int {
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
	b := img.Bounds()
	m := int(marginMM * dpi / 25.4)
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if x >= b.Min.X+m && x < b.Max.X-m && y >= b.Min.Y+m && y < b.Max.Y-m {
				continue
			}
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				n++
			}
		}
	}
	return n
}

// DarkBox is the bounding box in mm of the dark pixels (below half grey)
// inside box on a rendered page: for a QR symbol, its full extent (three
// finder patterns mark three sides and the fourth), whatever its modules.
func DarkBox(t testing.TB, pagePNG string, dpi float64, box Box) (Box, bool) {
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
	px := func(mm float64) int { return int(mm * dpi / 25.4) }
	r := image.Rect(px(box.X), px(box.Y), px(box.X+box.W), px(box.Y+box.H)).Intersect(img.Bounds())
	x0, y0, x1, y1 := r.Max.X, r.Max.Y, r.Min.X-1, r.Min.Y-1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if (cr+cg+cb)/3 < 0x8000 {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < x0 {
		return Box{}, false
	}
	mm := func(p int) float64 { return float64(p) * 25.4 / dpi }
	return Box{X: mm(x0), Y: mm(y0), W: mm(x1 + 1 - x0), H: mm(y1 + 1 - y0)}, true
}
