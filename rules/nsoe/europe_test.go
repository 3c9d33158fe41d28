package nsoe

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// The Europe deck prints Roma as 41N 12E (the rulebook's example) and
// holds the box's 76 cities.
func TestEuropeDeckPrintsRomaAsTheRulebook(t *testing.T) {
	cat := defaultCatalogue()
	c, ok := cat.City(rules.CardID{Deck: "EU", Num: 1})
	if !ok || c != (City{Name: "Roma", Lat: 41, Lon: 12}) {
		t.Fatalf("EU-001 = %+v, %v", c, ok)
	}
	if cat.Size() != 76 {
		t.Errorf("deck size %d, want 76", cat.Size())
	}
	if _, ok := cat.City(rules.CardID{Deck: "WLD", Num: 1}); ok {
		t.Error("a World card is known to Nord Sud Ovest Est")
	}
}

// Issue 18 item 5: a coordinate printed as 0 keeps the hemisphere its
// card prints: Valencia 39N 0W, London 51N 0W, Bordeaux 44N 0W (the old
// referee said "0E", east, for all three).
func TestZeroDegreesKeepTheirHemisphere(t *testing.T) {
	euro := func(n int) rules.CardRef {
		return rules.CardRef{ID: rules.CardID{Deck: "EU", Num: n}, Side: rules.Back}
	}
	g, err := NewWithCatalogue(rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}}, defaultCatalogue())
	if err != nil {
		t.Fatal(err)
	}
	g.Start()
	z := &rules.Zone{}
	z.Set(rules.Pos{Row: 4, Col: 4}, rules.Cell{Card: euro(71)}) // Valencia, the reference city
	evs := g.Observe(rules.Table{Zones: map[string]*rules.Zone{Zone: z}})
	if len(evs) == 0 || evs[0].Short != [2]string{"Ref: Valencia", "39N 0W"} || !strings.Contains(evs[0].Long, "39N 0W") {
		t.Fatalf("reference: %s", describe(evs))
	}
	z.Set(rules.Pos{Row: 0, Col: 4}, rules.Cell{Card: euro(3)}) // Londra, north in the same column
	evs = g.Observe(rules.Table{Zones: map[string]*rules.Zone{Zone: z}})
	if len(evs) == 0 || evs[0].Verdict != rules.Right || evs[0].Short[1] != "51N 0W" {
		t.Errorf("London: %s", describe(evs))
	}
	cat := defaultCatalogue()
	bordeaux, _ := cat.City(rules.CardID{Deck: "EU", Num: 70})
	roma, _ := cat.City(rules.CardID{Deck: "EU", Num: 1})
	if degrees(bordeaux) != "44N 0W" || degrees(roma) != "41N 12E" {
		t.Errorf("Bordeaux %q, Roma %q", degrees(bordeaux), degrees(roma))
	}
}
