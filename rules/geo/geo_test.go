package geo

import (
	"math"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// box is a deck's bounding box in degrees.
type box struct{ minLat, maxLat, minLon, maxLon float64 }

// South America with its islands: Galápagos (−91°) and Easter Island
// (−109°) in the west, Tierra del Fuego (−55°) in the south.
var boxes = map[string]box{
	DeckSA:     {-56, 13, -110, -34},
	DeckWorld:  {-90, 90, -180, 180},
	DeckEurope: {34, 72, -25, 61}, // Cyprus/Crete to Norway, Iceland to the Urals
}

// requiredDecks are the decks whose catalogue must be embedded.
var requiredDecks = map[string]bool{DeckSA: true, DeckWorld: true, DeckEurope: true}

func TestEveryDeckLoadsAndRegisters(t *testing.T) {
	for _, d := range deckInfos {
		if !requiredDecks[d.code] {
			continue
		}
		cards := Cards(d.code)
		if len(cards) == 0 {
			t.Errorf("deck %s: no cards", d.code)
			continue
		}
		reg, ok := rules.LookupDeck(d.code)
		if !ok {
			t.Errorf("deck %s not registered with rules", d.code)
			continue
		}
		if len(reg.Cards) != len(cards) || reg.Name != d.name || reg.Game != d.game {
			t.Errorf("deck %s registered as %q/%q with %d cards, want %q/%q with %d",
				d.code, reg.Name, reg.Game, len(reg.Cards), d.name, d.game, len(cards))
		}
		for i, c := range cards {
			if c.ID != (rules.CardID{Deck: d.code, Num: i + 1}) {
				t.Errorf("deck %s: card %d has ID %s", d.code, i+1, c.ID)
			}
			got, ok := Lookup(c.ID)
			if !ok || got.Name != c.Name {
				t.Errorf("Lookup(%s) = %q, %v; want %q", c.ID, got.Name, ok, c.Name)
			}
		}
	}
}

func TestNamesAreUniqueWithinADeck(t *testing.T) {
	for _, d := range deckInfos {
		seen := map[string]rules.CardID{}
		for _, c := range Cards(d.code) {
			for _, n := range append([]string{c.Name}, c.Aliases...) {
				f := rules.Fold(n)
				if f == "" {
					t.Errorf("%s: empty name or alias", c.ID)
				}
				if other, dup := seen[f]; dup && other != c.ID {
					t.Errorf("deck %s: %q names both %s and %s", d.code, n, other, c.ID)
				}
				seen[f] = c.ID
			}
		}
	}
}

func TestCoordinatesInsideTheDeckArea(t *testing.T) {
	for _, d := range deckInfos {
		b := boxes[d.code]
		for _, c := range Cards(d.code) {
			if c.Lat < b.minLat || c.Lat > b.maxLat || c.Lon < b.minLon || c.Lon > b.maxLon {
				t.Errorf("%s %s at (%g, %g) is outside deck %s's area %+v", c.ID, c.Name, c.Lat, c.Lon, d.code, b)
			}
		}
	}
}

// Every card says where its coordinates come from: a GeoNames town for
// cities, a page for landmarks.
func TestEveryCardHasASource(t *testing.T) {
	for _, d := range deckInfos {
		for _, c := range Cards(d.code) {
			geonames := strings.HasPrefix(c.Source, "geonames:")
			url := strings.HasPrefix(c.Source, "https://")
			if c.Kind == KindMonument && !url && !geonames {
				t.Errorf("%s %s: landmark source %q, want a URL", c.ID, c.Name, c.Source)
			}
			if c.Kind != KindMonument && !geonames {
				t.Errorf("%s %s: city source %q, want geonames:ID", c.ID, c.Name, c.Source)
			}
			if c.Country == "" {
				t.Errorf("%s %s: no country", c.ID, c.Name)
			}
		}
	}
}

// Printed whole degrees exist only in Nord Sud Ovest Est, and there they
// are the precise value truncated toward zero (ROMA 41.89, 12.51 → 41°N 12°E).
func TestPrintedCoordinatesMatchPrecise(t *testing.T) {
	for _, d := range deckInfos {
		for _, c := range Cards(d.code) {
			wantLat, wantLon := 0, 0
			if d.code == DeckEurope {
				wantLat, wantLon = int(math.Trunc(c.Lat)), int(math.Trunc(c.Lon))
			}
			if c.PrintedLat != wantLat || c.PrintedLon != wantLon {
				t.Errorf("%s %s (%g, %g): printed %d, %d; want %d, %d",
					c.ID, c.Name, c.Lat, c.Lon, c.PrintedLat, c.PrintedLon, wantLat, wantLon)
			}
		}
	}
}

func TestResolveNamesAndAliases(t *testing.T) {
	tests := []struct {
		deck, name, want string
	}{
		{DeckSA, "Bogota", "Bogotá"},
		{DeckSA, "bogotá", "Bogotá"},
		{DeckSA, "BOGOTÁ/B", "Bogotá"},
		{DeckSA, "Cayenne", "Cayena"},
		{DeckSA, "cayena", "Cayena"},
		{DeckSA, "Sao Paulo", "São Paulo"},
		{DeckSA, "Iguazu Falls", "Cataratas del Iguazú"},
		{DeckEurope, "Rome", "Roma"},
		{DeckEurope, "roma", "Roma"},
		{DeckEurope, "München", "Monaco di Baviera"},
		{DeckWorld, "Rome", "Rome"},
		{DeckWorld, "Roma", "Rome"},
		{DeckWorld, "washington dc", "Washington D.C."},
		{DeckWorld, "Sao Paulo", "São Paulo"},
	}
	for _, tc := range tests {
		if _, ok := rules.LookupDeck(tc.deck); !ok {
			t.Errorf("deck %s not registered", tc.deck)
			continue
		}
		ref, err := rules.Resolver{Decks: []string{tc.deck}}.Resolve(tc.name)
		if err != nil {
			t.Errorf("resolve %q in %s: %v", tc.name, tc.deck, err)
			continue
		}
		if got := rules.CardName(ref.ID); got != tc.want {
			t.Errorf("resolve %q in %s = %s %q, want %q", tc.name, tc.deck, ref.ID, got, tc.want)
		}
	}
	if _, err := (rules.Resolver{Decks: []string{DeckSA}}).Resolve("Atlantis"); err == nil {
		t.Error("Atlantis resolved in deck SA")
	}
}

func TestLookupUnknown(t *testing.T) {
	n := len(Cards(DeckSA))
	for _, id := range []rules.CardID{{Deck: DeckSA, Num: 0}, {Deck: DeckSA, Num: n + 1}, {Deck: "ZZ", Num: 1}, {}} {
		if c, ok := Lookup(id); ok {
			t.Errorf("Lookup(%v) found %s", id, c.Name)
		}
	}
	if Cards("ZZ") != nil {
		t.Error("Cards(ZZ) is not nil")
	}
	if c, ok := Lookup(rules.CardID{Deck: "sa", Num: 1}); !ok || c.ID.Deck != DeckSA {
		t.Errorf("Lookup(sa-001) = %v, %v; the deck code is case-insensitive", c.ID, ok)
	}
}

// Cards hands out copies: an engine that edits its slice cannot change
// the catalogue for everyone else.
func TestCardsReturnsACopy(t *testing.T) {
	a := Cards(DeckSA)
	a[0].Name = "changed"
	a[0].Aliases = append(a[0].Aliases[:0], "changed")
	b := Cards(DeckSA)
	if b[0].Name == "changed" || (len(b[0].Aliases) > 0 && b[0].Aliases[0] == "changed") {
		t.Errorf("Cards(SA)[0] was changed through a copy: %+v", b[0])
	}
}

// A voice says each card's name in the language it is printed in: South
// America's Spanish, Brazil's cities in Portuguese, Nord Sud Ovest Est's
// Italian.
func TestNameLanguages(t *testing.T) {
	for name, want := range map[string]string{"Bogotá": "es", "Cuiabá": "pt-BR", "Manaus": "pt-BR", "Cayena": "es"} {
		found := false
		for _, c := range Cards(DeckSA) {
			if c.Name == name {
				found = true
				if got := rules.CardLang(c.ID); got != want {
					t.Errorf("%s is said in %q, want %q", name, got, want)
				}
			}
		}
		if !found {
			t.Errorf("no card %s in SA", name)
		}
	}
	eu := Cards(DeckEurope)
	if got := rules.CardLang(eu[0].ID); got != "it" {
		t.Errorf("%s is said in %q, want it", eu[0].Name, got)
	}
	if got := rules.CardLang(rules.CardID{Deck: "ZZZ", Num: 1}); got != "" {
		t.Errorf("a card of no deck is said in %q", got)
	}
}
