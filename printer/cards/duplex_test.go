package cards

import (
	"bytes"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"testing"

	"github.com/tableref/tableref/printer/internal/printtest"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/pdf"
)

// wordBox is one word's box in pdftotext -bbox output, in points.
var wordBox = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// The duplex sheet's instruction lines stay clear of its crosses: a
// millimetre above and below each line and 3 mm at its ends hold no ink
// (the corner crosses' lines once ran through the front's instruction).
func TestDuplexSheetLinesClearOfCrosses(t *testing.T) {
	printtest.Need(t, "pdftoppm", "pdftotext")
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		doc := pdf.New(p.W, p.H, "duplex")
		DuplexCalibration(doc, p)
		var buf bytes.Buffer
		if err := doc.Write(&buf); err != nil {
			t.Fatal(err)
		}
		path := printtest.WritePDF(t, buf.Bytes())
		pngs := printtest.Render(t, path, 150)
		for page := 1; page <= 2; page++ {
			out, err := exec.Command("pdftotext", "-bbox", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), path, "-").Output()
			if err != nil {
				t.Fatalf("pdftotext: %v", err)
			}
			// Each printed sentence: the words sharing a baseline with
			// less than 5 mm between them (the scales' numbers stand apart).
			type span struct{ x0, x1, y0, y1 float64 }
			var words []span
			for _, m := range wordBox.FindAllStringSubmatch(string(out), -1) {
				v := make([]float64, 4)
				for i := range v {
					v[i], _ = strconv.ParseFloat(m[i+1], 64)
					v[i] *= 25.4 / 72
				}
				words = append(words, span{v[0], v[2], v[1], v[3]})
			}
			sort.Slice(words, func(i, j int) bool {
				return words[i].y0 < words[j].y0 || words[i].y0 == words[j].y0 && words[i].x0 < words[j].x0
			})
			var lines []span
			for _, w := range words {
				if n := len(lines); n > 0 && lines[n-1].y0 == w.y0 && w.x0-lines[n-1].x1 < 5 {
					lines[n-1].x1 = w.x1
					continue
				}
				lines = append(lines, w)
			}
			lines = slices.DeleteFunc(lines, func(s span) bool { return s.x1-s.x0 < 40 })
			if len(lines) < 2 {
				t.Fatalf("%s page %d: %d lines of text, want the title and the instruction", p.Name, page, len(lines))
			}
			for _, s := range lines {
				for _, strip := range []printtest.Box{
					{X: s.x0 - 3, Y: s.y0 - 1.2, W: s.x1 - s.x0 + 6, H: 1},
					{X: s.x0 - 3, Y: s.y1 + 0.2, W: s.x1 - s.x0 + 6, H: 1},
					{X: s.x0 - 3, Y: s.y0, W: 2.5, H: s.y1 - s.y0},
					{X: s.x1 + 0.5, Y: s.y0, W: 2.5, H: s.y1 - s.y0},
				} {
					if ink, found := printtest.DarkBox(t, pngs[page-1], 150, strip); found {
						t.Errorf("%s page %d: ink at %.1f,%.1f mm (%.1f×%.1f) beside the line at %.1f–%.1f mm", p.Name, page, ink.X, ink.Y, ink.W, ink.H, s.y0, s.y1)
					}
				}
			}
		}
	}
}
