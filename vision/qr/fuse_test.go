package qr_test

import (
	"context"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// TestAveragedStillFramesReadMore is the ground for fusing still frames
// in the live path (issue 28, not built yet: docs/vision.md): six codes
// at 1.7 px a module under heavy sensor noise (σ 15), where one frame
// gives the codebook reader about half of them, are all read from the
// average of eight frames of the still table.
func TestAveragedStillFramesReadMore(t *testing.T) {
	const mpx, sigma = 1.7, 15.0
	inPlay := deckPayloads("SA")
	cb, _ := qr.NewCodebook(inPlay)
	r := qr.NewReader(qr.Options{Codebook: cb})
	ppmm := mpx / (synth.DefaultQRSideMM / 21.0)
	cam, centre := synth.Pose(640, 480, 66, ppmm, 2, 3)
	var ps []string
	for k := 0; k < 6; k++ {
		ps = append(ps, inPlay[k*37])
	}
	cards := synth.Scatter(5, cam, 640, 480, ps)
	var sum gocv.Mat
	single := 0
	n := 8
	for f := 0; f < n; f++ {
		frame, _, _ := synth.Render(synth.Scene{Width: 640, Height: 480, Camera: cam, CameraCentre: centre, Cards: cards, Seed: uint64(f + 1),
			Effect: synth.Effects{BlurSigma: 0.6, NoiseSigma: sigma}})
		res, _ := r.Read(context.Background(), frame)
		if f == 0 {
			single = len(res.Codes)
			t.Logf("one frame: %d of %d read, %d unsure", len(res.Codes), len(cards), len(res.Unsure))
			sum = gocv.NewMatWithSize(frame.Rows(), frame.Cols(), gocv.MatTypeCV32FC3)
		}
		fl := gocv.NewMat()
		frame.ConvertTo(&fl, gocv.MatTypeCV32FC3)
		gocv.Add(sum, fl, &sum)
		fl.Close()
		frame.Close()
	}
	avg := gocv.NewMat()
	sum.ConvertToWithParams(&avg, gocv.MatTypeCV8UC3, 1/float32(n), 0)
	defer avg.Close()
	defer sum.Close()
	res, _ := r.Read(context.Background(), avg)
	t.Logf("average of %d: %d read, %d unsure", n, len(res.Codes), len(res.Unsure))
	if len(res.Codes) <= single || len(res.Codes) < len(cards)-1 {
		t.Errorf("the average of %d frames read %d codes, one frame %d: averaging should read (nearly) all %d", n, len(res.Codes), single, len(cards))
	}
}
