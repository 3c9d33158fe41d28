package qr

import (
	"math"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"github.com/makiuchi-d/gozxing/qrcode/encoder"

	"github.com/tableref/tableref/vision/geom"
)

// renderBulged draws text as a QR code at px pixels a module with a 4-module
// quiet zone, its middle pushed by up to bulge modules (right and down)
// while its edges stay put: a code on a cloth or a warped card, which no
// single perspective transform fits. Each pixel is the mean of 4×4 samples.
func renderBulged(t *testing.T, text string, px int, bulge float64) ([]byte, int) {
	t.Helper()
	code, err := encoder.Encoder_encodeWithoutHint(text, decoder.ErrorCorrectionLevel_M)
	if err != nil {
		t.Fatal(err)
	}
	m := code.GetMatrix()
	n := m.GetWidth()
	side := (n + 8) * px
	img := make([]byte, side*side)
	fn := float64(n)
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			dark := 0
			for sy := 0; sy < 4; sy++ {
				for sx := 0; sx < 4; sx++ {
					u := (float64(x)+(float64(sx)+0.5)/4)/float64(px) - 4
					v := (float64(y)+(float64(sy)+0.5)/4)/float64(px) - 4
					if u > 0 && u < fn && v > 0 && v < fn {
						b := bulge * math.Sin(math.Pi*u/fn) * math.Sin(math.Pi*v/fn)
						u, v = u-b, v-0.7*b
					}
					if u >= 0 && u < fn && v >= 0 && v < fn && m.Get(int(u), int(v)) == 1 {
						dark++
					}
				}
			}
			img[y*side+x] = uint8(235 - dark*190/16)
		}
	}
	return img, side
}

// TestBentCodeReads holds the decoder to codes that are not flat: with the
// middle a module or more away from where the finder patterns put it, the
// flat grid misreads (the test checks it does, so it tests the bent grid)
// and the bent grid reads the right text.
func TestBentCodeReads(t *testing.T) {
	for _, tc := range []struct {
		text  string
		px    int
		bulge float64
	}{
		{"T1:WIT:042F:K", 4, 1.3},              // version 1, tableref's own cards
		{"http://code.google.com/x/y", 5, 1.2}, // version 2, an alignment pattern
		{"Google Print Ads - T.G.I.A.F. - January 31", 5, 1.4},
	} {
		img, side := renderBulged(t, tc.text, tc.px, tc.bulge)
		if d, err := (Gozxing{}).Decode(img, side, side, false); err == nil && d.Text == tc.text {
			t.Errorf("%q bulged %.1f modules: the flat grid reads it; bend it more", tc.text, tc.bulge)
		}
		d, err := Gozxing{}.Decode(img, side, side, true)
		if err != nil || d.Text != tc.text {
			t.Errorf("%q bulged %.1f modules: got %q, %v", tc.text, tc.bulge, d.Text, err)
		}
	}
}

// TestKnownModules checks every module the bent grid takes as known
// against real codes of versions 1, 2 and 7: each must have that colour.
func TestKnownModules(t *testing.T) {
	for _, ver := range []int{1, 2, 7} {
		hints := map[gozxing.EncodeHintType]interface{}{gozxing.EncodeHintType_QR_VERSION: ver}
		code, err := encoder.Encoder_encode("TABLEREF 12345", decoder.ErrorCorrectionLevel_L, hints)
		if err != nil {
			t.Fatal(err)
		}
		m := code.GetMatrix()
		n := m.GetWidth()
		known, marked := knownModules(n), 0
		for j := 0; j < n; j++ {
			for i := 0; i < n; i++ {
				k := known[j*n+i]
				if k == 0 {
					continue
				}
				marked++
				if (k == 1) != (m.Get(i, j) == 1) {
					t.Errorf("version %d: module (%d, %d) marked %d, the code has %d", ver, i, j, k, m.Get(i, j))
				}
			}
		}
		// 3 finders with separators (3×64), the timing rows, the
		// alignment patterns (25 modules each, less overlaps)
		if want := 3*64 + 2*(n-16); marked < want {
			t.Errorf("version %d: %d modules marked, want at least %d", ver, marked, want)
		}
	}
}

// TestBentGridFrames checks the bent grid on a flat code: framed by its
// true finder centres it samples every module right; framed as a code of
// the next version up (the detector misjudging the size), too few of the
// fixed patterns read right and it gives up instead of bending.
func TestBentGridFrames(t *testing.T) {
	const text, px = "http://code.google.com/x/y", 5
	img, side := renderBulged(t, text, px, 0)
	code, err := encoder.Encoder_encodeWithoutHint(text, decoder.ErrorCorrectionLevel_M)
	if err != nil {
		t.Fatal(err)
	}
	m := code.GetMatrix()
	n := m.GetWidth()
	at := func(u, v float64) geom.Pt { return geom.Pt{X: (4 + u) * px, Y: (4 + v) * px} }
	fn := float64(n)
	tl, tr, bl := at(3.5, 3.5), at(fn-3.5, 3.5), at(3.5, fn-3.5)
	bits, ok := bentGrid(img, side, side, tl, tr, bl, nil, n)
	if !ok {
		t.Fatalf("flat %d×%d code: no grid", n, n)
	}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			if bits.Get(i, j) != (m.Get(i, j) == 1) {
				t.Errorf("flat code: module (%d, %d) read wrong", i, j)
			}
		}
	}
	if _, ok := bentGrid(img, side, side, tl, tr, bl, nil, n+4); ok {
		t.Errorf("a %d×%d code framed as %d×%d: bent anyway", n, n, n+4, n+4)
	}
}

// BenchmarkBentDecode times the decoder on a version-3 code bulged 1.4
// modules: flat is the decode that fails (both binarisers, ZXing's grid),
// bent the one that goes on to read it on the bent grid.
func BenchmarkBentDecode(b *testing.B) {
	t := &testing.T{}
	img, side := renderBulged(t, "Google Print Ads - T.G.I.A.F. - January 31", 5, 1.4)
	for _, tc := range []struct {
		name      string
		tryHarder bool
	}{{"flat", false}, {"bent", true}} {
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				_, err := Gozxing{}.Decode(img, side, side, tc.tryHarder)
				if (err == nil) != tc.tryHarder {
					b.Fatalf("tryHarder %v: err %v", tc.tryHarder, err)
				}
			}
		})
	}
}
