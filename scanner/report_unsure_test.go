package scanner

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// TestUnsureCodesAreListedNeverUsed: a code the codebook could not decide
// is listed by `scan --codes` as unsure, drawn by --annotate, and is no
// card of the scan.
func TestUnsureCodesAreListedNeverUsed(t *testing.T) {
	q := geom.Quad{{X: 10, Y: 10}, {X: 50, Y: 10}, {X: 50, Y: 50}, {X: 10, Y: 50}}
	card := rules.CardPayload(rules.CardRef{ID: rules.CardID{Deck: "SA", Num: 17}})
	res := qr.Result{
		Codes:  []qr.Tableref{{Code: qr.Code{Text: card.String(), Corners: q, ModulePx: 2}, Payload: card}},
		Unsure: []qr.Code{{Corners: geom.Quad{{X: 210, Y: 10}, {X: 250, Y: 10}, {X: 250, Y: 50}, {X: 210, Y: 50}}, ModulePx: 1.8, Codebook: true, Margin: 0.05}},
	}
	lines, summary := ListCodes(res)
	if len(lines) != 2 || !strings.Contains(summary, "1 unsure") {
		t.Fatalf("summary %q, %d lines", summary, len(lines))
	}
	unsure := 0
	for _, l := range lines {
		if l.Unsure {
			unsure++
			if l.Text != "" || l.Ours {
				t.Errorf("unsure line %+v names a code", l)
			}
		}
	}
	if unsure != 1 {
		t.Errorf("%d lines marked unsure, want 1 (the JSON of scan --codes says which)", unsure)
	}
	var buf bytes.Buffer
	if err := WriteCodes(&buf, lines, summary); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "? ") || !strings.Contains(buf.String(), UnsureMeans) {
		t.Errorf("listing:\n%s", buf.String())
	}
	sc := CodesScan(res)
	if len(sc.Unsure) != 1 || len(sc.Codes) != 1 {
		t.Errorf("scan: %d codes, %d unsure", len(sc.Codes), len(sc.Unsure))
	}
}
