package art

import (
	"math"
	"testing"

	"github.com/tableref/tableref/rules/geo"
)

// Every embedded map decodes, has land, and its land lies where the
// continent is: Lima's point is inside South America's window, and no
// polygon edge sweeps across the world map (an antimeridian jump would).
func TestMapsDecode(t *testing.T) {
	for _, name := range []string{"sa", "world", "europe"} {
		m, err := LoadMap(name)
		if err != nil {
			t.Fatal(err)
		}
		land := m.Layer("land")
		if land == nil || len(land.Rings) < 10 {
			t.Fatalf("%s: land missing", name)
		}
		for _, r := range land.Rings {
			for i := 1; i < len(r); i++ {
				if math.Abs(r[i].Lon-r[i-1].Lon) > 90 {
					t.Errorf("%s: an edge jumps from %v to %v", name, r[i-1], r[i])
				}
			}
		}
	}
	if _, err := decodeMap("x", []byte("TRMAP1\x05")); err == nil {
		t.Error("a cut map file decoded")
	}
}

// Every country the built-in decks print has a flag.
func TestEveryDeckCountryHasAFlag(t *testing.T) {
	for _, deck := range []string{geo.DeckSA, geo.DeckWorld, geo.DeckEurope} {
		for _, c := range geo.Cards(deck) {
			if png, _, ok := Flag(c.Country); !ok || len(png) < 50 {
				t.Errorf("%s %s: no flag for %q", deck, c.ID, c.Country)
			}
		}
	}
}

// The Azimuthal projection puts its centre at the origin and keeps east
// east and north north.
func TestAzimuthal(t *testing.T) {
	p := Azimuthal(LonLat{Lon: 12.5, Lat: 50})
	if x, y := p(LonLat{Lon: 12.5, Lat: 50}); math.Abs(x) > 1e-9 || math.Abs(y) > 1e-9 {
		t.Errorf("centre at (%g, %g)", x, y)
	}
	if x, _ := p(LonLat{Lon: 30, Lat: 50}); x <= 0 {
		t.Error("east is not east")
	}
	if _, y := p(LonLat{Lon: 12.5, Lat: 60}); y <= 0 {
		t.Error("north is not north")
	}
}
