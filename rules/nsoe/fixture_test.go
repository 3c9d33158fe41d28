package nsoe

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/internal/enginetest"
	"github.com/tableref/tableref/rules/rulestest"
)

// The fixture cities: ROMA (41, 12) as printed (REFERENCE.md §5.6), the
// examples' synthetic coordinates under the names P1…, and a few real
// cities at whole degrees. Deck "NX" is test-only.
var fixtureCities = []City{
	{Name: "Roma", Lat: 41, Lon: 12},
	{Name: "P1", Lat: 45, Lon: 9}, {Name: "P2", Lat: 43, Lon: 20}, {Name: "P3", Lat: 44, Lon: 20}, {Name: "P4", Lat: 52, Lon: 13}, {Name: "P5", Lat: 41, Lon: 2},
	{Name: "Q6", Lat: 48, Lon: 2}, {Name: "P6", Lat: 50, Lon: 5},
	{Name: "Oslo", Lat: 59, Lon: 10}, {Name: "Madrid", Lat: 40, Lon: -3}, {Name: "Atene", Lat: 37, Lon: 23}, {Name: "Parigi", Lat: 48, Lon: 2},
	{Name: "Berlino", Lat: 52, Lon: 13}, {Name: "Lisbona", Lat: 38, Lon: -9}, {Name: "Vienna", Lat: 48, Lon: 16}, {Name: "Dublino", Lat: 53, Lon: -6},
	{Name: "Varsavia", Lat: 52, Lon: 21}, {Name: "Praga", Lat: 50, Lon: 14}, {Name: "Stoccolma", Lat: 59, Lon: 18}, {Name: "Helsinki", Lat: 60, Lon: 24},
	{Name: "Amburgo", Lat: 53, Lon: 10},
}

var fixture = func() Fixture {
	f := Fixture{}
	for i, c := range fixtureCities {
		f[rules.CardID{Deck: "NX", Num: i + 1}] = c
	}
	return f
}()

func cid(t testing.TB, name string) rules.CardID {
	t.Helper()
	for i, c := range fixtureCities {
		if c.Name == name {
			return rules.CardID{Deck: "NX", Num: i + 1}
		}
	}
	t.Fatalf("no fixture city %q", name)
	return rules.CardID{}
}

// board lays cards on the board zone: "Roma@4,4".
func board(t testing.TB, cards ...string) rules.Table {
	t.Helper()
	z := &rules.Zone{}
	for _, c := range cards {
		name, at, _ := strings.Cut(c, "@")
		var p rules.Pos
		if _, err := fmt.Sscanf(at, "%d,%d", &p.Row, &p.Col); err != nil {
			t.Fatalf("card %q: %v", c, err)
		}
		z.Set(p, rules.Cell{Card: rules.CardRef{ID: cid(t, name), Side: rules.Back}})
	}
	return rules.Table{Zones: map[string]*rules.Zone{Zone: z}}
}

func newTest(t testing.TB, opts map[string]string, players ...string) *Game {
	t.Helper()
	g, err := NewWithCatalogue(rules.Setup{Mode: ModeID, Players: players, Options: opts}, fixture)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, g.Start())
	return g
}

// Feeding the game and reading its events: the shared helpers.
var (
	see, tell = enginetest.Observe, enginetest.Input
	describe  = enginetest.Describe
	wantKinds = enginetest.WantKinds
)

// defaultCatalogue is tableref's Europe deck on tableref's own cards, so
// messages say the degrees those cards print.
func defaultCatalogue() Catalogue {
	return deckCatalogue{geo.InPlay{Deck: geo.DeckEurope, Tableref: true}}
}
