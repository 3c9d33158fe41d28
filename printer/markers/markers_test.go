package markers

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/tableref/tableref/printer/internal/printtest"
	"github.com/tableref/tableref/printer/layout"
)

func print(t *testing.T, kinds []string, opt Options) string {
	t.Helper()
	var buf bytes.Buffer
	if _, err := Write(kinds, opt, &buf); err != nil {
		t.Fatal(err)
	}
	return printtest.WritePDF(t, buf.Bytes())
}

// Every marker decodes again, with tableref's reader and with zbar, on both
// papers.
func TestMarkersDecode(t *testing.T) {
	printtest.Need(t, "pdftoppm", "zbarimg")
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		opt := Options{Paper: p, Players: 6, Module: DefaultModule}
		path := print(t, Kinds, opt)
		var tr, z []string
		for _, png := range printtest.Render(t, path, 150) {
			tr = append(tr, printtest.Tableref(t, png)...)
			z = append(z, printtest.ZbarScan(t, png, 150, p.W, p.H)...)
		}
		want := printtest.Sorted(Payloads(Kinds, opt))
		if got := printtest.Sorted(tr); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: vision/qr read %v\nwant %v", p.Name, got, want)
		}
		if got := printtest.Sorted(z); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: zbar read %v\nwant %v", p.Name, got, want)
		}
	}
}

// The calibration codes' centres are the printed distances apart, and the
// scale bar's claim holds: measured on the rendered page.
func TestCalibrationDistances(t *testing.T) {
	printtest.Need(t, "pdftoppm")
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		opt := Options{Paper: p, Module: DefaultModule}
		const dpi = 300
		png := printtest.Render(t, print(t, []string{Calibration}, opt), dpi)
		at := map[string][2]float64{}
		for _, c := range printtest.TablerefCodes(t, png[0]) {
			ctr := c.Centre()
			at[c.Text[:len("TR1:M:CAL-NW")]] = [2]float64{ctr.X * 25.4 / dpi, ctr.Y * 25.4 / dpi}
		}
		we, ns := CalibrationSpan(p, opt.Module)
		nw, ne, sw := at["TR1:M:CAL-NW"], at["TR1:M:CAL-NE"], at["TR1:M:CAL-SW"]
		if math.Abs(ne[0]-nw[0]-we) > 0.3 || math.Abs(sw[1]-nw[1]-ns) > 0.3 {
			t.Errorf("%s: centres %v: want %g mm west–east and %g mm north–south", p.Name, at, we, ns)
		}
		if got := printtest.Text(t, print(t, []string{Calibration}, opt)); !strings.Contains(got, "100 mm") {
			t.Errorf("%s: scale bar label missing", p.Name)
		}
	}
}

func TestBadOptions(t *testing.T) {
	var buf bytes.Buffer
	if _, err := Write([]string{Players}, Options{Paper: layout.A4, Players: 7}, &buf); err == nil {
		t.Error("7 players accepted")
	}
	if _, err := Write([]string{"dice"}, Options{Paper: layout.A4}, &buf); err == nil {
		t.Error("unknown sheet accepted")
	}
}
