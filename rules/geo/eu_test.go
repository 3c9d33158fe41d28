package geo

import "testing"

// Nord Sud Ovest Est has 76 city cards (REFERENCE.md §5.1), printed in
// Italian with whole-degree coordinates.
func TestEUDeck(t *testing.T) {
	cards := Cards(DeckEurope)
	if len(cards) != 76 {
		t.Errorf("EU has %d cards, want 76", len(cards))
	}
	by := map[string]Card{}
	for _, c := range cards {
		by[c.Name] = c
		if c.Kind != KindCity || c.Level != "" {
			t.Errorf("%s %s: kind %q level %q, want a plain city", c.ID, c.Name, c.Kind, c.Level)
		}
	}
	// The rulebook's example card: ROMA 41°N – 12°E.
	roma, ok := by["Roma"]
	if !ok || roma.PrintedLat != 41 || roma.PrintedLon != 12 || roma.Country != "Italia" {
		t.Errorf("Roma = %+v, want printed 41°N 12°E in Italia", roma)
	}
	for _, n := range []string{"Parigi", "Londra", "Mosca", "Lisbona"} {
		if _, ok := by[n]; !ok {
			t.Errorf("EU lacks %s (Italian names are printed)", n)
		}
	}
	// West of Greenwich the printed longitude is negative ("O", Ovest).
	if l := by["Lisbona"]; l.PrintedLon != -9 {
		t.Errorf("Lisbona printed longitude %d, want -9 (9°O)", l.PrintedLon)
	}
}
