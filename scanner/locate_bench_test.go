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
		var frames []gocv.Mat
		frame := func(s synth.Scene) (gocv.Mat, lowres) {
			f, _, err := synth.Render(s)
			if err != nil {
				b.Fatal(err)
			}
			frames = append(frames, f)
			low, err := makeLowres(f, 160)
			if err != nil {
				b.Fatal(err)
			}
			return f, low
		}
		f0, low0 := frame(s0)
		f1, low1 := frame(s1)
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
		f2, low2 := frame(two)
		// The light changed between two reads (a lamp moved, a cloud): the
		// table before the card was laid in one light, after in another.
		lit, relit := s0, s1
		lit.Effect.UnevenLight = 0.15
		relit.Effect.UnevenLight, relit.Seed = 0.15, 8
		f3, low3 := frame(lit)
		f4, low4 := frame(relit)

		r := qr.NewReader(qr.Options{})
		ctx := context.Background()
		primed := func(b *testing.B, f gocv.Mat, low lowres) *locator {
			l := &locator{reader: r, every: FullRead}
			if _, err := l.read(ctx, 0, f, low); err != nil {
				b.Fatal(err)
			}
			return l
		}
		// read makes the locator's read at t and checks it was of the kind
		// wanted ("" for any but carried) and found about every card.
		read := func(b *testing.B, l *locator, t time.Duration, f gocv.Mat, low lowres, kind string) {
			res, err := l.read(ctx, t, f, low)
			if err != nil {
				b.Fatal(err)
			}
			if (kind != "" && l.kind != kind) || l.kind == readCarried && kind != readCarried || len(res.All()) < len(s1.Cards)*9/10 {
				b.Fatalf("%s read finding %d codes, want a %q read of about %d", l.kind, len(res.All()), kind, len(s1.Cards))
			}
		}
		// alternate gives the locator a, b, a, b…: every read after the
		// first is a re-read of the patches where cards come and go.
		alternate := func(name string, fa gocv.Mat, la lowres, fb gocv.Mat, lb lowres) {
			b.Run(size.name+"/"+name, func(b *testing.B) {
				l := primed(b, fa, la)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					f, low := fb, lb
					if i%2 == 1 {
						f, low = fa, la
					}
					read(b, l, time.Duration(i+1)*time.Millisecond, f, low, readPatches)
				}
			})
		}
		b.Run(size.name+"/whole", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				read(b, &locator{reader: r, every: FullRead}, 0, f1, low1, readWhole)
			}
		})
		alternate("card laid or taken", f0, low0, f1, low1)
		alternate("two cards apart", f2, low2, f1, low1)
		b.Run(size.name+"/light drifted", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				l := primed(b, f3, low3)
				b.StartTimer()
				read(b, l, time.Millisecond, f4, low4, "")
			}
		})
		b.Run(size.name+"/still", func(b *testing.B) {
			l := primed(b, f1, low1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				read(b, l, time.Duration(i+1)*time.Millisecond, f1, low1, readCarried)
			}
		})
		for _, f := range frames {
			f.Close()
		}
	}
}
