package nsoe

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/enginetest"
	"github.com/tableref/tableref/rules/rulestest"
)

// The fixture cities: ROMA (41, 12) as printed (REFERENCE.md §5.6), the
// examples' synthetic coordinates under the names P1…, and a few real
// cities at whole degrees. Deck "NX" is test-only.
var fixtureCities = []City{
	{"Roma", 41, 12},
	{"P1", 45, 9}, {"P2", 43, 20}, {"P3", 44, 20}, {"P4", 52, 13}, {"P5", 41, 2},
	{"Q6", 48, 2}, {"P6", 50, 5},
	{"Oslo", 59, 10}, {"Madrid", 40, -3}, {"Atene", 37, 23}, {"Parigi", 48, 2},
	{"Berlino", 52, 13}, {"Lisbona", 38, -9}, {"Vienna", 48, 16}, {"Dublino", 53, -6},
	{"Varsavia", 52, 21}, {"Praga", 50, 14}, {"Stoccolma", 59, 18}, {"Helsinki", 60, 24},
	{"Amburgo", 53, 10},
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
