package scanner_test

import (
	"context"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/colourgrid"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// TestNoMatLeaks: reading photos and streams, calibrating and drawing
// close every OpenCV Mat they make. Needs gocv's Mat profile:
// go test -tags matprofile ./scanner/
func TestNoMatLeaks(t *testing.T) {
	prof := pprof.Lookup("gocv.io/x/gocv.Mat")
	if prof == nil {
		t.Skip("Mat profile off: run go test -tags matprofile ./scanner/")
	}
	g, err := scenes.ShakeCity(scenes.Options{Seed: 71, Width: 1920, Height: 1080}, 1)
	if err != nil {
		t.Fatal(err)
	}
	calibrateColours(t, g.Cal, scenes.Options{Seed: 71, Width: 1920, Height: 1080}, 1)
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	ctx := context.Background()
	before := prof.Count()
	sc, err := scanner.New(g.Cal, scanner.Options{Mode: g.Setup.Mode, Setup: g.Setup, Stable: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	scan, err := sc.Photo(ctx, frame)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		if _, err := sc.Frame(ctx, time.Duration(i)*time.Second, frame); err != nil {
			t.Fatal(err)
		}
	}
	img, err := scanner.Annotate(frame, scan, scanner.Notes{Title: []string{"leak test"}})
	if err != nil {
		t.Fatal(err)
	}
	img.Close()
	show, err := sc.ShowCalibration(ctx, frame)
	if err != nil {
		t.Fatal(err)
	}
	show.Close()
	res, err := qr.NewReader(qr.Options{}).Read(ctx, frame)
	if err != nil {
		t.Fatal(err)
	}
	mats, _ := colourgrid.Find(res.Codes, g.Cal)
	if _, err := colourgrid.CaptureBoards(frame, mats); err != nil {
		t.Fatal(err)
	}
	if _, err := colourgrid.ColourSamples(frame, mats); err != nil {
		t.Fatal(err)
	}
	for _, m := range mats {
		if m.IsShaker() {
			if _, err := colourgrid.LearnDrop(frame, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if after := prof.Count(); after != before {
		t.Errorf("%d Mats leaked", after-before)
	}
}
