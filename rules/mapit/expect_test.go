package mapit

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

// Issue 18 item 6: a cross expects its centre card and arms without holes;
// a hole is named by arm and place (a missed card, or one taken off after
// a challenge: the photo cannot tell, so it says so).
func TestCrossExpectsCentreAndNoHoles(t *testing.T) {
	s, z := photoCross(t)
	z.Set(rules.Pos{Row: 1, Col: 0}, rules.Cell{}) // São Paulo missed
	tab := rules.Table{Zones: map[string]*rules.Zone{Zone: z}}
	g := rules.FindGaps(mode.Expect(s, tab), tab, nil)
	if len(g) != 1 || len(g[0].Cells) != 1 || g[0].Cells[0] != (rules.Pos{Row: 1, Col: 0}) ||
		g[0].Text != "the cross: 1 cell not read (south arm, card 1); a card there was missed, or taken off after a challenge: close the gap and take the photo again" {
		t.Errorf("hole: %+v", g)
	}
	z.Set(rules.Pos{Row: 1, Col: 0}, rules.Cell{Card: wld(5)})
	if g := rules.FindGaps(mode.Expect(s, tab), tab, nil); len(g) != 0 {
		t.Errorf("full cross: %+v", g)
	}
	z.Set(rules.Pos{}, rules.Cell{})
	if g := rules.FindGaps(mode.Expect(s, tab), tab, nil); len(g) != 1 || g[0].Cells[0] != (rules.Pos{}) {
		t.Errorf("no centre card: %+v", g)
	}
}
