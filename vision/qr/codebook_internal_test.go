package qr

import (
	"testing"

	"github.com/tableref/tableref/vision/geom"

	qrcode "github.com/skip2/go-qrcode"
)

// render draws the symbol the codebook expects for entry e of book at a
// mask: the fixed patterns, the format information and the data.
func render(n, ec, mask int, bits []int8) [][]bool {
	lay := layoutFor(n)
	out := make([][]bool, n)
	for i := range out {
		out[i] = make([]bool, n)
	}
	for m, k := range lay.known {
		out[m/n][m%n] = k == 1
	}
	word := formatWord(ec, mask)
	for i := 0; i < 15; i++ {
		b := word&(1<<(14-i)) != 0
		m1, m2 := lay.format1[i], lay.format2[i]
		out[m1/n][m1%n] = b
		out[m2/n][m2%n] = b
	}
	for k, m := range lay.data {
		out[m/n][m%n] = (bits[k] == 1) != masked(mask, m/n, m%n)
	}
	return out
}

// TestCodebookRedrawsTheEncodersSymbol checks the layout, format words and
// masks against an encoder: the codebook's unmasked modules, masked again
// with the encoder's own mask, must give back the encoder's symbol module
// for module. A wrong format position, mask formula or data order fails.
func TestCodebookRedrawsTheEncodersSymbol(t *testing.T) {
	// go-qrcode's names are shifted by one: its High is the standard's Q.
	levels := []struct {
		bits int
		lib  qrcode.RecoveryLevel
	}{{1, qrcode.Low}, {0, qrcode.Medium}, {3, qrcode.High}, {2, qrcode.Highest}}
	payloads := []string{"TR1:C:SA-017F:K", "TR1:P:SA-017F:T", "TR1:M:CAL-NW:D", "TR1:C:SW-BACK:2", "HELLO WORLD"}
	for _, p := range payloads {
		for _, v := range []int{1, 2} {
			for _, l := range levels {
				q, err := qrcode.NewWithForcedVersion(p, v, l.lib)
				if err != nil {
					continue // does not fit
				}
				q.DisableBorder = true
				want := q.Bitmap()
				n := len(want)
				bits, ok := encodeUnmasked(p, shape{n: n, ec: l.bits})
				if !ok {
					t.Fatalf("%s v%d ec%d: not encoded", p, v, l.bits)
				}
				matched := false
				for mask := 0; mask < 8; mask++ {
					got := render(n, l.bits, mask, bits)
					same := true
					for i := range got {
						for j := range got[i] {
							if got[i][j] != want[i][j] {
								same = false
							}
						}
					}
					matched = matched || same
				}
				if !matched {
					t.Errorf("%s v%d ec%d: no mask redraws the encoder's symbol", p, v, l.bits)
				}
			}
		}
	}
	if n := len(layoutFor(21).data); n != 26*8 {
		t.Errorf("version 1 has %d data modules, want 208", n)
	}
	if n := len(layoutFor(25).data); n != 44*8+7 {
		t.Errorf("version 2 has %d data modules, want 359 (44 codewords and 7 remainder bits)", n)
	}
}

// drawSymbol paints an n×n module matrix at px pixels a module with a
// 4-module quiet zone, as 8-bit grey.
func drawSymbol(mods [][]bool, px int) ([]byte, int) {
	n := len(mods)
	side := (n + 8) * px
	img := make([]byte, side*side)
	for i := range img {
		img[i] = 220
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if !mods[r][c] {
				continue
			}
			for y := 0; y < px; y++ {
				for x := 0; x < px; x++ {
					img[((r+4)*px+y)*side+(c+4)*px+x] = 30
				}
			}
		}
	}
	return img, side
}

// TestCodebookMarginRefusesAnAmbiguousCode: a code whose data modules are
// half one payload and half another (a blend, as a smear between two
// readings would give) matches both about equally, so the margin rule
// leaves it unsure; either payload alone is read.
func TestCodebookMarginRefusesAnAmbiguousCode(t *testing.T) {
	a, b := "TR1:C:SA-017F:K", "TR1:C:SA-018F:J"
	cb, err := NewCodebook([]string{a, b, "TR1:C:SA-019F:H"})
	if err != nil {
		t.Fatal(err)
	}
	sh := shape{n: 21, ec: 3} // 1-Q, as tableref prints cards
	ba, _ := encodeUnmasked(a, sh)
	bb, _ := encodeUnmasked(b, sh)
	const px = 5
	fin := func(col, row float64) geom.Pt { return geom.Pt{X: (col + 4) * px, Y: (row + 4) * px} }
	match := func(img []byte, side int) codebookMatch {
		m, ok := cb.matchCodebook(img, side, side, fin(3.5, 3.5), fin(17.5, 3.5), fin(3.5, 17.5), 21)
		if !ok {
			t.Fatal("no match at all: the grid was refused")
		}
		return m
	}
	for _, p := range []struct {
		text string
		bits []int8
	}{{a, ba}, {b, bb}} {
		img, side := drawSymbol(render(21, 3, 2, p.bits), px)
		m := match(img, side)
		if !m.OK || m.Payload != p.text {
			t.Errorf("clean %s read as %q (ok %v, score %.2f, margin %.2f)", p.text, m.Payload, m.OK, m.Score, m.Margin)
		}
	}
	// The blend: each data module from a or b in turn.
	mix := make([]int8, len(ba))
	for k := range mix {
		mix[k] = ba[k]
		if k%2 == 1 {
			mix[k] = bb[k]
		}
	}
	img, side := drawSymbol(render(21, 3, 2, mix), px)
	if m := match(img, side); m.OK {
		t.Errorf("a blend of two payloads was read as %s (score %.2f, margin %.2f): the margin must refuse it", m.Payload, m.Score, m.Margin)
	}
}
