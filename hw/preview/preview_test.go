package preview

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/tableref/tableref/hw/display"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/")

var (
	right  = display.Message{Lines: []string{"Brasília", "+3 points"}, Verdict: display.Right}
	wrong  = display.Message{Lines: []string{"Not next to Lima", "take it back"}, Verdict: display.Wrong}
	warn   = display.Message{Lines: []string{"Card seen twice", "remove one"}, Verdict: display.Warn}
	scores = display.Scores{Players: []display.PlayerScore{{Name: "Ana", Points: 12}, {Name: "Bo", Points: 9}, {Name: "Zoë", Points: 104}}}
)

// TestGolden compares every preview pixel by pixel with testdata/*.png.
// These PNGs are also the pictures in docs/hardware.md. Run with -update
// after an intended change and look at them.
func TestGolden(t *testing.T) {
	cases := map[string]image.Image{
		"lcd16x2-right.png":  LCD(right, 16, 2),
		"lcd16x2-wrong.png":  LCD(wrong, 16, 2),
		"lcd20x4-scores.png": LCDScores(scores, 20, 4),
		"oled-right.png":     OLED(right, 128, 64),
		"oled-wrong.png":     OLED(wrong, 128, 64),
		"oled-warn.png":      OLED(warn, 128, 64),
		"oled-scores.png":    OLEDScores(scores, 128, 64),
		"oled-hello.png":     OLED(display.Message{Lines: []string{"Hello"}}, 128, 64),
	}
	for name, got := range cases {
		path := filepath.Join("testdata", name)
		if *update {
			if err := WriteFile(path, got); err != nil {
				t.Fatal(err)
			}
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		want, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got.Bounds() != want.Bounds() {
			t.Errorf("%s: size %v, golden %v", name, got.Bounds(), want.Bounds())
			continue
		}
		diff := 0
		b := got.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r1, g1, b1, _ := got.At(x, y).RGBA()
				r2, g2, b2, _ := want.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					diff++
				}
			}
		}
		if diff > 0 {
			out := filepath.Join(t.TempDir(), name)
			_ = WriteFile(out, got)
			t.Errorf("%s: %d pixels differ from the golden image; got is in %s", name, diff, out)
		}
	}
}

func TestLCDDotsFollowGlyph(t *testing.T) {
	img := LCDScreen([][]byte{[]byte("I")})
	// 'I' row 0 is .###.: dot 0 off, dot 1 on.
	x0, y0 := bezel+margin, bezel+margin
	if img.RGBAAt(x0+1, y0+1) != lcdOff || img.RGBAAt(x0+pitch+1, y0+1) != lcdOn {
		t.Errorf("first row of 'I' drawn wrong: %v %v", img.RGBAAt(x0+1, y0+1), img.RGBAAt(x0+pitch+1, y0+1))
	}
}
