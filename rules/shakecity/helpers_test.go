package shakecity

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// zone builds a colour zone from letter rows, (0,0) at the first letter.
func zone(t testing.TB, rows ...string) *rules.Zone {
	t.Helper()
	z := &rules.Zone{}
	for r, row := range rows {
		for c, ch := range row {
			if ch == '.' {
				continue
			}
			col, ok := rules.ParseColour(string(ch))
			if !ok {
				t.Fatalf("letter %q", ch)
			}
			z.Set(rules.Pos{Row: r, Col: c}, rules.Cell{Colour: col})
		}
	}
	return z
}

// snap builds a table: the shaker rows (nil = no cubes) and each
// player's board rows in seat order.
func snap(t testing.TB, shaker []string, boards ...[]string) rules.Table {
	t.Helper()
	tab := rules.Table{Zones: map[string]*rules.Zone{ShakerZone: zone(t, shaker...)}}
	for i, b := range boards {
		tab.Zones[BoardZone(i+1)] = zone(t, b...)
	}
	return tab
}

var empty6 = []string{"......", "......", "......", "......", "......", "......"}

// newGame starts a game with the given players and options.
func newGame(t testing.TB, players []string, opts map[string]string) *Game {
	t.Helper()
	m, _ := rules.LookupMode(ModeID)
	s, err := m.Check(rules.Setup{Mode: ModeID, Players: players, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, g.Start())
	return g
}

// observe feeds a snapshot, checks the events fit the display, and
// round-trips the state so every step is also a save/restore test.
func observe(t testing.TB, g **Game, tab rules.Table) []rules.Event {
	t.Helper()
	evs := (*g).Observe(tab)
	rulestest.CheckEvents(t, evs)
	*g = rulestest.RoundTrip(t, ModeID, *g).(*Game)
	return evs
}

// find returns the events of a kind for a player (0 = any player).
func find(evs []rules.Event, kind rules.EventKind, p int) []rules.Event {
	var out []rules.Event
	for _, e := range evs {
		if e.Kind == kind && (p == 0 || e.Player == p) {
			out = append(out, e)
		}
	}
	return out
}

// verdict returns player p's verdict in evs, failing if there is none.
func verdict(t testing.TB, evs []rules.Event, p int) rules.Event {
	t.Helper()
	v := find(evs, rules.EventVerdict, p)
	if len(v) != 1 {
		t.Fatalf("want one verdict for player %d, got %d in %s", p, len(v), dump(evs))
	}
	return v[0]
}

func dump(evs []rules.Event) string {
	var b strings.Builder
	for _, e := range evs {
		j, _ := json.Marshal(e.Short)
		b.WriteString("\n  " + string(e.Kind) + " " + string(j) + " " + e.Long)
	}
	return b.String()
}
