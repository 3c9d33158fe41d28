package wit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

func TestRankPlacesOrdersByCoordinates(t *testing.T) {
	places := []Place{
		{ID: wt(3), Name: "South-east", Kind: KindCity, Lat: -30, Lon: -40},
		{ID: wt(1), Name: "North-west", Kind: KindCity, Lat: 10, Lon: -80},
		{ID: wt(2), Name: "Middle", Kind: KindCity, Lat: -10, Lon: -60},
	}
	d, err := RankPlaces("WT", places)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []Card{{ID: wt(1), NS: 1, WE: 1}, {ID: wt(2), NS: 2, WE: 2}, {ID: wt(3), NS: 3, WE: 3}} {
		c, _ := d.Card(want.ID)
		if c.NS != want.NS || c.WE != want.WE {
			t.Errorf("%s (%s): ranks NS %d WE %d, want %d %d", c.ID, c.Name, c.NS, c.WE, want.NS, want.WE)
		}
	}
}

// Equal coordinates still give unique ranks, the lower card number first,
// whatever order the places come in.
func TestRankPlacesBreaksTiesByCardNumber(t *testing.T) {
	a := Place{ID: wt(7), Name: "A", Kind: KindCity, Lat: 1, Lon: 1}
	b := Place{ID: wt(4), Name: "B", Kind: KindCity, Lat: 1, Lon: 1}
	for _, order := range [][]Place{{a, b}, {b, a}} {
		d, err := RankPlaces("WT", order)
		if err != nil {
			t.Fatal(err)
		}
		cb, _ := d.Card(wt(4))
		ca, _ := d.Card(wt(7))
		if cb.NS != 1 || ca.NS != 2 || cb.WE != 1 || ca.WE != 2 {
			t.Errorf("ties: WT-004 %d/%d, WT-007 %d/%d; want 1/1 and 2/2", cb.NS, cb.WE, ca.NS, ca.WE)
		}
	}
}

func TestNewDeckRejectsBadTables(t *testing.T) {
	ok := Card{ID: wt(1), Name: "A", Kind: KindCity, NS: 1, WE: 1}
	for name, tc := range map[string]struct {
		cards []Card
		want  string
	}{
		"same NS":     {[]Card{ok, {ID: wt(2), Kind: KindCity, NS: 1, WE: 2}}, "north–south rank 1"},
		"same WE":     {[]Card{ok, {ID: wt(2), Kind: KindCity, NS: 2, WE: 1}}, "west–east rank 1"},
		"twice":       {[]Card{ok, ok}, "listed twice"},
		"bad kind":    {[]Card{{ID: wt(2), Kind: "lake", NS: 2, WE: 2}}, "kind"},
		"zero rank":   {[]Card{{ID: wt(2), Kind: KindCity, NS: 0, WE: 2}}, "ranks"},
		"no identity": {[]Card{{Name: "X", Kind: KindCity, NS: 2, WE: 2}}, "no ID"},
	} {
		if _, err := NewDeck("WT", tc.cards); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, tc.want)
		}
	}
}

// The default rank table is the South America deck ordered by its
// coordinates: each rank is a permutation of 1..N, and the ranks follow
// latitude and longitude.
func TestSADeckRanksFollowGeography(t *testing.T) {
	d, err := SADeck()
	if err != nil {
		t.Fatal(err)
	}
	cards := d.Cards()
	src := geo.Cards(geo.DeckSA)
	if len(cards) != len(src) || len(cards) == 0 {
		t.Fatalf("%d ranked cards for %d deck cards", len(cards), len(src))
	}
	kinds := map[string]int{}
	for _, c := range cards {
		kinds[c.Kind]++
	}
	if kinds[KindStart] < startCities || kinds[KindCity] == 0 || kinds[KindMonument] == 0 {
		t.Errorf("kinds %v: want starting cities, cities and monuments", kinds)
	}
	for i, a := range src {
		for _, b := range src[i+1:] {
			ca, _ := d.Card(a.ID)
			cb, _ := d.Card(b.ID)
			if a.Lat > b.Lat && ca.NS > cb.NS {
				t.Errorf("%s (lat %v) is north of %s (lat %v) but ranks NS %d > %d", a.Name, a.Lat, b.Name, b.Lat, ca.NS, cb.NS)
			}
			if a.Lon < b.Lon && ca.WE > cb.WE {
				t.Errorf("%s (lon %v) is west of %s (lon %v) but ranks WE %d > %d", a.Name, a.Lon, b.Name, b.Lon, ca.WE, cb.WE)
			}
		}
	}
	// Spot checks against a map: Caracas is north of Sucre, Lima west of Brasília.
	name := func(n string) Card {
		for _, c := range cards {
			if rules.Fold(c.Name) == rules.Fold(n) {
				return c
			}
		}
		t.Fatalf("no %s in the SA deck", n)
		return Card{}
	}
	if name("Caracas").NS >= name("Sucre").NS || name("Lima").WE >= name("Brasília").WE {
		t.Error("Caracas must rank north of Sucre and Lima west of Brasília")
	}
}

func TestSetupDeck(t *testing.T) {
	setup := func(opts map[string]string) rules.Setup {
		return rules.Setup{Mode: ModeContinental, Players: []string{"A", "B"}, Options: opts}
	}
	if d, err := setupDeck(setup(nil), ""); err != nil || d.Code != deckSA || d.SaysNumbers() {
		t.Errorf("default: %v, %v; want SA in words (the boxed game's cards print other numbers)", d, err)
	}
	if d, err := setupDeck(setup(map[string]string{"printedBy": "tableref"}), ""); err != nil || !d.SaysNumbers() {
		t.Errorf("tableref's cards: %v, %v; want SA with its numbers", d, err)
	}
	if d, err := setupDeck(setup(nil), fixtureCode); err != nil || d != fixture {
		t.Errorf("saved fixture game: %v, %v", d, err)
	}
	if _, err := setupDeck(setup(map[string]string{"deck": "ZZ"}), ""); err == nil || !strings.Contains(err.Error(), `deck="ZZ": no such deck (SA`) {
		t.Errorf("unknown deck: %v", err)
	}
	if _, err := setupDeck(setup(map[string]string{"deck": "EU"}), ""); err == nil || !strings.Contains(err.Error(), "is a Nord Sud Ovest Est deck") {
		t.Errorf("another game's deck: %v", err)
	}
}

// A card's rank range holds the rank RankPlaces gives it, and narrows to
// that rank where no other card lies within the margin.
func TestRankRange(t *testing.T) {
	places := []Place{
		{ID: rules.CardID{Deck: "T", Num: 1}, Lat: 10, Lon: -70, Kind: "city"},
		{ID: rules.CardID{Deck: "T", Num: 2}, Lat: 0, Lon: -50, Kind: "city"},
		{ID: rules.CardID{Deck: "T", Num: 3}, Lat: -0.5, Lon: -49.5, Kind: "city"},
		{ID: rules.CardID{Deck: "T", Num: 4}, Lat: -30, Lon: -60, Kind: "city"},
	}
	d, err := RankPlaces("T", places)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range places {
		c, _ := d.Card(p.ID)
		ns, we := RankRange(places, p.Lat, p.Lon, 1)
		if c.NS < ns[0] || c.NS > ns[1] || c.WE < we[0] || c.WE > we[1] {
			t.Errorf("%s ranked %d, %d: outside %v, %v", p.ID, c.NS, c.WE, ns, we)
		}
	}
	if ns, we := RankRange(places, 10, -70, 1); ns != [2]int{1, 1} || we != [2]int{1, 1} {
		t.Errorf("the far north-west card: %v, %v, want 1 to 1", ns, we)
	}
	if ns, _ := RankRange(places, 0, -50, 1); ns != [2]int{2, 3} {
		t.Errorf("two cards within the margin: %v, want 2 to 3", ns)
	}
}
