package cardtext

import (
	"errors"
	"image"
	"image/color"
	"testing"

	"github.com/skip2/go-qrcode"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// card draws a card of another maker than tableref: OpenCV's Hershey
// font, numbers on plain half-discs, the name above a code, on a table,
// turned by 90° (the code's corners say which way is up). It returns the
// frame and the code's corners in it.
func card(t *testing.T, numbers [4]string, name string) (gocv.Mat, geom.Quad, Geometry) {
	t.Helper()
	return cardWith(t, numbers, name, look{digits: 0.9})
}

// look is how card draws what varies between makers: the figures' scale
// (Hershey units at 6 px a mm: 0.9 is some 3.3 mm tall) and, when
// caption is set, a sticker under the code with that caption, as the
// sticking guide's stickers name their card.
type look struct {
	digits  float64
	caption string
}

func cardWith(t *testing.T, numbers [4]string, name string, lk look) (gocv.Mat, geom.Quad, Geometry) {
	t.Helper()
	const px = 6.0 // pixels per mm
	g := Geometry{Card: geom.Pt{X: 63.5, Y: 88.9}, Code: 30, Offset: geom.Pt{Y: 10}}
	w, h := int(g.Card.X*px), int(g.Card.Y*px)
	face := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	defer face.Close()
	face.SetTo(gocv.NewScalar(245, 245, 245, 0))
	ink := color.RGBA{R: 30, G: 30, B: 30, A: 255}
	green := color.RGBA{R: 20, G: 120, B: 50, A: 255}
	disc := color.RGBA{R: 200, G: 220, B: 240, A: 255}
	centres := [4]image.Point{{w / 2, 0}, {w, h / 2}, {w / 2, h}, {0, h / 2}}
	for i, c := range centres {
		gocv.Circle(&face, c, int(8*px), disc, -1)
		col := ink
		if i == int(Right) || i == int(Bottom) {
			col = green
		}
		thick := int(2 * lk.digits / 0.9)
		size := gocv.GetTextSize(numbers[i], gocv.FontHersheySimplex, lk.digits, thick)
		at := c
		switch Edge(i) {
		case Top:
			at = image.Pt(c.X-size.X/2, max(int(6*px), int(1*px)+size.Y))
		case Bottom:
			at = image.Pt(c.X-size.X/2, h-int(2.5*px))
		case Left:
			at = image.Pt(int(1*px), c.Y+size.Y/2)
		case Right:
			at = image.Pt(w-int(1*px)-size.X, c.Y+size.Y/2)
		}
		gocv.PutText(&face, numbers[i], at, gocv.FontHersheySimplex, lk.digits, col, thick)
	}
	nsize := gocv.GetTextSize(name, gocv.FontHersheyDuplex, 0.8, 2)
	gocv.PutText(&face, name, image.Pt(w/2-nsize.X/2, int(20*px)), gocv.FontHersheyDuplex, 0.8, ink, 2)
	x0, y0 := (g.Card.X/2+g.Offset.X-g.Code/2)*px, (g.Card.Y/2+g.Offset.Y-g.Code/2)*px
	if lk.caption != "" {
		// The sticker's paper 2 mm round the code and 9 mm under it, its
		// caption there; Label says where it lies from the code's centre.
		half := g.Code/2 + 2
		g.Label = geom.Rect(-half, -half, half, g.Code/2+9)
		gocv.Rectangle(&face, image.Rect(int(x0-2*px), int(y0-2*px), int(x0+(g.Code+2)*px), int(y0+(g.Code+9)*px)), color.RGBA{R: 255, G: 255, B: 255, A: 255}, -1)
		csize := gocv.GetTextSize(lk.caption, gocv.FontHersheyDuplex, 0.7, 1)
		gocv.PutText(&face, lk.caption, image.Pt(w/2-csize.X/2, int(y0+(g.Code+6.5)*px)), gocv.FontHersheyDuplex, 0.7, ink, 1)
	}
	q, err := qrcode.New("TR1:C:WB-007B:0", qrcode.High)
	if err != nil {
		t.Fatal(err)
	}
	q.DisableBorder = true
	bits := q.Bitmap()
	mod := g.Code * px / float64(len(bits))
	for y, row := range bits {
		for x, on := range row {
			if on {
				r := image.Rect(int(x0+float64(x)*mod), int(y0+float64(y)*mod), int(x0+float64(x+1)*mod), int(y0+float64(y+1)*mod))
				gocv.Rectangle(&face, r, color.RGBA{A: 255}, -1)
			}
		}
	}
	// On a brown table, turned a quarter clockwise.
	frame := gocv.NewMatWithSize(w+200, h+200, gocv.MatTypeCV8UC3)
	frame.SetTo(gocv.NewScalar(60, 90, 140, 0))
	turned := gocv.NewMat()
	defer turned.Close()
	gocv.Rotate(face, &turned, gocv.Rotate90Clockwise)
	roi := frame.Region(image.Rect(100, 100, 100+h, 100+w))
	turned.CopyTo(&roi)
	roi.Close()
	// A face point (x, y) lands at (100 + h - y, 100 + x).
	at := func(x, y float64) geom.Pt { return geom.Pt{X: 100 + float64(h) - y, Y: 100 + x} }
	s := g.Code * px
	code := geom.Quad{at(x0, y0), at(x0+s, y0), at(x0+s, y0+s), at(x0, y0+s)}
	return frame, code, g
}

// wantNumbers checks the numbers read on each edge, top first.
func wantNumbers(t *testing.T, c Card, want [4]int) {
	t.Helper()
	for e := Top; e <= Left; e++ {
		if c.Numbers[e].Value != want[e] {
			t.Errorf("%s: read %d (%q, readings %+v), want %d", e, c.Numbers[e].Value, c.Numbers[e].Text, c.Numbers[e].Readings, want[e])
		}
	}
}

func TestReadCardOfAnotherMaker(t *testing.T) {
	r, err := NewReader("spa")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	frame, code, g := card(t, [4]string{"27", "104", "27", "104"}, "Salvador")
	defer frame.Close()
	c, err := r.ReadCard(frame, code, g)
	if err != nil {
		t.Fatal(err)
	}
	wantNumbers(t, c, [4]int{27, 104, 27, 104})
	found := false
	for _, l := range c.Lines {
		found = found || l.Text == "Salvador"
	}
	if !found {
		t.Errorf("name not read: lines %+v", c.Lines)
	}
	if b := c.Image.Bounds(); b.Dx() != int((g.Card.X+2*MarginMM)*PxPerMM+0.5) {
		t.Errorf("upright crop %v", b)
	}
}

func TestReadCardRefuses(t *testing.T) {
	r, err := NewReader("spa")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	frame, code, g := card(t, [4]string{"1", "2", "1", "2"}, "Lima")
	defer frame.Close()
	// The card reaching out of the picture.
	shifted := geom.Translate(-300, 0).ApplyQuad(code)
	if _, err := r.ReadCard(frame, shifted, g); !errors.Is(err, ErrOutside) {
		t.Errorf("a card out of the picture: %v", err)
	}
	if _, err := r.ReadCard(frame, code, Geometry{}); err == nil {
		t.Error("no geometry: no error")
	}
	if _, err := NewReader("xx-none"); err == nil {
		t.Error("a language without data: no error")
	}
}

// Figures over 7.5 mm tall, as a boxed game may print them, are read: the
// reader once took figures over 7.5 mm for art, and a number whose
// figures were all that tall read as nothing or as a figure it is not
// ("75" as "5").
func TestReadCardTallFigures(t *testing.T) {
	r, err := NewReader("spa")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// Hershey's 2.2 draws figures some 8 mm tall; 2.5 (9 mm) loses the
	// left "50"'s zero as yet.
	tall := 2.2
	if h := float64(gocv.GetTextSize("75", gocv.FontHersheySimplex, tall, int(2*tall/0.9)).Y) / 6; h <= 7.5 {
		t.Fatalf("figures %.1f mm tall: not taller than the reader once took", h)
	}
	frame, code, g := cardWith(t, [4]string{"75", "50", "75", "50"}, "Recife", look{digits: tall})
	defer frame.Close()
	c, err := r.ReadCard(frame, code, g)
	if err != nil {
		t.Fatal(err)
	}
	wantNumbers(t, c, [4]int{75, 50, 75, 50})
}

// A sticker's caption names the card the sticker belongs on, not the
// card under it: read as the card's name it would let a sticker on the
// wrong card pass the name check. With the sticker's area (Label) given,
// it is not read; the card's own name still is.
func TestReadCardSkipsTheStickersCaption(t *testing.T) {
	r, err := NewReader("spa")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	frame, code, g := cardWith(t, [4]string{"27", "104", "27", "104"}, "Salvador", look{digits: 0.9, caption: "Cuenca"})
	defer frame.Close()
	c, err := r.ReadCard(frame, code, g)
	if err != nil {
		t.Fatal(err)
	}
	name := false
	for _, l := range c.Lines {
		name = name || Similarity(l.Text, "Salvador") == 1
		if Similarity(l.Text, "Cuenca") > 0.6 {
			t.Errorf("the sticker's caption read as the card's text: %q", l.Text)
		}
	}
	if !name {
		t.Errorf("the card's own name not read: lines %+v", c.Lines)
	}
}
