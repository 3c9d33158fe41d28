package synth

import (
	"math/rand/v2"

	"gocv.io/x/gocv"
)

// bayerToBGR demosaics an RGGB mosaic (red at even rows and columns, blue
// at odd rows and columns). OpenCV names Bayer patterns by the second
// row's second and third pixels, so its "BG" is the RGGB sensor
// (TestBayerKeepsColours fails if this is the wrong one).
const bayerToBGR = gocv.ColorBayerBGToBGREA

// bayer passes the frame (8-bit BGR) through an RGGB colour sensor: each
// pixel keeps only the channel of its filter, sensor noise of sigma levels
// is added to that raw mosaic, and the frame is rebuilt by demosaicing.
func bayer(frame *gocv.Mat, sigma float64, rng *rand.Rand) {
	w, h := frame.Cols(), frame.Rows()
	raw := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8U)
	defer raw.Close()
	src, _ := frame.DataPtrUint8()
	dst, _ := raw.DataPtrUint8()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			// BGR channel of the filter over (x, y): R G / G B.
			ch := 1
			switch {
			case y%2 == 0 && x%2 == 0:
				ch = 2
			case y%2 == 1 && x%2 == 1:
				ch = 0
			}
			i := y*w + x
			dst[i] = src[i*3+ch]
		}
	}
	if sigma > 0 {
		noise(&raw, sigma, rng)
	}
	gocv.CvtColor(raw, frame, bayerToBGR)
}
