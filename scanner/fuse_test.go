package scanner_test

import (
	"context"
	"testing"
	"time"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/synth"
)

// smallNoisyTable is a still table of six Continental codes at 1.7 px a
// module under heavy sensor noise (σ 15): one frame gives the reader only
// some of them (vision/qr's TestAveragedStillFramesReadMore).
func smallNoisyTable(t *testing.T) (synth.Scene, int) {
	t.Helper()
	const mpx = 1.7
	ppmm := mpx / (synth.DefaultQRSideMM / 21.0)
	cam, centre := synth.Pose(640, 480, 66, ppmm, 2, 3)
	payloads, err := rules.PayloadsOf("SA")
	if err != nil {
		t.Fatal(err)
	}
	var ps []string
	for k := 0; len(ps) < 6; k += 37 {
		p, err := rules.ParsePayload(payloads[k%len(payloads)])
		if err != nil || p.Kind != rules.KindCard {
			continue
		}
		ps = append(ps, payloads[k%len(payloads)])
	}
	cards := synth.Scatter(5, cam, 640, 480, ps)
	return synth.Scene{Width: 640, Height: 480, Camera: cam, CameraCentre: centre, Cards: cards, Seed: 7,
		Effect: synth.Effects{BlurSigma: 0.6, NoiseSigma: 15}}, len(cards)
}

// readStill feeds n frames of the still scene, 15 a second, each with
// its own sensor noise, to a scanner with the given Fuse option, and
// returns how many codes its last read found and the most frames a read
// averaged.
func readStill(t *testing.T, scene synth.Scene, n, fuse int) (codes, fused int) {
	t.Helper()
	sc, err := scanner.New(nil, scanner.Options{Mode: "wit-continental", Fuse: fuse})
	if err != nil {
		t.Fatal(err)
	}
	codes = -1
	for i := 0; i < n; i++ {
		scene.Effect.NoiseSeed = uint64(i + 1)
		frame, _, err := synth.Render(scene)
		if err != nil {
			t.Fatal(err)
		}
		up, err := sc.Frame(context.Background(), time.Duration(i)*time.Second/15, frame)
		frame.Close()
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if up.Motion.State == scanner.Moving {
			t.Fatalf("frame %d: a still table with new noise was taken for moving", i)
		}
		if up.Scan != nil {
			codes = len(up.Scan.Codes)
		}
		fused = max(fused, up.Fused)
	}
	return codes, fused
}

// TestStillFramesAreFused: on a still table of small codes the live
// scanner reads the average of its frames, and reads codes no single
// frame gives (issue 28's fusion); without fusion it reads what one frame
// gives.
func TestStillFramesAreFused(t *testing.T) {
	scene, n := smallNoisyTable(t)
	const frames = 24 // 1.6 s at 15 fps: past the window and 8 fused frames
	alone, none := readStill(t, scene, frames, -1)
	fused, averaged := readStill(t, scene, frames, 0)
	t.Logf("%d codes on the table: one frame at a time read %d, the average of %d frames %d", n, alone, averaged, fused)
	if none != 0 {
		t.Errorf("with Fuse -1 a read averaged %d frames", none)
	}
	if averaged != scanner.DefaultFuse {
		t.Errorf("the reads averaged at most %d frames, want %d", averaged, scanner.DefaultFuse)
	}
	if fused < n-1 || fused <= alone {
		t.Errorf("the fused still frames read %d of %d codes, one frame at a time %d: fusing should read (nearly) all", fused, n, alone)
	}
}

// TestLargeCodesAreNotFused: a table whose codes one frame reads well is
// never averaged (fusion costs a pass over every still frame), and reads
// the same as with fusion off.
func TestLargeCodesAreNotFused(t *testing.T) {
	scene, n := smallNoisyTable(t)
	ppmm := 4.0 / (synth.DefaultQRSideMM / 21.0)
	scene.Width, scene.Height = 1280, 960
	scene.Camera, scene.CameraCentre = synth.Pose(1280, 960, 66, ppmm, 2, 3)
	scene.Cards = synth.Scatter(5, scene.Camera, 1280, 960, payloadsOf(scene.Cards))
	scene.Effect.NoiseSigma = 3
	got, averaged := readStill(t, scene, 16, 0)
	if got != n {
		t.Errorf("4 px a module: read %d of %d codes", got, n)
	}
	if averaged != 0 {
		t.Errorf("a table of 4 px codes was fused: a read averaged %d frames", averaged)
	}
}

func payloadsOf(cards []synth.Card) []string {
	var out []string
	for _, c := range cards {
		out = append(out, c.Payload)
	}
	return out
}
