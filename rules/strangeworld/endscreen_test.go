package strangeworld

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// Issue 18 item 4: two worlds worth the same stars share the win, and the
// display names both (the old screen said "Game over / Shared win 46").
func TestEndScreenNamesTiedWinners(t *testing.T) {
	g := newMulti(t, "Ana", "Ben", "Caro")
	g.Worlds = []*World{sw1World(t), sw1World(t), layout(t, []string{"start-grey"})}
	e := g.finish()
	rulestest.CheckEvents(t, []rules.Event{e})
	if e.Short != [2]string{"Ana & Ben win", "46 stars each"} {
		t.Errorf("tie screen %q, want Ana & Ben win / 46 stars each", strings.Join(e.AllLines(), " / "))
	}
	if !strings.Contains(e.Long, "Ana & Ben") {
		t.Errorf("long %q", e.Long)
	}

	g = newMulti(t, "Ana", "Ben")
	g.Worlds = []*World{sw1World(t), layout(t, []string{"start-grey"})}
	if e := g.finish(); e.Short != [2]string{"Ana wins", "46 stars"} {
		t.Errorf("win screen %q", e.Short)
	}
}

func newMulti(t *testing.T, players ...string) *Game {
	t.Helper()
	m, _ := rules.LookupMode(ModeMulti)
	s, err := m.Check(rules.Setup{Mode: ModeMulti, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
