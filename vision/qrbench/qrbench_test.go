package qrbench

import (
	"testing"

	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/synth"
)

func TestScoreMatchesByPlaceAndPayload(t *testing.T) {
	truth := synth.Truth{Codes: []synth.CodeTruth{
		{Payload: "A", Corners: geom.Rect(0, 0, 10, 10), ModulePx: 4, InFrame: true},
		{Payload: "B", Corners: geom.Rect(100, 0, 110, 10), ModulePx: 2, InFrame: true},
		{Payload: "C", Corners: geom.Rect(200, 0, 210, 10), ModulePx: 4, InFrame: true, Covered: 0.5},
	}}
	var s Score
	s.Add(truth, []Found{
		{Text: "A", Centre: geom.P(5, 5)},
		{Text: "B", Centre: geom.P(5, 5)},       // right payload, wrong place: wrong
		{Text: "C", NoPlace: true},              // zbar: payload only
		{Text: "A", Centre: geom.P(5, 5)},       // a second read of A is a wrong extra
		{Centre: geom.P(105, 5), Located: true}, // localisation only
	})
	if s.Present != 3 || s.Found != 3 || s.Wrong != 2 {
		t.Errorf("present %d found %d wrong %d; want 3, 3, 2", s.Present, s.Found, s.Wrong)
	}
	if s.Eligible != 1 || s.EligOK != 1 {
		t.Errorf("eligible %d/%d, want 1/1 (B too small, C covered)", s.EligOK, s.Eligible)
	}
	s.Millis = []float64{3, 1, 2, 10}
	if m := s.Median(); m != 2.5 {
		t.Errorf("median %v, want 2.5", m)
	}
}

func TestParseZbarXML(t *testing.T) {
	xml := `<barcodes><source href='x'><index num='0'>
<symbol type='QR-Code' quality='1' orientation='UP'><data><![CDATA[TR1:C:SA-017F:K]]></data></symbol>
<symbol type='QR-Code' quality='1'><polygon points='+10,20 +30,20 +30,40 +10,40'/><data><![CDATA[hello]]></data></symbol>
</index></source></barcodes>`
	got := parseZbarXML(xml)
	if len(got) != 2 || got[0].Text != "TR1:C:SA-017F:K" || !got[0].NoPlace || got[1].Text != "hello" || got[1].NoPlace || got[1].Centre != geom.P(20, 30) {
		t.Errorf("parsed %+v", got)
	}
}
