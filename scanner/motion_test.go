package scanner

import (
	"fmt"
	"image"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/synth"
)

// direct is makeLowres by one resize of the grey frame's rows makeLowres
// averages (rowStep): slow at 12 MP (a resize by an odd ratio) but the
// plain definition.
func direct(t testing.TB, frame gocv.Mat, width int) lowres {
	h := int(float64(frame.Rows())*float64(width)/float64(frame.Cols()) + 0.5)
	rows := everyKthRow(frame, rowStep(frame.Rows(), h))
	defer rows.Close()
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(rows, &grey, gocv.ColorBGRToGray)
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(grey, &small, image.Pt(width, h), 0, 0, gocv.InterpolationArea)
	gocv.GaussianBlur(small, &small, image.Pt(3, 3), 0, 0, gocv.BorderReflect)
	b, err := small.DataPtrUint8()
	if err != nil {
		t.Fatal(err)
	}
	return lowres{w: width, h: h, px: append([]uint8(nil), b...)}
}

// TestLowresMatchesOneResize: the halvings makeLowres takes give the
// low-resolution frame one resize would, within a few grey levels (far
// under changeLevel), at 1080p, 12 MP and sizes that do not halve evenly.
func TestLowresMatchesOneResize(t *testing.T) {
	for _, size := range []image.Point{{1920, 1080}, {4608, 2592}, {4000, 3000}, {2593, 1459}} {
		cam, centre := synth.Pose(size.X, size.Y, 66, 4/(synth.DefaultQRSideMM/21.0), 8, 3)
		var payloads []string
		for i := 0; i < 12; i++ {
			payloads = append(payloads, "TR1:C:SA-001F:X")
		}
		f, _, err := synth.Render(synth.Scene{Width: size.X, Height: size.Y, Camera: cam, CameraCentre: centre,
			Cards: synth.Scatter(5, cam, size.X, size.Y, payloads), Effect: synth.Effects{NoiseSigma: 3, UnevenLight: 0.3}, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		got, err := makeLowres(f, 160)
		want := direct(t, f, 160)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got.w != want.w || got.h != want.h {
			t.Errorf("%v: %d×%d, want %d×%d", size, got.w, got.h, want.w, want.h)
			continue
		}
		worst := 0
		for i := range got.px {
			worst = max(worst, abs(int(got.px[i])-int(want.px[i])))
		}
		if worst > changeLevel/3 {
			t.Errorf("%v: a low-res pixel %d grey levels from one resize's", size, worst)
		}
	}
}

// TestLowresSteadyWhereRowsAreSkipped: at 12 MP the low-res frame
// averages every third row (rowStep). What motion needs of it holds: two
// frames of a still table differing only by sensor noise, or by the
// camera moving a row (a knock on the table), give low-res frames within
// changeLevel/3 of each other, as averaging every row does. (Every ninth
// row gave 8–9 grey levels after a row's shift, every 28th row 24 and
// pixels counted as changed.)
func TestLowresSteadyWhereRowsAreSkipped(t *testing.T) {
	size := image.Pt(4608, 2592)
	if rowStep(size.Y, 90) < 2 {
		t.Fatalf("rowStep(%d, 90) = %d: 12 MP frames no longer skip rows; this test has nothing to check", size.Y, rowStep(size.Y, 90))
	}
	cam, centre := synth.Pose(size.X, size.Y, 66, 2/(synth.DefaultQRSideMM/21.0), 8, 3)
	var payloads []string
	for i := 0; i < 30; i++ {
		payloads = append(payloads, fmt.Sprintf("TR1:C:SA-%03dF:X", i+1))
	}
	render := func(noiseSeed uint64) gocv.Mat {
		f, _, err := synth.Render(synth.Scene{Width: size.X, Height: size.Y, Camera: cam, CameraCentre: centre,
			Cards:  synth.Scatter(5, cam, size.X, size.Y, payloads),
			Effect: synth.Effects{Bayer: true, NoiseSigma: 3, NoiseSeed: noiseSeed, UnevenLight: 0.3}, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	worst := func(a, b gocv.Mat) int {
		la, err := makeLowres(a, 160)
		if err != nil {
			t.Fatal(err)
		}
		lb, err := makeLowres(b, 160)
		if err != nil {
			t.Fatal(err)
		}
		w := 0
		for i := range la.px {
			w = max(w, abs(int(la.px[i])-int(lb.px[i])))
		}
		return w
	}
	a, b := render(1), render(2)
	defer a.Close()
	defer b.Close()
	if w := worst(a, b); w > changeLevel/3 {
		t.Errorf("sensor noise alone moves a low-res pixel %d grey levels", w)
	}
	// The same frame one row apart: rows 0..H-2 against rows 1..H-1,
	// copied so each is a whole frame of its own.
	upper, lower := a.Region(image.Rect(0, 0, size.X, size.Y-1)), a.Region(image.Rect(0, 1, size.X, size.Y))
	defer upper.Close()
	defer lower.Close()
	u, l := upper.Clone(), lower.Clone()
	defer u.Close()
	defer l.Close()
	if w := worst(u, l); w > changeLevel/3 {
		t.Errorf("the camera moving one row moves a low-res pixel %d grey levels", w)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// BenchmarkMakeLowres: the scanner's cost on every frame, moving or not.
func BenchmarkMakeLowres(b *testing.B) {
	for _, size := range []image.Point{{1920, 1080}, {4608, 2592}} {
		m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(100, 120, 140, 0), size.Y, size.X, gocv.MatTypeCV8UC3)
		b.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := makeLowres(m, 160); err != nil {
					b.Fatal(err)
				}
			}
		})
		m.Close()
	}
}
