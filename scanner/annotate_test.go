package scanner_test

import (
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/synth"
)

// Issue 18 item 8: names are drawn with a real font, accents included:
// the annotated picture of a card called "Bogotá" differs from one called
// "Bogota", as "São Paulo" from "Sao Paulo". OpenCV's own fonts draw only
// ASCII, so the old picture stripped the accents and both came out the
// same.
func TestAnnotatedNamesKeepTheirAccents(t *testing.T) {
	g, err := scenes.WitCartographer(scenes.Options{Seed: 31}, 2)
	if err != nil {
		t.Fatal(err)
	}
	scan := photo(t, g)
	frame := render(t, g)
	defer frame.Close()
	draw := func(name string) gocv.Mat {
		out, err := scanner.Annotate(frame, scan, scanner.Notes{Title: []string{name}, Name: func(rules.CardID) string { return name }})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, pair := range [][2]string{{"Bogotá", "Bogota"}, {"São Paulo", "Sao Paulo"}, {"Łódź", "Lodz"}} {
		a, b := draw(pair[0]), draw(pair[1])
		diff := gocv.NewMat()
		gocv.AbsDiff(a, b, &diff)
		grey := gocv.NewMat()
		gocv.CvtColor(diff, &grey, gocv.ColorBGRToGray)
		changed := gocv.CountNonZero(grey)
		a.Close()
		b.Close()
		diff.Close()
		grey.Close()
		if changed < 10*len(scan.Cards) {
			t.Errorf("%q and %q draw alike (%d pixels differ over %d labels)", pair[0], pair[1], changed, len(scan.Cards))
		}
	}
}

// render draws a game's scene; the caller closes the frame.
func render(t *testing.T, g scenes.Game) gocv.Mat {
	t.Helper()
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		t.Fatal(err)
	}
	return frame
}
