package synth

import (
	"bytes"
	"testing"

	"github.com/tableref/tableref/vision/geom"
)

// A red table stays red and a blue one blue through the colour sensor: a
// demosaicing that takes the mosaic for another pattern swaps them.
func TestBayerKeepsColours(t *testing.T) {
	for _, tc := range []struct {
		name  string
		table [3]uint8 // RGB
	}{
		{"red", [3]uint8{200, 40, 30}},
		{"blue", [3]uint8{30, 50, 200}},
		{"green", [3]uint8{40, 190, 50}},
	} {
		s := Scene{Width: 64, Height: 48, Camera: geom.Identity(), Table: tc.table, Seed: 5,
			Effect: Effects{Bayer: true, NoiseSigma: 2}}
		m, _, err := Render(s)
		if err != nil {
			t.Fatal(err)
		}
		v := m.GetVecbAt(24, 32) // B, G, R
		m.Close()
		got := [3]int{int(v[2]), int(v[1]), int(v[0])}
		for c := 0; c < 3; c++ {
			// The table's grain changes brightness by about ±20 %.
			if d := got[c] - int(tc.table[c]); d < -60 || d > 60 {
				t.Errorf("%s table through the sensor: RGB %v, want near %v", tc.name, got, tc.table)
				break
			}
		}
	}
}

// The sensor model changes the picture the way a sensor does: pixels
// differ from the plain rendering, and a sharp black-white edge picks up
// the colour fringes of demosaicing.
func TestBayerChangesPicture(t *testing.T) {
	s := testScene(9, 640, 480, 2, 4, 0, Effects{BlurSigma: 0.3})
	plain, _, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	s.Effect.Bayer = true
	mosaic, truth, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer mosaic.Close()
	if bytes.Equal(plain.ToBytes(), mosaic.ToBytes()) {
		t.Fatal("Bayer changed nothing")
	}
	again, _, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if !bytes.Equal(again.ToBytes(), mosaic.ToBytes()) {
		t.Error("Bayer rendering is not deterministic")
	}
	// Inside a code (black and white only) the plain frame is grey; the
	// demosaiced one has colour at module edges.
	if len(truth.Codes) == 0 {
		t.Fatal("no card placed")
	}
	q := truth.Codes[0].Corners
	colour := func(m []byte, w int) int {
		most := 0
		for y := int(q.Centre().Y) - 10; y < int(q.Centre().Y)+10; y++ {
			for x := int(q.Centre().X) - 10; x < int(q.Centre().X)+10; x++ {
				i := (y*w + x) * 3
				lo, hi := min(m[i], m[i+1], m[i+2]), max(m[i], m[i+1], m[i+2])
				most = max(most, int(hi)-int(lo))
			}
		}
		return most
	}
	if p, b := colour(plain.ToBytes(), 640), colour(mosaic.ToBytes(), 640); p > 8 || b < 2*p+6 {
		t.Errorf("colour within a code: plain %d, through the sensor %d; want grey, then fringes", p, b)
	}
}
