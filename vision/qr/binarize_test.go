package qr

import (
	"math/rand/v2"
	"testing"

	"github.com/makiuchi-d/gozxing"
)

// TestHybridBitsMatchesGozxing: the fast binariser gives exactly the bits
// of gozxing's HybridBinarizer (ZXing's algorithm) on crops of every size
// class (multiples of 8 and not, flat areas, gradients, noise).
func TestHybridBitsMatchesGozxing(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := [][2]int{{40, 40}, {41, 57}, {64, 64}, {134, 134}, {135, 99}, {200, 47}, {321, 322}}
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		for trial := 0; trial < 4; trial++ {
			lum := make([]byte, w*h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					v := 128.0
					switch trial {
					case 0: // noise
						v = rng.Float64() * 255
					case 1: // blocks of modules with a light gradient
						v = 40 + 170*float64(((x/5)^(y/5))&1) + float64(x)/4
					case 2: // mostly flat paper with a few dark patches
						v = 230 + rng.Float64()*8
						if (x/13+y/17)%5 == 0 {
							v = 30
						}
					case 3: // smooth ramp: flat blocks everywhere
						v = float64(x+y) / float64(w+h) * 255
					}
					lum[y*w+x] = uint8(min(255, max(0, v)))
				}
			}
			src, err := gozxing.NewPlanarYUVLuminanceSource(lum, w, h, 0, 0, w, h, false)
			if err != nil {
				t.Fatal(err)
			}
			want, err := gozxing.NewHybridBinarizer(src).GetBlackMatrix()
			if err != nil {
				t.Fatal(err)
			}
			got := hybridBits(lum, w, h)
			if got == nil {
				t.Fatalf("%d×%d: nil", w, h)
			}
			diff := 0
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if got.Get(x, y) != want.Get(x, y) {
						diff++
					}
				}
			}
			if diff != 0 {
				t.Errorf("%d×%d pattern %d: %d pixels differ from gozxing", w, h, trial, diff)
			}
		}
	}
	if hybridBits(make([]byte, 39*60), 39, 60) != nil {
		t.Error("a crop under 40 px must be left to the global binariser")
	}
}

// BenchmarkHybridBinariser compares ours with gozxing's on one crop (for an
// instruction count: valgrind --tool=callgrind on -bench HybridBinariser/ours
// -benchtime 1000x).
func BenchmarkHybridBinariser(b *testing.B) {
	w, h := 135, 135
	lum := make([]byte, w*h)
	for i := range lum {
		lum[i] = uint8(i * 7 % 251)
	}
	b.Run("ours", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			hybridBits(lum, w, h)
		}
	})
	b.Run("gozxing", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			src, _ := gozxing.NewPlanarYUVLuminanceSource(lum, w, h, 0, 0, w, h, false)
			gozxing.NewHybridBinarizer(src).GetBlackMatrix()
		}
	})
}
