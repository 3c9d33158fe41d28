package wit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// Issue 18 item 6: a Cartographer's map expects its starting city and
// every card placed (13 with 12 each); a map short of cards is a gap. The
// old code scored a map with a missed card without a word. Continental
// Shake Up expects no shape: discards leave holes.
func TestCartographerMapsExpectEveryCard(t *testing.T) {
	m, _ := rules.LookupMode(ModeCartographer)
	s, err := m.Check(rules.Setup{Mode: ModeCartographer, Players: []string{"Erica", "Tom"}})
	if err != nil {
		t.Fatal(err)
	}
	erica := ericaMap(t, rules.Back) // WIT-9: 13 cards, complete
	tom := &rules.Zone{}
	tab := rules.Table{Zones: map[string]*rules.Zone{"p1": erica, "p2": tom}}
	g := rules.FindGaps(m.Expect(s, tab), tab, nil)
	if len(g) != 1 || g[0].Zone != "p2" || g[0].Want != 13 || g[0].Got != 0 || !strings.Contains(g[0].Text, "Tom's map: 0 of 13 cards read") {
		t.Errorf("gaps %+v, want Tom's empty map only", g)
	}
	erica.Set(rules.Pos{Row: 1, Col: 1}, rules.Cell{}) // Manaus missed
	g = rules.FindGaps(m.Expect(s, tab), tab, nil)
	if len(g) != 2 || g[0].Zone != "p1" || g[0].Want != 13 || g[0].Got != 12 || len(g[0].Cells) != 0 {
		t.Errorf("one card short: %+v", g)
	}
	if c, _ := rules.LookupMode(ModeContinental); c.Expect != nil {
		t.Error("Continental Shake Up has no fixed shape: a discard leaves a hole")
	}
}
