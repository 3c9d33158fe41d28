package shakecity

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

// Issue 18 item 6: every board's 36 squares must be read; an unreadable
// square or a board not in the photo is a gap (the old photo score took a
// missing board as empty, with only a warning).
func TestBoardsExpectEverySquareRead(t *testing.T) {
	m, _ := rules.LookupMode(ModeID)
	s := checkedSetup(t, []string{"Ana", "Ben"}, nil)
	tab := rules.Table{Zones: map[string]*rules.Zone{BoardZone(1): zoneOf(stc10(t))}}
	seen := func(zone string, p rules.Pos) bool {
		return zone == BoardZone(1) && p != (rules.Pos{Row: 4, Col: 2})
	}
	g := rules.FindGaps(m.Expect(s, tab), tab, seen)
	if len(g) != 2 || len(g[0].Cells) != 1 || g[0].Cells[0] != (rules.Pos{Row: 4, Col: 2}) || g[0].Text != "Ana's city board: 1 cell not read (row 5 col 3)" {
		t.Errorf("Ana: %+v", g)
	}
	if len(g) == 2 && (g[1].Zone != BoardZone(2) || len(g[1].Cells) != 36) {
		t.Errorf("Ben's board not in the photo: %+v", g[1])
	}
	if g := rules.FindGaps(m.Expect(s, tab), tab, func(string, rules.Pos) bool { return true }); len(g) != 0 {
		t.Errorf("every square read: %+v", g)
	}
}
