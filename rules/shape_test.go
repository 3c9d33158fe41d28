package rules

import (
	"strings"
	"testing"
)

func card(n int) Cell { return Cell{Card: CardRef{ID: CardID{Deck: "T", Num: n}}} }

func TestFindGapsFilledReadAndCount(t *testing.T) {
	z := &Zone{}
	z.Set(Pos{0, 0}, card(1))
	z.Set(Pos{0, 1}, card(2))
	z.Set(Pos{1, 1}, card(3))
	tab := Table{Zones: map[string]*Zone{"w": z}}
	exp := []Expect{{Zone: "w", What: "Ana's world", Filled: GridCells(Pos{0, 0}, Pos{1, 1}), Cards: 4}}
	g := FindGaps(exp, tab, nil)
	if len(g) != 1 || len(g[0].Cells) != 1 || g[0].Cells[0] != (Pos{1, 0}) || g[0].Want != 0 {
		t.Fatalf("gaps %+v", g)
	}
	if want := "Ana's world: 1 cell not read (row 2 col 1)"; g[0].Text != want {
		t.Errorf("text %q, want %q", g[0].Text, want)
	}
	// A count short of what the named cells explain is said too.
	exp[0].Cards = 5
	if g := FindGaps(exp, tab, nil); len(g) != 1 || g[0].Want != 5 || g[0].Got != 3 || g[0].Text != "Ana's world: 1 cell not read (row 2 col 1); 3 of 5 cards read" {
		t.Errorf("count: %+v", g)
	}
	exp[0].Cards = 4
	z.Set(Pos{1, 0}, card(4))
	if g := FindGaps(exp, tab, nil); len(g) != 0 {
		t.Errorf("complete: %+v", g)
	}

	// Read cells: an empty square is fine when the photo saw it empty,
	// a gap when it could not read it; without a ReadFunc the table is
	// taken as read.
	board := []Expect{{Zone: "b", What: "Ben's board", Read: GridCells(Pos{0, 0}, Pos{0, 2}), Origin: Pos{0, 0}}}
	unread := func(zone string, p Pos) bool { return !(zone == "b" && p == Pos{0, 2}) }
	if g := FindGaps(board, tab, unread); len(g) != 1 || g[0].Cells[0] != (Pos{0, 2}) || !strings.Contains(g[0].Text, "row 1 col 3") {
		t.Errorf("unread square: %+v", g)
	}
	if g := FindGaps(board, tab, nil); len(g) != 0 {
		t.Errorf("no read function: %+v", g)
	}
	named := []Expect{{Zone: "x", What: "the cross", Filled: []Pos{{0, 0}}, CellName: func(Pos) string { return "the centre" }, Why: "close the gap"}}
	if g := FindGaps(named, tab, nil); len(g) != 1 || g[0].Text != "the cross: 1 cell not read (the centre); close the gap" {
		t.Errorf("named: %+v", g)
	}
}
