package scanner

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// benchTable is a table of n cards (their check characters are not
// computed: the reader reports them as foreign codes, read all the same) at w×h, 4 px a module, with the last
// card left out (it is laid in the benchmark).
func benchTable(w, h, n int) (before, after synth.Scene) {
	cam, centre := synth.Pose(w, h, 66, 4/(synth.DefaultQRSideMM/21.0), 8, 3)
	var payloads []string
	for i := 0; i < n; i++ {
		payloads = append(payloads, fmt.Sprintf("TR1:C:SA-%03dF:X", i+1))
	}
	after = synth.Scene{Width: w, Height: h, Camera: cam, CameraCentre: centre,
		Cards: synth.Scatter(42, cam, w, h, payloads), Effect: synth.Effects{NoiseSigma: 4, JPEGQuality: 70}, Seed: 7}
	before = after
	before.Cards = after.Cards[:len(after.Cards)-1]
	return before, after
}

// BenchmarkLocator times the locate stage of a stream on the frame after a
// card was laid: "whole" is the read a one-photo scan makes (and the
// stream's first, periodic and after-the-table-moved reads), "card laid or
// taken" the re-read of only the patch that changed, "two cards apart"
// two patches at the two ends of the table, "light drifted" the frame
// after a card was laid while the light changed across the table, "still"
// the same frame again (every code carried, nothing read).
func BenchmarkLocator(b *testing.B) {
	for _, size := range []struct {
		name    string
		w, h, n int
	}{{"1080p20", 1920, 1080, 20}, {"12MP60", 4608, 2592, 60}} {
		s0, s1 := benchTable(size.w, size.h, size.n)
		f0, _, err := synth.Render(s0)
		if err != nil {
			b.Fatal(err)
		}
		f1, _, err := synth.Render(s1)
		if err != nil {
			b.Fatal(err)
		}
		low0, err := makeLowres(f0, 160)
		if err != nil {
			b.Fatal(err)
		}
		low1, err := makeLowres(f1, 160)
		if err != nil {
			b.Fatal(err)
		}
		r := qr.NewReader(qr.Options{})
		ctx := context.Background()
		primed := func(b *testing.B, f gocv.Mat, low lowres) *locator {
			l := &locator{reader: r, every: FullRead}
			if _, err := l.read(ctx, 0, f, low); err != nil {
				b.Fatal(err)
			}
			return l
		}
		check := func(b *testing.B, l *locator, res qr.Result, kind string) {
			if l.kind != kind || len(res.All()) < len(s1.Cards)*9/10 {
				b.Fatalf("%s read finding %d codes, want a %s read of about %d", l.kind, len(res.All()), kind, len(s1.Cards))
			}
		}
		b.Run(size.name+"/whole", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				l := &locator{reader: r, every: FullRead}
				res, err := l.read(ctx, 0, f1, low1)
				if err != nil {
					b.Fatal(err)
				}
				check(b, l, res, readWhole)
			}
		})
		// Laid, taken, laid…: every read after the first is a re-read of
		// the patch where the card comes and goes.
		b.Run(size.name+"/card laid or taken", func(b *testing.B) {
			l := primed(b, f0, low0)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f, low := f1, low1
				if i%2 == 1 {
					f, low = f0, low0
				}
				res, err := l.read(ctx, time.Duration(i+1)*time.Millisecond, f, low)
				if err != nil {
					b.Fatal(err)
				}
				check(b, l, res, readPatches)
			}
		})
		// Two cards laid at once at the two ends of the table (the
		// westernmost and easternmost): two patches apart.
		two := s1
		two.Cards = nil
		west, east := 0, 0
		for i, c := range s1.Cards {
			if c.Centre.X < s1.Cards[west].Centre.X {
				west = i
			}
			if c.Centre.X > s1.Cards[east].Centre.X {
				east = i
			}
		}
		for i, c := range s1.Cards {
			if i != west && i != east {
				two.Cards = append(two.Cards, c)
			}
		}
		f2, _, err := synth.Render(two)
		if err != nil {
			b.Fatal(err)
		}
		low2, err := makeLowres(f2, 160)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(size.name+"/two cards apart", func(b *testing.B) {
			l := primed(b, f2, low2)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f, low := f1, low1
				if i%2 == 1 {
					f, low = f2, low2
				}
				res, err := l.read(ctx, time.Duration(i+1)*time.Millisecond, f, low)
				if err != nil {
					b.Fatal(err)
				}
				check(b, l, res, readPatches)
			}
		})
		// The light changed between two reads (a lamp moved, a cloud):
		// the same table lit from elsewhere, with the card laid.
		relit := s1
		relit.Effect.UnevenLight, relit.Seed = 0.15, 8
		lit := s0
		lit.Effect.UnevenLight = 0.15
		f3, _, err := synth.Render(relit)
		if err != nil {
			b.Fatal(err)
		}
		low3, err := makeLowres(f3, 160)
		if err != nil {
			b.Fatal(err)
		}
		f4, _, err := synth.Render(lit)
		if err != nil {
			b.Fatal(err)
		}
		low4, err := makeLowres(f4, 160)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(size.name+"/light drifted", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				l := primed(b, f4, low4)
				b.StartTimer()
				res, err := l.read(ctx, time.Millisecond, f3, low3)
				if err != nil {
					b.Fatal(err)
				}
				if l.kind == readCarried || len(res.All()) < len(s1.Cards)*9/10 {
					b.Fatalf("%s read finding %d codes, want about %d", l.kind, len(res.All()), len(s1.Cards))
				}
			}
		})
		f2.Close()
		f3.Close()
		f4.Close()
		b.Run(size.name+"/still", func(b *testing.B) {
			l := primed(b, f1, low1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				res, err := l.read(ctx, time.Duration(i+1)*time.Millisecond, f1, low1)
				if err != nil {
					b.Fatal(err)
				}
				check(b, l, res, readCarried)
			}
		})
		f0.Close()
		f1.Close()
	}
}
