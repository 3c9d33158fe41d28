package oled

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"periph.io/x/conn/v3/display/displaytest"
	"periph.io/x/conn/v3/i2c/i2ctest"

	"github.com/tableref/tableref/hw/display"
)

// The init sequence for a 128×64 panel, prefixed by the I²C control byte
// 0x00 (commands follow). Written out so that a periph upgrade that
// changes it shows up here.
var wantInit = []byte{0x00,
	0xAE, 0xD3, 0x00, 0x40, 0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xFF, 0xA4, 0xA6, 0xD5, 0xF0,
	0x8D, 0x14, 0xD9, 0xF1, 0xDB, 0x40, 0x2E, 0xA8, 0x3F, 0x20, 0x00, 0x21, 0x00, 0x7F,
	0x22, 0x00, 0x07, 0xAF}

func TestInitAndFrameBytes(t *testing.T) {
	rec := &i2ctest.Record{}
	d, err := New(rec, 0x3D, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Ops) != 1 || rec.Ops[0].Addr != 0x3D || !bytes.Equal(rec.Ops[0].W, wantInit) {
		t.Fatalf("init ops %+v\nwant one write of % X to 0x3D", rec.Ops, wantInit)
	}
	m := display.Message{Lines: []string{"Brasília", "+3 points"}, Verdict: display.Right}
	rec.Ops = nil
	if err := d.Show(m); err != nil {
		t.Fatal(err)
	}
	frame := Render(m, 128, 64).Pix
	if len(rec.Ops) != 16 {
		t.Fatalf("%d ops, want 8 pages × (address, data)", len(rec.Ops))
	}
	for page := 0; page < 8; page++ {
		addr, data := rec.Ops[2*page], rec.Ops[2*page+1]
		if want := []byte{0x00, 0xB0 | byte(page), 0x00, 0x10}; !bytes.Equal(addr.W, want) {
			t.Errorf("page %d address % X, want % X", page, addr.W, want)
		}
		want := append([]byte{0x40}, frame[page*128:(page+1)*128]...)
		if !bytes.Equal(data.W, want) {
			t.Errorf("page %d data differs", page)
		}
	}
	if d.String() != "SSD1306 128×64 on I²C 0x3d" {
		t.Errorf("String() = %q", d.String())
	}
	if c, r := d.Size(); c != 16 || r != 4 {
		t.Errorf("Size() = %d, %d", c, r)
	}
}

func TestAbsent(t *testing.T) {
	if _, err := New(&i2ctest.Playback{DontPanic: true}, 0x3C, nil); err == nil || !strings.Contains(err.Error(), "does not answer") {
		t.Errorf("absent panel: %v", err)
	}
	if _, err := New(nil, 0x3C, nil); err == nil {
		t.Error("nil bus: no error")
	}
}

func lit(img image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if rr, _, _, _ := img.At(x, y).RGBA(); rr > 0x8000 {
				n++
			}
		}
	}
	return n
}

func TestDrawerLayouts(t *testing.T) {
	fake := &displaytest.Drawer{Img: image.NewNRGBA(image.Rect(0, 0, 128, 64))}
	d := NewDrawer(fake)
	top, bottom := image.Rect(0, 0, 128, 32), image.Rect(0, 32, 128, 64)

	if err := d.Show(display.Message{Lines: []string{"x"}, Verdict: display.Wrong}); err != nil {
		t.Fatal(err)
	}
	// Wrong is a lit banner with dark strokes: most of the top half lit.
	if n := lit(fake.Img, top); n < 128*32*2/3 {
		t.Errorf("wrong banner: %d lit pixels in the top half", n)
	}

	if err := d.Show(display.Message{Lines: []string{"Hello"}}); err != nil {
		t.Fatal(err)
	}
	// Short text is drawn double size, centred: 16 px rows of 2× glyphs
	// straddle the middle, nothing in the top 8 rows.
	if n := lit(fake.Img, image.Rect(0, 0, 128, 8)); n != 0 {
		t.Errorf("big text: %d lit pixels in the top rows", n)
	}
	if lit(fake.Img, top) == 0 || lit(fake.Img, bottom) == 0 {
		t.Error("big text: not centred across the middle")
	}

	if err := d.ShowScores(display.Scores{Players: []display.PlayerScore{{Name: "Ana", Points: 12}}}); err != nil {
		t.Fatal(err)
	}
	if n := lit(fake.Img, image.Rect(0, 0, 128, 16)); n < 128*16/2 {
		t.Errorf("score title bar: %d lit pixels", n)
	}
}

func TestRenderLongTextSmall(t *testing.T) {
	img := Render(display.Message{Lines: []string{"Card seen twice:", "remove one copy"}}, 128, 64)
	// Too long for 2×: four rows of 1× text from the top.
	rows := 0
	for band := 0; band < 4; band++ {
		if lit(img, image.Rect(0, band*16, 128, band*16+16)) > 0 {
			rows++
		}
	}
	if rows != 2 {
		t.Errorf("long text uses %d rows of 16 px, want 2", rows)
	}
}
