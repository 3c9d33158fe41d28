package rulebook

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

// Edge cases of Nord Sud Ovest Est. Each test names the section of
// REFERENCE.md (§5) whose rule it encodes.

// §5.3: a wrong card is discarded (the placer draws 2), and nothing else
// is judged while it still lies on the board; "cards correctly played on
// the board cannot be moved", and "a card may not be placed on a position
// already occupied"; an exchange is a whole turn: it passes the turn and
// keeps the hand's size.
func TestNSOEBoardDiscipline(t *testing.T) {
	m, b := nsoe(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{4, 5}] = "Charlie" // wrong
	verdict(t, m.see(b.coordsUp()))
	b[[2]int{3, 3}] = "Alfa"
	if evs := m.see(b.coordsUp()); !hasShort(evs, rules.EventWarning, "Remove first") {
		t.Fatalf("a card laid before the wrong one left:%s", dump(evs))
	}
	if evs := m.input("swap", "player", 2); !hasShort(evs, rules.EventWarning, "Remove first") {
		t.Fatalf("a swap before the wrong card left:%s", dump(evs))
	}
	delete(b, [2]int{3, 3})
	delete(b, [2]int{4, 5})
	m.see(b.coordsUp())
	// Ben swaps: the turn passes to Ana, hands unchanged.
	if evs := m.input("swap", "player", 1); !hasShort(evs, rules.EventWarning, "Not your turn") {
		t.Fatalf("Ana swaps on Ben's turn:%s", dump(evs))
	}
	m.input("swap", "player", 2)
	if got := hands(m); got != "4 3" {
		t.Errorf("hands after the swap %s, want 4 3", got)
	}
	b[[2]int{3, 3}] = "Alfa" // Ana, right
	if v := verdict(t, m.see(b.coordsUp())); v.Player != 1 || v.Verdict != rules.Right {
		t.Fatalf("%+v", v)
	}
	moved := b.clone()
	delete(moved, [2]int{3, 3})
	moved[[2]int{2, 3}] = "Alfa"
	if evs := m.see(moved.coordsUp()); !hasShort(evs, rules.EventWarning, "Cards can't move") {
		t.Fatalf("a placed card moved:%s", dump(evs))
	}
	m.see(b.coordsUp())
	b[[2]int{4, 4}] = "Roma"
	on := b.clone()
	on[[2]int{3, 3}] = "Delta" // on Alfa's square
	if evs := m.see(on.coordsUp()); len(only(evs, rules.EventVerdict)) > 0 {
		t.Fatalf("a card on an occupied square judged:%s", dump(evs))
	}
}

// §5.5 default completeRound: a player who places their last card ends the
// game once the players after them, up to the round's first player, have
// played; every player with no card then wins.
func TestNSOEFinalRound(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    map[string]string
		winners []int
		hands   string
	}{
		// Ben (player 2 of 3) goes out with his 3rd card; Caro still
		// plays once, Ana (the round's first player) does not.
		{"completeRound", nil, []int{2}, "1 0 1"},
		// oneMoreEach: Caro and Ana both play once more; Ana goes out too.
		{"oneMoreEach", map[string]string{"finalRound": "oneMoreEach"}, []int{1, 2}, "0 0 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, b := nsoe(t, []string{"Ana", "Ben", "Caro"}, tc.opts)
			rightCard := func(name string, k int) {
				t.Helper()
				b[[2]int{4 + k, 4 + k}] = name
				if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Right {
					t.Fatalf("%s: %+v", name, v)
				}
			}
			m.input("swap", "player", 1) // Ana 3
			rightCard("Nordovest 1", -1) // Ben 2
			m.input("swap", "player", 3) // Caro 3
			rightCard("Nordovest 2", -2) // Ana 2
			rightCard("Sudest 1", 1)     // Ben 1
			rightCard("Sudest 2", 2)     // Caro 2
			rightCard("Sudest 3", 3)     // Ana 1
			rightCard("Nordovest 3", -3) // Ben 0: the last round
			if !hasShort(m.all, rules.EventRound, "/Last round") {
				t.Fatalf("no last round:%s", dump(m.all))
			}
			if m.g.Finished() {
				t.Fatal("the game ended before Caro's turn")
			}
			rightCard("Sudest 4", 4) // Caro 1
			if tc.name == "oneMoreEach" {
				rightCard("Nordovest 4", -4) // Ana 0
			}
			wantWinners(t, m.g, tc.winners...)
			if got := hands(m); got != tc.hands {
				t.Errorf("hands %s, want %s", got, tc.hands)
			}
		})
	}
}

// §5.4 (default nsoe.compareWith = all): the new card is checked against
// every card on the board, not only its neighbours. Bravo (43, 20) two
// rows north and one column east of ROMA is right against ROMA; with
// Quebec (48, 2) one row north and two columns west of ROMA, Bravo lies a
// row north of Quebec and must have a higher latitude: 43 < 48, wrong,
// although Quebec is three columns away.
func TestNSOEComparedWithEveryCard(t *testing.T) {
	m, b := nsoe(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{2, 5}] = "Bravo"
	if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Right {
		t.Fatalf("Bravo with ROMA alone: %+v", v)
	}

	m, b = nsoe(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{3, 2}] = "Quebec"
	if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Right {
		t.Fatalf("Quebec: %+v", v)
	}
	b[[2]int{2, 5}] = "Bravo"
	if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Wrong || v.Player != 2 {
		t.Fatalf("Ben's Bravo north of ROMA but south of Quebec's latitude: %+v", v)
	}
}

// §5.4: the ±2° tolerance applies only along the shared line, and the row
// test and the column test are independent. Alfa (45, 9) in ROMA's column
// one row north: latitude right (45 > 41) but |9 − 12| = 3 > 2, wrong.
// Echo (41, 2) in ROMA's row one column east: the row holds (|41 − 41| =
// 0) but a card east of ROMA needs a greater longitude (2 < 12), wrong.
func TestNSOEToleranceOnlyAlongTheLine(t *testing.T) {
	for _, tc := range []struct {
		card string
		at   [2]int
	}{{"Alfa", [2]int{3, 4}}, {"Echo", [2]int{4, 5}}} {
		m, b := nsoe(t, []string{"Ana", "Ben"}, nil)
		b[tc.at] = tc.card
		if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Wrong {
			t.Errorf("%s at %v: %s, want wrong (%s)", tc.card, tc.at, v.Verdict, v.Long)
		}
	}
}

// §5.5: when the piles run out the player(s) with the fewest cards win;
// (default) the game ends as soon as the piles are empty and the action
// has resolved, and a player who must draw 2 from a single card left
// draws 1. 10 cards: 3 each to Ana and Ben, ROMA, 3 in the piles. Ana's
// wrong Charlie draws 2 (4 in hand, 1 left); Ben's wrong Echo draws the
// last 1 (3 in hand): the game ends and Ben, with fewer cards, wins.
func TestNSOEPilesRunOut(t *testing.T) {
	m, b := nsoe(t, []string{"Ana", "Ben"}, map[string]string{"deckSize": "10"})
	b[[2]int{4, 5}] = "Charlie" // same row, |44 − 41| = 3 > 2
	if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Wrong || v.Player != 1 {
		t.Fatalf("Ana's Charlie: %+v", v)
	}
	delete(b, [2]int{4, 5})
	m.see(b.coordsUp())
	b[[2]int{4, 5}] = "Echo" // east of ROMA with 2 < 12
	evs := m.see(b.coordsUp())
	if v := verdict(t, evs); v.Verdict != rules.Wrong || v.Player != 2 {
		t.Fatalf("Ben's Echo: %+v", v)
	}
	if got := hands(m); got != "4 3" {
		t.Errorf("hands %s, want 4 3 (Ben drew the 1 card left)", got)
	}
	if len(only(evs, rules.EventEnd)) != 1 {
		t.Fatalf("the piles are empty but the game goes on:%s", dump(evs))
	}
	wantWinners(t, m.g, 2)
}
