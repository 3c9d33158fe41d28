package cards

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/internal/printtest"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// testRanks stands in for the engine's ranks where a test only needs
// distinct numbers.
func testRanks(id rules.CardID) (int, int, bool) { return id.Num, 200 - id.Num, true }

func style() Style { return Style{Module: DefaultModule} }

func render(t *testing.T, set *Set, s Sheet) (string, int) {
	t.Helper()
	var buf bytes.Buffer
	pages, err := s.Write(set, &buf)
	if err != nil {
		t.Fatal(err)
	}
	return printtest.WritePDF(t, buf.Bytes()), pages
}

// want is every payload a set prints: both sides of every card.
func want(set *Set) []string {
	var out []string
	for _, c := range set.Cards {
		f, b := Payloads(c.ID)
		out = append(out, f, b)
	}
	return printtest.Sorted(out)
}

func sameSet(t *testing.T, what string, got, want []string) {
	t.Helper()
	got = printtest.Sorted(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s: decoded %d codes, want %d\n got %v\nwant %v", what, len(got), len(want), got, want)
	}
}

// first keeps the first n cards, to bound the slowest renders.
func first(set *Set, n int) *Set {
	c := *set
	c.Cards = c.Cards[:min(n, len(c.Cards))]
	return &c
}

// Every code of every deck decodes again after printing to PDF and
// rendering at 150 dpi (about a cheap scan) and 300 dpi, with zbar and with
// tableref's own reader, and the decoded set is exactly the deck's.
func TestDecksDecodeAfterPrinting(t *testing.T) {
	printtest.Need(t, "pdftoppm", "zbarimg")
	sa, err := WhereIsThat(testRanks, style())
	if err != nil {
		t.Fatal(err)
	}
	wld, _ := MapIt(style())
	eu, _ := NordSudOvestEst(style())
	for _, tc := range []struct {
		set   *Set
		sheet Sheet
		dpi   int
	}{
		{sa, Sheet{Paper: layout.A4}, 150},
		{first(sa, 18), Sheet{Paper: layout.Letter, CutLines: true}, 300},
		{first(wld, 27), Sheet{Paper: layout.Letter, Bleed: 1.5}, 150},
		{first(wld, 9), Sheet{Paper: layout.A4, Bleed: 3}, 300},
		{eu, Sheet{Paper: layout.A4, CutLines: true}, 150},
	} {
		name := fmt.Sprintf("%s-%d-cards-%s-%ddpi", tc.set.Code, len(tc.set.Cards), tc.sheet.Paper.Name, tc.dpi)
		t.Run(name, func(t *testing.T) {
			path, _ := render(t, tc.set, tc.sheet)
			g, _ := tc.sheet.Grid()
			var z, tr []string
			for i, png := range printtest.Render(t, path, tc.dpi) {
				// Pages alternate fronts and backs; one tile per card slot.
				var boxes []printtest.Box
				for k := 0; k < g.PerPage(); k++ {
					at := g.Front(k)
					if i%2 == 1 {
						at = g.Back(k, 0, 0)
					}
					boxes = append(boxes, printtest.Box{X: at.X, Y: at.Y, W: g.Card.W, H: g.Card.H})
				}
				z = append(z, printtest.ZbarTiles(t, png, float64(tc.dpi), boxes)...)
				tr = append(tr, printtest.Tableref(t, png)...)
			}
			sameSet(t, "zbarimg", z, want(tc.set))
			sameSet(t, "vision/qr", tr, want(tc.set))
		})
	}
}

// Backs land behind their fronts after long-edge duplex: measured on the
// pages rendered at 150 dpi, each back's code lies at the mirror image of
// its front's within 0.2 mm (both sides put the code at the same place on
// the card), with and without bleed.
func TestBacksAreMirroredInThePDF(t *testing.T) {
	printtest.Need(t, "pdftoppm")
	set, _ := WhereIsThat(testRanks, style())
	set = first(set, 7) // a part-filled sheet: backs must still mirror
	for _, sheet := range []Sheet{{Paper: layout.A4}, {Paper: layout.Letter, Bleed: 0.5}, {Paper: layout.A4, Bleed: 3, Cols: 2}} {
		path, pages := render(t, set, sheet)
		g, _ := sheet.Grid()
		if want := 2 * ((len(set.Cards) + g.PerPage() - 1) / g.PerPage()); pages != want {
			t.Fatalf("%d pages, want %d", pages, want)
		}
		const dpi = 150
		png := printtest.Render(t, path, dpi)
		box := Code(g.Card, DefaultModule)
		symbol := 21 * box.Module
		for i, c := range set.Cards {
			sh, k := i/g.PerPage(), i%g.PerPage()
			card, back := g.Front(k), g.Back(k, 0, 0)
			// The symbol's extent, from the dark pixels around where it
			// should be: the codes differ, their extents must not.
			look := func(at layoutPt) printtest.Box {
				return printtest.Box{X: at.X + box.X - symbol/2 - 2, Y: at.Y + box.Y - symbol/2 - 2, W: symbol + 4, H: symbol + 4}
			}
			fb, ok1 := printtest.DarkBox(t, png[2*sh], dpi, look(layoutPt(card)))
			bb, ok2 := printtest.DarkBox(t, png[2*sh+1], dpi, look(layoutPt(back)))
			if !ok1 || !ok2 {
				t.Fatalf("card %s: codes not found", c.ID)
			}
			fx, fy := fb.X+fb.W/2, fb.Y+fb.H/2
			bx, by := bb.X+bb.W/2, bb.Y+bb.H/2
			if math.Abs(fx-(card.X+box.X)) > 0.2 || math.Abs(fy-(card.Y+box.Y)) > 0.2 || math.Abs(fb.W-symbol) > 0.3 {
				t.Errorf("%s front code %.2f mm wide at (%.2f, %.2f) mm, want %.2f at (%.2f, %.2f)", c.ID, fb.W, fx, fy, symbol, card.X+box.X, card.Y+box.Y)
			}
			// Turned over the long edge, the back's x is the front's
			// mirrored across the page.
			if dx, dy := bx-(sheet.Paper.W-fx), by-fy; math.Abs(dx) > 0.2 || math.Abs(dy) > 0.2 {
				t.Errorf("%s on %s with %g mm bleed: back off its front by (%.2f, %.2f) mm", c.ID, sheet.Paper.Name, sheet.Bleed, dx, dy)
			}
		}
		for i, s := range printtest.PageSizesMM(t, path) {
			if math.Abs(s[0]-sheet.Paper.W) > 0.2 || math.Abs(s[1]-sheet.Paper.H) > 0.2 {
				t.Errorf("page %d is %.1f×%.1f mm, want %s", i+1, s[0], s[1], sheet.Paper.Name)
			}
		}
	}
}

// Nothing prints in the outer 4 mm a home printer cannot reach, on A4 and
// Letter with the bleed each gets by default, fronts and backs; and the
// layouts that would are warned about.
func TestNothingOutsideThePrintableArea(t *testing.T) {
	printtest.Need(t, "pdftoppm")
	set, _ := NordSudOvestEst(style())
	set = first(set, 9)
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		sheet := Sheet{Paper: p, Bleed: AutoBleed(p, layout.Poker, 3, 3)}
		if sheet.Bleed <= 0 {
			t.Errorf("%s: no bleed fits", p.Name)
		}
		if w := sheet.Warnings(); len(w) != 0 {
			t.Errorf("%s default layout warns: %v", p.Name, w)
		}
		path, _ := render(t, set, sheet)
		for i, png := range printtest.Render(t, path, 150) {
			if n := printtest.InkOutside(t, png, 150, layout.MinMargin-0.3); n > 0 {
				t.Errorf("%s page %d: %d pixels of ink in the outer %g mm", p.Name, i+1, n, layout.MinMargin)
			}
		}
	}
	// Three cards of 63.5 + 6 mm on A4 leave 0.75 mm: warned, with the fix.
	w := Sheet{Paper: layout.A4, Bleed: 3}.Warnings()
	if len(w) != 1 || !strings.Contains(w[0], "0.8 mm margins") || !strings.Contains(w[0], "--bleed 0") || !strings.Contains(w[0], "--cols 2") {
		t.Errorf("A4 with 3 mm bleed: %q", w)
	}
	if w := (Sheet{Paper: layout.Letter, Bleed: 1}).Warnings(); len(w) != 1 || !strings.Contains(w[0], "--rows 2") {
		t.Errorf("Letter with 1 mm bleed: %q", w)
	}
}

type layoutPt = draw.Pt

// centres maps each decoded payload to its code's centre in mm.
func centres(t *testing.T, png string, dpi float64) map[string][2]float64 {
	out := map[string][2]float64{}
	for _, c := range printtest.TablerefCodes(t, png) {
		p := c.Centre()
		out[c.Text] = [2]float64{p.X * 25.4 / dpi, p.Y * 25.4 / dpi}
	}
	return out
}

// Accented names survive into the PDF's text (embedded font, UTF-8).
func TestAccentsSurvive(t *testing.T) {
	printtest.Need(t, "pdftotext")
	sa, _ := WhereIsThat(testRanks, style())
	path, _ := render(t, sa, Sheet{Paper: layout.A4, NoBacks: true})
	text := printtest.Text(t, path)
	for _, name := range []string{"Bogotá", "São Paulo", "Encarnación"} {
		if !strings.Contains(text, name) {
			t.Errorf("%q missing from the PDF text", name)
		}
	}
	// Łódź is not in these decks: print it on a card of its own.
	lodz := geo.Cards(geo.DeckEurope)[0]
	lodz.Name, lodz.Country = "Łódź", "Polska"
	set := &Set{Code: "EU", Name: "test", Cards: []Card{{ID: lodz.ID, Front: geoFront(lodz, frontStyle{edge: nsoeEdge, country: true}, style()), Back: coordBack(lodz, nsoeEdge, true, style())}}}
	path, _ = render(t, set, Sheet{Paper: layout.A4})
	if text := printtest.Text(t, path); !strings.Contains(text, "Łódź") {
		t.Errorf("Łódź missing from the PDF text: %q", text)
	}
}

// The printed numbers follow geography: Bogotá (4.6° N) is north of Lima
// (12° S), so its north–south number is lower; Lima (77° W) is west of
// Bogotá (74° W), so its west–east number is lower.
func TestWITRanksFollowGeography(t *testing.T) {
	ranks, err := WITRanks()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]rules.CardID{}
	for _, c := range geo.Cards(geo.DeckSA) {
		byName[c.Name] = c.ID
	}
	bNS, bWE, ok1 := ranks(byName["Bogotá"])
	lNS, lWE, ok2 := ranks(byName["Lima"])
	if !ok1 || !ok2 {
		t.Fatal("Bogotá or Lima has no ranks")
	}
	if !(bNS < lNS) || !(lWE < bWE) {
		t.Errorf("Bogotá %d/%d, Lima %d/%d", bNS, bWE, lNS, lWE)
	}
	if _, err := WhereIsThat(ranks, style()); err != nil {
		t.Fatal(err)
	}
}
