package strangeworld

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

func gapsOf(t *testing.T, mode string, players []string, zones map[string]*rules.Zone) []rules.Gap {
	t.Helper()
	m, _ := rules.LookupMode(mode)
	if m.Expect == nil {
		t.Fatalf("%s has no expected shape", mode)
	}
	s, err := m.Check(rules.Setup{Mode: mode, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	tab := rules.Table{Zones: zones}
	return rules.FindGaps(m.Expect(s, tab), tab, nil)
}

// Issue 18 item 6: a finished world with a hole (a sticker missed under
// hard light) is a gap that names the cell; the Fumaroles a Dark City
// hides are not. On the old code a world with a hole scored without a
// word.
func TestWorldWithAHoleIsAGap(t *testing.T) {
	full := zoneOfWorld(sw1World(t))
	hidden := full.Clone() // the Dark City at the junction of (3,1) and (3,2) hides both Fumaroles
	hidden.Set(pos(3, 1), rules.Cell{})
	hidden.Set(pos(3, 2), rules.Cell{})
	for name, z := range map[string]*rules.Zone{"full": full, "fumaroles under the city": hidden} {
		if g := gapsOf(t, ModeSolo, []string{"Ana"}, map[string]*rules.Zone{"p1": z}); len(g) != 0 {
			t.Errorf("%s: gaps %+v in a complete world", name, g)
		}
	}
	holed := full.Clone()
	holed.Set(pos(1, 2), rules.Cell{}) // Blue-Green unread
	g := gapsOf(t, ModeSolo, []string{"Ana"}, map[string]*rules.Zone{"p1": holed})
	if len(g) != 1 || len(g[0].Cells) != 1 || g[0].Cells[0] != pos(1, 2) || g[0].Zone != "p1" || !strings.Contains(g[0].Text, "Ana's world: 1 cell not read (row 2 col 3)") {
		t.Errorf("hole: %+v", g)
	}
}

// A whole row unread cannot be placed: the count says it, and the holes
// inside what was read are named; a world never seen at all is missing
// its 16 cards.
func TestWorldMissingARowOrEverything(t *testing.T) {
	z := zoneOfWorld(sw1World(t))
	for c := 0; c < 4; c++ {
		z.Set(pos(0, c), rules.Cell{})
	}
	z.Set(pos(2, 0), rules.Cell{})
	g := gapsOf(t, ModeMulti, []string{"Ana", "Ben"}, map[string]*rules.Zone{"p1": z})
	if len(g) != 2 {
		t.Fatalf("gaps %+v, want Ana's and Ben's worlds", g)
	}
	if g[0].Want != 16 || g[0].Got != 11 || len(g[0].Cells) != 1 || g[0].Cells[0] != pos(2, 0) || !strings.Contains(g[0].Text, "3 rows and 4 columns") {
		t.Errorf("Ana: %+v", g[0])
	}
	if g[1].Zone != "p2" || g[1].Want != 16 || g[1].Got != 0 || !strings.Contains(g[1].Text, "Ben's world: 0 of 16 cards read") {
		t.Errorf("Ben: %+v", g[1])
	}
}
