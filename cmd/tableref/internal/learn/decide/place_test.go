package decide

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
)

// coords is a reading at conf % confidence of a line ParseCoords reads.
func coords(t *testing.T, line string, conf float64) cardtext.Coords {
	t.Helper()
	c, ok := cardtext.ParseCoords(line)
	if !ok {
		t.Fatalf("%q does not parse", line)
	}
	c.Conf = conf
	return c
}

// Coordinates are taken only when read alike at two sizes and where
// tableref places the card; anything else is asked, and proposed only
// when a user accepting it would not take a wrong value.
func TestDecidePlace(t *testing.T) {
	roma := geo.Card{Name: "Roma", Lat: 41.89, Lon: 12.51, HasCoords: true}
	lisboa := geo.Card{Name: "Lisboa", Lat: 38.72, Lon: -9.14, HasCoords: true}
	washington := geo.Card{Name: "Washington D.C.", Lat: 38.895, Lon: -77.036, HasCoords: true}
	for _, tc := range []struct {
		name     string
		game     string
		lines    []string
		confs    []float64
		known    geo.Card
		ok       bool
		sure     bool
		proposed string // "" for none
		why      string
	}{
		{"read alike twice, fits", geo.GameNSOE, []string{"41°N - 12°E", "41°N-12°E"}, []float64{85, 70}, roma, true, true, "41°N 12°E", ""},
		{"read once: not even proposed", geo.GameNSOE, []string{"41°N - 12°E"}, []float64{95}, roma, true, false, "", "once only"},
		{"Map It! read once, a figure too many", geo.GameMapIt, []string{"43.77°N 79.4°W"}, []float64{90}, geo.Card{Name: "Toronto", Lat: 43.65, Lon: -79.38, HasCoords: true}, true, false, "", "once only"},
		{"not clearly", geo.GameNSOE, []string{"41°N - 12°E", "41°N - 12°E"}, []float64{40, 30}, roma, true, false, "41°N 12°E", "not clearly"},
		{"clearly enough at three sizes", geo.GameNSOE, []string{"41°N - 12°E", "41°N - 12°E", "41°N - 12°E"}, []float64{0, 0, 0}, roma, true, true, "41°N 12°E", ""},
		{"two readings that fit disagree", geo.GameNSOE, []string{"41°N - 12°E", "42°N - 12°E", "41°N - 12°E"}, []float64{90, 90, 90}, roma, true, false, "", "41°N 12°E or 42°N 12°E"},
		{"a misread that does not fit is set aside", geo.GameNSOE, []string{"41°N - 12°E", "47°N - 12°E", "41°N - 12°E"}, []float64{90, 90, 90}, roma, true, true, "41°N 12°E", ""},
		{"set aside, the rest read once", geo.GameMapIt, []string{"59.9°N 10.7°E", "39.9°N 10.7°E"}, []float64{90, 90}, geo.Card{Name: "Oslo", Lat: 59.91, Lon: 10.75, HasCoords: true}, true, false, "", "once only"},
		{"none fits: the disagreement is said", geo.GameNSOE, []string{"4°N - 12°E", "47°N - 12°E"}, []float64{90, 90}, roma, true, false, "", "4°N 12°E or 47°N 12°E"},
		{"a figure lost", geo.GameNSOE, []string{"4°N - 12°E", "4°N - 12°E"}, []float64{95, 95}, roma, true, false, "", "more than 1.5° away"},
		{"the other hemisphere", geo.GameNSOE, []string{"38°N - 9°E", "38°N - 9°E"}, []float64{95, 95}, lisboa, true, false, "", "more than 1.5° away"},
		{"decimals on a whole-degree card", geo.GameNSOE, []string{"41.9°N 12.5°E", "41.9°N 12.5°E"}, []float64{95, 95}, roma, true, false, "", "whole degrees"},
		{"Map It! in minutes", geo.GameMapIt, []string{"38°54'N 77°02'W", "38°54′N 77°02′W"}, []float64{90, 88}, washington, true, true, "38°54'N 77°02'W", ""},
		{"Map It! a tenth misread far", geo.GameMapIt, []string{"38.9°N 71.0°W", "38.9°N 71.0°W"}, []float64{90, 88}, washington, true, false, "", "more than 0.5° away"},
		{"a card tableref lacks", geo.GameMapIt, []string{"10.5°N 66.9°W", "10.5°N 66.9°W"}, []float64{90, 90}, geo.Card{}, false, false, "10.5°N 66.9°W", "does not have yet"},
		{"nothing parses", geo.GameNSOE, nil, nil, roma, true, false, "", "the card reads \"Italia\""},
	} {
		var rs []cardtext.Coords
		for i, l := range tc.lines {
			rs = append(rs, coords(t, l, tc.confs[i]))
		}
		p := DecidePlace(tc.game, rs, []string{"Italia"}, tc.known, tc.ok, 80)
		got := ""
		if p.Proposed() {
			got = p.LatText + " " + p.LonText
		}
		if p.Sure != tc.sure || got != tc.proposed || !strings.Contains(p.Why, tc.why) {
			t.Errorf("%s: sure %v, proposing %q (%q); want sure %v, proposing %q, why with %q", tc.name, p.Sure, got, p.Why, tc.sure, tc.proposed, tc.why)
		}
	}
}
