package scanner

import (
	"context"
	"image"
	"testing"

	_ "github.com/tableref/tableref/rules/modes"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/synth"
)

// Issue 18 item 8: at four Cartographer's maps or two Strange World worlds
// the card labels do not overlap: each lies inside the picture, clear of
// every other label, of the title and problem lines and of the legend;
// where a card's label cannot go anywhere near it, the card gets a number
// and the legend says it. The old labels (OpenCV text at a fixed place on
// each card) overlapped on 47 pairs of cards in the four-map photo and 20
// in the two-world photo.
func TestCardLabelsDoNotOverlap(t *testing.T) {
	o := scenes.Options{Seed: 35, Tilt: 10, Blur: 0.8, Noise: 2, Light: 0.3}
	for _, tc := range []struct {
		name string
		make func() (scenes.Game, error)
	}{
		{"four maps", func() (scenes.Game, error) { return scenes.WitCartographer(o, 4) }},
		{"two worlds", func() (scenes.Game, error) { return scenes.StrangeWorld(o, 2) }},
		{"two worlds, small frame", func() (scenes.Game, error) {
			small := o
			small.Width, small.Height = 1920, 1080
			return scenes.StrangeWorld(small, 2)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := tc.make()
			if err != nil {
				t.Fatal(err)
			}
			frame, _, err := synth.Render(g.Scene)
			if err != nil {
				t.Fatal(err)
			}
			defer frame.Close()
			sc, err := New(g.Cal, Options{Mode: g.Setup.Mode, Setup: g.Setup})
			if err != nil {
				t.Fatal(err)
			}
			scan, err := sc.Photo(context.Background(), frame)
			if err != nil {
				t.Fatal(err)
			}
			out, lay, err := annotate(frame, scan, Notes{Title: []string{"Where is That? South America", "Ana 12  Ben 11"}})
			if err != nil {
				t.Fatal(err)
			}
			out.Close()
			var placed []image.Rectangle
			legend := 0
			for _, lb := range lay.labels {
				if lb.tag > 0 {
					legend++
					if !lb.tagAt.Overlaps(lay.frame) {
						t.Errorf("legend number %d off the picture", lb.tag)
					}
					continue
				}
				if !lb.rect.In(lay.frame) {
					t.Errorf("label %q at %v leaves the %v picture", lb.lines, lb.rect, lay.frame)
				}
				if lb.box.px < lay.minPx {
					t.Errorf("label %q set at %d px, under the %d px minimum", lb.lines, lb.box.px, lay.minPx)
				}
				for _, r := range append(append([]image.Rectangle{lay.legendRect}, lay.fixedRects...), placed...) {
					if lb.rect.Overlaps(r) {
						t.Errorf("label %q at %v overlaps %v", lb.lines, lb.rect, r)
					}
				}
				placed = append(placed, lb.rect)
			}
			if len(lay.labels) < len(scan.Cards) {
				t.Errorf("%d labels for %d cards", len(lay.labels), len(scan.Cards))
			}
			if legend > len(lay.labels)/4 {
				t.Errorf("%d of %d labels only in the legend", legend, len(lay.labels))
			}
			t.Logf("%d labels, %d in the legend, %dx%d", len(lay.labels), legend, frame.Cols(), frame.Rows())
		})
	}
}
