package mapit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/enginetest"
	"github.com/tableref/tableref/rules/rulestest"
)

// The fixture cards: REFERENCE.md §4.7's coordinates for its examples,
// rounded real coordinates for the rest. Deck "MX" is test-only.
var fixtureCards = []Place{
	{Name: "Washington D.C.", Lat: 38.9, Lon: -77.0},
	{Name: "Tokyo", Lat: 35.7, Lon: 139.7},
	{Name: "Athens", Lat: 38.0, Lon: 23.7},
	{Name: "Rio de Janeiro", Lat: -22.9, Lon: -43.2},
	{Name: "São Paulo", Lat: -23.5, Lon: -46.6},
	{Name: "Oslo", Lat: 59.9, Lon: 10.7},
	{Name: "Cairo", Lat: 30.0, Lon: 31.2},
	{Name: "Sydney", Lat: -33.9, Lon: 151.2},
	{Name: "Lima", Lat: -12.0, Lon: -77.0},
	{Name: "Honolulu", Lat: 21.3, Lon: -157.8},
	{Name: "Moscow", Lat: 55.8, Lon: 37.6},
	{Name: "Nairobi", Lat: -1.3, Lon: 36.8},
	{Name: "Reykjavik", Lat: 64.1, Lon: -21.9},
	{Name: "Mexico City", Lat: 19.4, Lon: -99.1},
	{Name: "Beijing", Lat: 39.9, Lon: 116.4, Expert: true},
	{Name: "Cape Town", Lat: -33.9, Lon: 18.4},
	{Name: "Mumbai", Lat: 19.1, Lon: 72.9},
	{Name: "Buenos Aires", Lat: -34.6, Lon: -58.4},
}

var fixture = func() Fixture {
	f := Fixture{}
	for i, p := range fixtureCards {
		f[rules.CardID{Deck: "MX", Num: i + 1}] = p
	}
	return f
}()

// id finds a fixture card by name.
func id(t testing.TB, name string) rules.CardID {
	t.Helper()
	for i, p := range fixtureCards {
		if p.Name == name {
			return rules.CardID{Deck: "MX", Num: i + 1}
		}
	}
	t.Fatalf("no fixture card %q", name)
	return rules.CardID{}
}

// table lays a cross: the centre card, then arms as "E:Athens,Tokyo"
// (cards from the centre outwards).
func table(t testing.TB, centre string, armSpecs ...string) rules.Table {
	t.Helper()
	z := &rules.Zone{}
	if centre != "" {
		z.Set(rules.Pos{}, rules.Cell{Card: rules.CardRef{ID: id(t, centre)}})
	}
	steps := map[string]rules.Pos{"N": rules.North, "E": rules.East, "S": rules.South, "W": rules.West}
	for _, spec := range armSpecs {
		dir, list, _ := strings.Cut(spec, ":")
		p := rules.Pos{}
		for _, name := range strings.Split(list, ",") {
			p = p.Add(steps[dir])
			z.Set(p, rules.Cell{Card: rules.CardRef{ID: id(t, name)}})
		}
	}
	return rules.Table{Zones: map[string]*rules.Zone{Zone: z}}
}

// newTest starts a fixture game for the named players.
func newTest(t testing.TB, opts map[string]string, players ...string) *Game {
	t.Helper()
	g, err := NewWithCatalogue(rules.Setup{Mode: ModeID, Players: players, Options: opts}, fixture)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, g.Start())
	return g
}

// ruleInput builds an input naming fixture cards ("" for none).
func ruleInput(typ string, player int, card, other string) rules.Input {
	in := rules.Input{Type: rules.InputType(typ), Player: player}
	for i, p := range fixtureCards {
		cid := rules.CardID{Deck: "MX", Num: i + 1}
		if p.Name == card {
			in.Card = cid
		}
		if p.Name == other {
			in.Other = cid
		}
	}
	return in
}

// The shared helpers, under short names.
var (
	see       = enginetest.Observe
	tell      = enginetest.Input
	only      = enginetest.Only
	describe  = enginetest.Describe
	wantKinds = enginetest.WantKinds
)
