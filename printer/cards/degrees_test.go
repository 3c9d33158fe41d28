package cards

import (
	"testing"

	"github.com/tableref/tableref/rules/geo"
)

// Nord Sud Ovest Est's backs print whole degrees; a 0 keeps the side of
// the meridian the city lies on (issue 31: London, 0.13° west, printed
// 0°E).
func TestWholeDegreesKeepTheHemisphere(t *testing.T) {
	var london geo.Card
	for _, c := range geo.Cards(geo.DeckEurope) {
		if c.Name == "Londra" {
			london = c
		}
	}
	if london.Name == "" {
		t.Fatal("no Londra in the EU deck")
	}
	if got := wholeDegrees(london.PrintedLon, london.Lon, london.HasCoords, geo.AxisLon); got != "0°O" {
		t.Errorf("London's longitude prints %q, want 0°O", got)
	}
	for _, tc := range []struct {
		printed int
		exact   float64
		axis    geo.Axis
		want    string
	}{{51, 51.5, geo.AxisLat, "51°N"}, {0, 0.2, geo.AxisLon, "0°E"}, {-9, -9.1, geo.AxisLon, "9°O"}, {0, -0.4, geo.AxisLat, "0°S"}} {
		if got := wholeDegrees(tc.printed, tc.exact, true, tc.axis); got != tc.want {
			t.Errorf("wholeDegrees(%d, %v) = %q, want %q", tc.printed, tc.exact, got, tc.want)
		}
	}
}
