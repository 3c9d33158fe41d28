package stickers

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tableref/tableref/printer/internal/printtest"
	"github.com/tableref/tableref/printer/layout"
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
