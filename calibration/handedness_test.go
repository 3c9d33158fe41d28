package calibration

import (
	"math/rand/v2"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// TestFitCodesNeverMirrors: the fit's residuals are lengths, which the
// mirror image of the table keeps as well, so nothing but the handedness
// rule stops the fit from reading the table upside down. Over many views
// (tilts, rolls, code sizes, corner noise) every code must come out
// clockwise on the table as it is in the image, and rows must keep their
// order (north stays north).
func TestFitCodesNeverMirrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	mirrored, runs := 0, 0
	for _, tilt := range []float64{0, 4, 8, 12, 16, 20, 25, 30} {
		for _, roll := range []float64{-20, -7, 0, 3, 11, 25} {
			for _, module := range []float64{1.40, 1.43, 1.45, 1.47, 1.50, 1.55, 1.60} {
				side := 21 * module
				cam := camera(tilt, roll, 1.6)
				var marks []Mark
				for r := -1; r <= 2; r++ {
					for c := -2; c <= 2; c++ {
						at := geom.Pt{X: float64(c)*66 + rng.Float64()*4 - 2, Y: float64(r)*91 + rng.Float64()*4 - 2}
						q := codeAt(cam, at, side, rng.Float64()*6-3)
						for k := range q {
							q[k] = q[k].Add(geom.Pt{X: rng.Float64() - 0.5, Y: rng.Float64() - 0.5})
						}
						id := rules.CardID{Deck: "SA", Num: 1 + len(marks)}
						marks = append(marks, Mark{Payload: rules.CardPayload(rules.CardRef{ID: id}), Corners: q})
					}
				}
				f := &File{Decks: map[string]Deck{"SA": {Card: [2]float64{63.5, 88.9}, Code: side}}}
				tab, err := FitCodes(marks, 1280, 720, f.CodeSize(PrintedCode))
				if err != nil {
					t.Fatalf("tilt %v roll %v module %v: %v", tilt, roll, module, err)
				}
				runs++
				north := tab.H.ApplyQuad(marks[0].Corners).Centre() // row -1
				south := tab.H.ApplyQuad(marks[len(marks)-1].Corners).Centre()
				if tab.H.ApplyQuad(marks[0].Corners).Area() <= 0 || north.Y >= south.Y {
					mirrored++
					t.Errorf("tilt %v° roll %v° %.2f mm modules: the table came out mirrored (north row at y=%.0f, south at y=%.0f)", tilt, roll, module, north.Y, south.Y)
				}
			}
		}
	}
	t.Logf("%d of %d views mirrored", mirrored, runs)
}
