package stickers

import (
	"bytes"
	"github.com/tableref/tableref/rules"
	"strings"
	"testing"

	"github.com/tableref/tableref/printer/internal/printtest"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/rules/geo"
)

func boxes(l layout.Labels, from, to int) []printtest.Box {
	var out []printtest.Box
	for k := from; k < to; k++ {
		at := l.Pos(k, 0, 0)
		out = append(out, printtest.Box{X: at.X, Y: at.Y, W: l.W, H: l.H})
	}
	return out
}

// Every Strange World sticker decodes again from the printed sheets, each
// from its own label, and the decoded list (with its 60 identical Tzimime
// backs) is exactly the engine's list.
func TestStrangeWorldStickersDecode(t *testing.T) {
	printtest.Need(t, "pdftoppm", "zbarimg")
	list := StrangeWorld()
	var want []string
	for _, s := range list {
		want = append(want, s.Payload)
	}
	want = printtest.Sorted(want)
	grid, err := layout.ParseLabels("grid:3x6", layout.Letter)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		sheet layout.Labels
		dpi   int
	}{{layout.L7160, 300}, {grid, 150}} {
		t.Run(tc.sheet.Name, func(t *testing.T) {
			var buf bytes.Buffer
			pages, _, err := Write(list, Options{Sheet: tc.sheet, Start: 1}, &buf)
			if err != nil {
				t.Fatal(err)
			}
			if want := (len(list) + tc.sheet.PerSheet() - 1) / tc.sheet.PerSheet(); pages != want {
				t.Errorf("%d pages, want %d", pages, want)
			}
			path := printtest.WritePDF(t, buf.Bytes())
			var z []string
			for _, png := range printtest.Render(t, path, tc.dpi) {
				z = append(z, printtest.ZbarTiles(t, png, float64(tc.dpi), boxes(tc.sheet, 0, tc.sheet.PerSheet()))...)
			}
			if got := printtest.Sorted(z); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("decoded %d stickers, want %d", len(got), len(want))
			}
		})
	}
}

// Avery 5160's labels are only 25.4 mm tall: the code still decodes at
// 300 dpi, and tableref's reader finds it too. Starting at label 29 puts
// two stickers on the first sheet and leaves labels 1–28 blank.
func TestStartAtLabelOn5160(t *testing.T) {
	printtest.Need(t, "pdftoppm", "zbarimg")
	list := StrangeWorld()[:5]
	var buf bytes.Buffer
	pages, module, err := Write(list, Options{Sheet: layout.Avery5160, Start: 29}, &buf)
	if err != nil || pages != 2 {
		t.Fatalf("pages %d, err %v", pages, err)
	}
	if module <= 0 || module*33 > layout.Avery5160.H {
		t.Errorf("module %.2f mm does not fit a 25.4 mm label with its quiet zone", module)
	}
	png := printtest.Render(t, printtest.WritePDF(t, buf.Bytes()), 300)
	if blank := printtest.ZbarTiles(t, png[0], 300, boxes(layout.Avery5160, 0, 28)); len(blank) != 0 {
		t.Errorf("labels 1–28 should be blank, found %v", blank)
	}
	got := printtest.ZbarTiles(t, png[0], 300, boxes(layout.Avery5160, 28, 30))
	got = append(got, printtest.ZbarTiles(t, png[1], 300, boxes(layout.Avery5160, 0, 3))...)
	for i, s := range list {
		if i >= len(got) || got[i] != s.Payload {
			t.Fatalf("label order: got %v, want %s at %d", got, s.Payload, i)
		}
	}
	tr := printtest.Tableref(t, png[1])
	if len(tr) != 3 {
		t.Errorf("vision/qr found %d codes on the second sheet, want 3: %v", len(tr), tr)
	}
}

func TestWrap(t *testing.T) {
	lines := wrap("Yellow-Green (Snake) #3 back (Tzimime)", 22, 6.5, 3)
	if len(lines) < 2 || len(lines) > 3 {
		t.Fatalf("lines %q", lines)
	}
	if strings.Join(lines, " ") != "Yellow-Green (Snake) #3 back (Tzimime)" {
		t.Errorf("words lost: %q", lines)
	}
	if cut := wrap("a b c d e f g h i j k l m n o p q r s t u v w x y z", 5, 6.5, 2); len(cut) != 2 || !strings.HasSuffix(cut[1], "…") {
		t.Errorf("overflow not cut: %q", cut)
	}
}

// The default sheet passes the camera check: for the default camera it is
// a cut grid of 0.8 mm codes, 56 stickers a page (an Avery sheet holds the
// codes but puts 21 bigger stickers a page); a camera 70 cm up needs
// smaller codes still, more a page; a sheet or module that fails is
// refused with what to use instead, and printed only with Force.
func TestChooseFollowsTheCamera(t *testing.T) {
	cam := sizing.Default
	c, err := Choose(Request{Paper: layout.A4, Camera: cam})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Sheet.Plain || c.Module != rules.StickerModuleMM || !cam.CheckModule(c.Module).OK || c.Sheet.PerSheet() != 56 {
		t.Errorf("default A4 choice: %s, %g mm, %d per sheet", c.Sheet.Name, c.Module, c.Sheet.PerSheet())
	}
	if err := c.Sheet.Validate(); err != nil {
		t.Error(err)
	}
	near := cam
	near.HeightCm = 70
	if n, err := Choose(Request{Paper: layout.A4, Camera: near}); err != nil || !n.Sheet.Plain || n.Sheet.PerSheet() <= c.Sheet.PerSheet() || !near.CheckModule(n.Module).OK {
		t.Errorf("camera at 70 cm: %+v, %v", n.Sheet.Name, err)
	}
	if a, err := Choose(Request{Paper: layout.A4, Sheet: "l7160", Camera: cam}); err != nil || a.Module != rules.StickerModuleMM {
		t.Errorf("L7160 holds the default camera's codes: %+v, %v", a, err)
	}
	_, err = Choose(Request{Paper: layout.Letter, Sheet: "5160", Camera: cam})
	if err == nil || !strings.Contains(err.Error(), "--sheet cut") || !strings.Contains(err.Error(), "--force") {
		t.Errorf("5160 for the default camera: %v", err)
	}
	if c, err := Choose(Request{Paper: layout.Letter, Sheet: "5160", Camera: cam, Force: true}); err != nil || c.Warning == "" || cam.CheckModule(c.Module).OK {
		t.Errorf("forced 5160: %+v %v", c, err)
	}
	if _, err := Choose(Request{Paper: layout.Letter, Module: 0.6, Camera: cam}); err == nil || !strings.Contains(err.Error(), "--module 0.8") {
		t.Errorf("--module 0.6: %v", err)
	}
	if c, err := Choose(Request{Paper: layout.Letter, Module: 1.8, Camera: cam}); err != nil || c.Module != 1.8 {
		t.Errorf("--module 1.8: %+v %v", c, err)
	}
}

// Every deck's stickers (SA, WLD, EU, SW) print on the default sheet for
// the default camera and decode again from a 150 dpi rendering, each from
// its own label, with their codes at the promised 0.8 mm modules; the
// "where to stick" page follows.
func TestEveryDeckStickersDecode(t *testing.T) {
	printtest.Need(t, "pdftoppm", "zbarimg")
	for _, code := range []string{"SA", "WLD", "EU", "SW"} {
		t.Run(code, func(t *testing.T) {
			d, err := ForDeck(code)
			if err != nil {
				t.Fatal(err)
			}
			list := d.Stickers
			if len(list) > 40 {
				list = list[:40] // two sheets are enough to check; every payload is checked below
			}
			c, err := Choose(Request{Paper: layout.A4, Camera: sizing.Default})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			pages, module, err := WriteWithGuide(list, Options{Sheet: c.Sheet, Start: 1, Module: c.Module}, d.Game, &buf)
			if err != nil {
				t.Fatal(err)
			}
			if module != rules.StickerModuleMM || pages != 2 { // 40 stickers on one 56-sticker page, and the guide
				t.Errorf("module %g, %d pages", module, pages)
			}
			path := printtest.WritePDF(t, buf.Bytes())
			pngs := printtest.Render(t, path, 150)
			var got []string
			for _, png := range pngs[:pages-1] {
				got = append(got, printtest.ZbarTiles(t, png, 150, boxes(c.Sheet, 0, c.Sheet.PerSheet()))...)
			}
			var want []string
			for _, s := range list {
				want = append(want, s.Payload)
			}
			if g, w := printtest.Sorted(got), printtest.Sorted(want); strings.Join(g, " ") != strings.Join(w, " ") {
				t.Errorf("decoded %d of %d stickers", len(g), len(w))
			}
			// The code's printed width: 25 modules of the default module.
			plan := Plan(c.Sheet.W, c.Sheet.H, c.Module)
			at := c.Sheet.Pos(0, 0, 0)
			b, ok := printtest.DarkBox(t, pngs[0], 150, printtest.Box{X: at.X + plan.QR.X - 2, Y: at.Y + plan.QR.Y - 2, W: plan.SymbolSide + 4, H: plan.SymbolSide + 4})
			if !ok || b.W < rules.StickerCodeMM-0.3 || b.W > rules.StickerCodeMM+0.3 {
				t.Errorf("first code %.2f mm wide, want %g", b.W, rules.StickerCodeMM)
			}
			if text := printtest.Text(t, path); !strings.Contains(text, "Where to stick") {
				t.Error("no guide page")
			}
		})
	}
	// Every payload of every deck is there exactly once (SW: its 60
	// identical Tzimime backs apart).
	for _, code := range []string{"SA", "WLD", "EU"} {
		d, _ := ForDeck(code)
		seen := map[string]bool{}
		for _, s := range d.Stickers {
			if seen[s.Payload] {
				t.Errorf("%s: %s twice", code, s.Payload)
			}
			seen[s.Payload] = true
		}
		if len(seen) != 2*len(geo.Cards(code)) {
			t.Errorf("%s: %d stickers for %d cards", code, len(seen), len(geo.Cards(code)))
		}
	}
}
