package scanner

import (
	"fmt"
	"testing"

	"gocv.io/x/gocv"
)

// BenchmarkFuseAdd is what fusion costs a still frame once small codes
// are on the table: one weighted sum over the frame (fuse.go).
func BenchmarkFuseAdd(b *testing.B) {
	for _, size := range [][2]int{{1296, 2304}, {2592, 4608}} {
		b.Run(fmt.Sprintf("%dx%d", size[1], size[0]), func(b *testing.B) {
			frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 120, 150, 0), size[0], size[1], gocv.MatTypeCV8UC3)
			defer frame.Close()
			f := fusion{want: true}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if f.n == DefaultFuse {
					f.reset() // a frozen average costs nothing: measure the adds
				}
				if err := f.add(frame, DefaultFuse); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
