package imagefile

import (
	"errors"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/imagefile/imagefiletest"
)

// FuzzDecode feeds the image reader arbitrary bytes: it must never panic
// (nor let OpenCV abort the process), every refusal must be one of the
// package's errors, and an image it accepts is within the limits and as
// large as its header said.
func FuzzDecode(f *testing.F) {
	for _, ext := range []gocv.FileExt{gocv.PNGFileExt, gocv.JPEGFileExt, ".bmp", ".tiff", ".webp"} {
		f.Add(encode(f, ext))
	}
	f.Add(imagefiletest.Huge())
	f.Add(imagefiletest.PNGClaiming(64, 48))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Check(data)
		if err == nil && in.Width*in.Height > 4<<20 {
			return // a valid header of a big image: decoding it proves nothing more and costs memory
		}
		m, err := Decode(data, "fuzz")
		defer m.Close()
		if err != nil {
			if !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrUnsupported) && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("unexpected error: %v", err)
			}
			return
		}
		if m.Empty() || m.Channels() != 3 || m.Cols()*m.Rows() != in.Width*in.Height {
			t.Fatalf("decoded %d×%d×%d from a %+v header", m.Cols(), m.Rows(), m.Channels(), in)
		}
	})
}
