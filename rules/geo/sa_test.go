package geo

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// saCapitals are the capitals of South America's 12 states (Bolivia has
// two: Sucre, constitutional, and La Paz, seat of government) and of
// French Guiana, as the game prints them.
var saCapitals = []string{"Buenos Aires", "Sucre", "La Paz", "Brasília", "Santiago", "Bogotá", "Quito",
	"Georgetown", "Asunción", "Lima", "Paramaribo", "Montevideo", "Caracas", "Cayena"}

// saRulebookCities are the cities the Where is That? rulebook names in
// its examples (REFERENCE.md §2.1 and §3.1).
var saRulebookCities = []string{"Cobija", "Caracas", "Bogotá", "Sucre", "Brasília", "Encarnación",
	"Punta del Este", "Cayena", "Piura"}

func saByName(t *testing.T) map[string]Card {
	t.Helper()
	m := map[string]Card{}
	for _, c := range Cards(DeckSA) {
		m[c.Name] = c
	}
	return m
}

func TestSADeckSize(t *testing.T) {
	count := map[Kind]int{}
	cards := Cards(DeckSA)
	for _, c := range cards {
		count[c.Kind]++
		if c.Level != "" {
			t.Errorf("%s %s: level %q in a deck without levels", c.ID, c.Name, c.Level)
		}
	}
	if len(cards) < 100 {
		t.Errorf("SA has %d cards, want at least 100", len(cards))
	}
	if count[KindMonument] < 12 {
		t.Errorf("SA has %d monuments, want at least 12", count[KindMonument])
	}
	// The Continental Shake Up lays 4 starting cities; Cartographer's
	// Corner deals one per player (up to 6).
	if count[KindStart] < 6 || count[KindStart] > 8 {
		t.Errorf("SA has %d starting cities, want 6 to 8", count[KindStart])
	}
}

func TestSACapitalsAndRulebookCities(t *testing.T) {
	by := saByName(t)
	for _, n := range append(append([]string{}, saCapitals...), saRulebookCities...) {
		c, ok := by[n]
		if !ok {
			t.Errorf("SA lacks %s", n)
			continue
		}
		if c.Kind == KindMonument {
			t.Errorf("%s is a monument, want a city", n)
		}
	}
}

// Where is That? orders cards by rank on each axis, and the rulebook says
// two numbers are never equal: no two cards may share a latitude or a
// longitude.
func TestSACoordinatesAreDistinct(t *testing.T) {
	lats, lons := map[float64]string{}, map[float64]string{}
	for _, c := range Cards(DeckSA) {
		if o, dup := lats[c.Lat]; dup {
			t.Errorf("%s and %s share latitude %g", o, c.Name, c.Lat)
		}
		if o, dup := lons[c.Lon]; dup {
			t.Errorf("%s and %s share longitude %g", o, c.Name, c.Lon)
		}
		lats[c.Lat], lons[c.Lon] = c.Name, c.Name
	}
}

// The rulebook's examples must come out of the deck's geography the way
// the rulebook tells them (REFERENCE.md §2.1, §3.1): Bogotá is west of
// Caracas, Sucre south of it; Encarnación and Punta del Este west of
// Brasília (WE 85 < 91); Punta del Este south of Piura (NS 81 > 42). The
// Cartographer's Corner pictures are players' maps, which may be wrong:
// Cayena lies right of Brasília there but is west of it, so it is not
// checked.
func TestSARulebookGeography(t *testing.T) {
	by := saByName(t)
	westOf := [][2]string{{"Bogotá", "Caracas"}, {"Encarnación", "Brasília"}, {"Punta del Este", "Brasília"}}
	for _, p := range westOf {
		if !(by[p[0]].Lon < by[p[1]].Lon) {
			t.Errorf("%s (%g) is not west of %s (%g)", p[0], by[p[0]].Lon, p[1], by[p[1]].Lon)
		}
	}
	northOf := [][2]string{{"Caracas", "Sucre"}, {"Piura", "Punta del Este"}, {"Caracas", "Cobija"}}
	for _, p := range northOf {
		if !(by[p[0]].Lat > by[p[1]].Lat) {
			t.Errorf("%s (%g) is not north of %s (%g)", p[0], by[p[0]].Lat, p[1], by[p[1]].Lat)
		}
	}
}

// Names are printed in Spanish or Portuguese; English names are aliases.
func TestSAPrintedLanguage(t *testing.T) {
	by := saByName(t)
	for printed, alias := range map[string]string{
		"Cayena": "Cayenne", "Cristo Redentor": "Christ the Redeemer", "Salto Ángel": "Angel Falls",
		"Lago Titicaca": "Lake Titicaca", "Pão de Açúcar": "Sugarloaf Mountain",
	} {
		c, ok := by[printed]
		if !ok {
			t.Errorf("SA lacks %s", printed)
			continue
		}
		if !strings.Contains("|"+strings.Join(c.Aliases, "|")+"|", "|"+alias+"|") {
			t.Errorf("%s: aliases %q lack %s", printed, c.Aliases, alias)
		}
	}
	if by["Brasília"].Country != "Brasil" || by["Lima"].Country != "Perú" {
		t.Errorf("countries %q, %q: want Spanish names Brasil, Perú", by["Brasília"].Country, by["Lima"].Country)
	}
	if _, err := (rules.Resolver{Decks: []string{DeckSA}}).Resolve("Christ the Redeemer"); err != nil {
		t.Error(err)
	}
}
