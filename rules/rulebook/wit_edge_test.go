package rulebook

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// Edge cases of Where is That? that the rulebook's examples do not show,
// as an outside auditor would try them. Each test names the section of
// REFERENCE.md (../shared/rules/REFERENCE.md, §1–3) whose rule it
// encodes.

// §2 push legality: a push in Continental is allowed only if every circle
// after the shift has the lower number in green; otherwise "that push may
// not be made". Pushing F 02 west (with Caracas and Bogotá) puts F 02 (NS
// 202) over Sucre (NS 50): refused. No placement happened, so nobody
// scores and the same player places again once the cards are back.
func TestWITRefusedPushSamePlayerAgain(t *testing.T) {
	m, b := continental(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{0, 2}] = f(0, 2)
	if v := verdict(t, m.see(b.zone("map"))); v.Verdict != rules.Right || v.Points != 1 {
		t.Fatalf("F 02 beside Caracas: %+v", v)
	}
	before := b.clone()
	b.push(0, 2, 0, -1, f(0, 3)) // F 02 west with Caracas and Bogotá: F 02 lands over Sucre
	evs := m.see(b.zone("map"))
	if !pushRefused(evs) {
		t.Fatalf("want the push refused:%s", dump(evs))
	}
	noVerdict(t, evs)
	evs = m.see(before.zone("map"))
	if !hasShort(evs, rules.EventDone, "Push undone") {
		t.Fatalf("the cards back:%s", dump(evs))
	}
	before[[2]int{0, 3}] = f(0, 3)
	v := verdict(t, m.see(before.zone("map")))
	if v.Player != 2 || v.Verdict != rules.Right {
		t.Fatalf("Ben places again after his refused push: %+v", v)
	}
	if m.score(2).Total != 1 {
		t.Errorf("Ben %d, want 1", m.score(2).Total)
	}
}

// §1.3 adjacent placement (and §0: corner contact is never adjacency): a
// card touching the map only at a corner, or not at all, is not a legal
// placement and is not judged; laid edge to edge it is.
func TestWITDiagonalAndGapNotJudged(t *testing.T) {
	m, b := continental(t, []string{"Ana", "Ben"}, nil)
	d := b.clone()
	d[[2]int{2, 2}] = f(2, 2)
	evs := m.see(d.zone("map"))
	noVerdict(t, evs)
	if !hasShort(evs, rules.EventWarning, "diagonal") {
		t.Fatalf("a corner touch:%s", dump(evs))
	}
	g := b.clone()
	g[[2]int{0, 4}] = f(0, 4)
	if evs := m.see(g.zone("map")); len(only(evs, rules.EventVerdict)) > 0 {
		t.Fatalf("a card apart from the map judged:%s", dump(evs))
	}
	// Taken back, then laid well: Ana's card is judged.
	m.see(b.zone("map"))
	b[[2]int{2, 1}] = f(2, 1)
	if v := verdict(t, m.see(b.zone("map"))); v.Player != 1 || v.Verdict != rules.Right {
		t.Fatalf("%+v", v)
	}
}

// §1.3: "A card is always placed flag side up". A card laid map side up is
// not judged (its numbers were in view); turned flag side up where it
// lies, it is judged as usual.
func TestWITMapSideUpWaitsForTheFlag(t *testing.T) {
	m, b := continental(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{2, 0}] = f(2, 0) + "/B"
	evs := m.see(b.zone("map"))
	noVerdict(t, evs)
	if !hasShort(evs, rules.EventWarning, "Flag side up") {
		t.Fatalf("%s", dump(evs))
	}
	b[[2]int{2, 0}] = f(2, 0)
	if v := verdict(t, m.see(b.zone("map"))); v.Verdict != rules.Right || v.Points != 1 || v.Player != 1 {
		t.Fatalf("%+v", v)
	}
}

// §2 scoring: an incorrect card "is discarded" (it leaves the game), so it
// cannot come back later; §1.3: cards move only by a push, so a right card
// lifted and laid elsewhere is not a new placement and scores nothing.
func TestWITCardRemovedAndRelaid(t *testing.T) {
	m, b := continental(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{2, 0}] = "Cayena" // below Lima: 37 vs 17, wrong
	if v := verdict(t, m.see(b.zone("map"))); v.Verdict != rules.Wrong {
		t.Fatalf("Cayena below Lima: %+v", v)
	}
	delete(b, [2]int{2, 0})
	m.see(b.zone("map"))
	b[[2]int{0, 2}] = "Cayena" // Ben tries the discarded card again
	evs := m.see(b.zone("map"))
	noVerdict(t, evs)
	if !hasShort(evs, rules.EventWarning, "Cayena") {
		t.Fatalf("the discarded Cayena again:%s", dump(evs))
	}
	delete(b, [2]int{0, 2})
	b[[2]int{1, 2}] = f(1, 2)
	if v := verdict(t, m.see(b.zone("map"))); v.Player != 2 || v.Points != 1 {
		t.Fatalf("%+v", v)
	}
	// F 12 lifted and laid below Sucre: a move, not a placement.
	delete(b, [2]int{1, 2})
	b[[2]int{2, 1}] = f(1, 2)
	evs = m.see(b.zone("map"))
	noVerdict(t, evs)
	if len(only(evs, rules.EventWarning)) == 0 {
		t.Fatalf("a placed card moved alone:%s", dump(evs))
	}
	if m.score(2).Total != 1 || m.score(1).Total != 0 {
		t.Errorf("scores %v", m.g.Scores())
	}
}

// §2 end of game: the game ends when every player has placed their cards,
// so a wrong last card (0 points, §2 scoring) ends it at once; most points
// wins, and ties are shared (§2: "Ties: shared victory").
func TestWITLastCardWrongAndSharedWin(t *testing.T) {
	m, b := continental(t, []string{"Ana", "Ben"}, map[string]string{"cardsPerPlayer": "1"})
	b[[2]int{0, 2}] = f(0, 2)
	verdict(t, m.see(b.zone("map")))
	b[[2]int{2, 0}] = "Cayena" // below Lima: wrong
	evs := m.see(b.zone("map"))
	if v := verdict(t, evs); v.Verdict != rules.Wrong {
		t.Fatalf("%+v", v)
	}
	if len(only(evs, rules.EventEnd)) != 1 {
		t.Fatalf("no end after the last card:%s", dump(evs))
	}
	wantWinners(t, m.g, 1)

	m, b = continental(t, []string{"Ana", "Ben"}, map[string]string{"cardsPerPlayer": "1"})
	b[[2]int{0, 2}] = f(0, 2)
	m.see(b.zone("map"))
	b[[2]int{2, 0}] = f(2, 0)
	m.see(b.zone("map"))
	wantWinners(t, m.g, 1, 2)
	if end := only(m.all, rules.EventEnd); len(end) != 1 || !strings.Contains(end[0].Short[0], "&") {
		t.Errorf("a shared win should name both:%s", dump(end))
	}
}

// §2 rounds and turns: the round's first player rotates ("the player to the
// left of the previous round's first player starts the new round") and
// turns go clockwise from them (default): with 3 players, round 2 opens
// with player 2, round 3 with player 3.
func TestWITRoundsRotate(t *testing.T) {
	m, b := continental(t, []string{"Ana", "Ben", "Caro"}, map[string]string{"cardsPerPlayer": "3"})
	want := []int{1, 2, 3, 2, 3, 1, 3, 1, 2}
	cells := [][2]int{{0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 0}, {2, 1}, {2, 2}}
	for i, p := range cells {
		b[p] = f(p[0], p[1])
		if v := verdict(t, m.see(b.zone("map"))); v.Player != want[i] {
			t.Fatalf("placement %d by player %d, want %d", i+1, v.Player, want[i])
		}
	}
}

// §3 scoring and tie-break: equal points are broken by each tied player's
// closest scored circle (smallest difference wins); the same gap stays
// shared (§3: "If still tied, the victory is shared"), and so do players
// with no scored circle at all.
func TestWITCartographerTieBreakEqualShared(t *testing.T) {
	m, maps := cartographer(t, []string{"L", "R"}, 1, "Bogotá", "Lima")
	maps[0][[2]int{0, 1}] = f(0, 0) // Bogotá 15 | F 00 200: gap 185
	m.see(cartoZones(maps)...)
	maps[1][[2]int{0, 1}] = f(1, 0) // Lima 8 | F 10 201: gap 193
	m.see(cartoZones(maps)...)
	wantWinners(t, m.g, 1)

	m, maps = cartographer(t, []string{"L", "R"}, 1, "Bogotá", "Lima")
	maps[0][[2]int{1, 0}] = f(1, 3) // Bogotá NS 10 over F 13 NS 213: gap 203
	m.see(cartoZones(maps)...)
	maps[1][[2]int{0, 1}] = f(3, 0) // Lima WE 8 | F 30 WE 203: gap 195
	m.see(cartoZones(maps)...)
	wantWinners(t, m.g, 2)

	// The same gap: Bogotá 15 | Salta 20 and Lima 8 | Tacna 13, both 5.
	m, maps = cartographer(t, []string{"L", "R"}, 1, "Bogotá", "Lima")
	maps[0][[2]int{0, 1}] = "Salta"
	m.see(cartoZones(maps)...)
	maps[1][[2]int{0, 1}] = "Tacna"
	m.see(cartoZones(maps)...)
	wantWinners(t, m.g, 1, 2)
	if end := only(m.all, rules.EventEnd); len(end) != 1 || !strings.Contains(end[0].Long, "gap 5") {
		t.Errorf("the end should give both gaps:%s", dump(end))
	}

	// Nobody scored a circle (each map's one circle is wrong): 0 each,
	// no tie-break value on either side, shared.
	m, maps = cartographer(t, []string{"L", "R"}, 1, "Bogotá", "Lima")
	maps[0][[2]int{0, -1}] = f(0, 0) // F 00 west of Bogotá: 200 vs 15
	m.see(cartoZones(maps)...)
	maps[1][[2]int{-1, 0}] = f(0, 1) // F 01 above Lima: 201 vs 37
	m.see(cartoZones(maps)...)
	wantWinners(t, m.g, 1, 2)
}

// §3 rounds: players place clockwise starting with the deck holder, each
// in their own map; a card laid in another player's map out of turn is
// not taken, and the map must be put back.
func TestWITCartographerOutOfTurn(t *testing.T) {
	m, maps := cartographer(t, []string{"Erica", "Jane"}, 2, "Brasília", "Chiclayo")
	maps[1][[2]int{0, 1}] = f(0, 0)
	evs := m.see(cartoZones(maps)...)
	if !hasShort(evs, rules.EventWarning, "Not Jane's turn") {
		t.Fatalf("%s", dump(evs))
	}
	delete(maps[1], [2]int{0, 1})
	m.see(cartoZones(maps)...)
	maps[0][[2]int{0, 1}] = "Cayena"
	evs = m.see(cartoZones(maps)...)
	if info := only(evs, rules.EventInfo); len(info) == 0 || info[0].Player != 1 {
		t.Fatalf("Erica's card:%s", dump(evs))
	}
}

// §2 Setup step 2 (default): any orthogonally connected arrangement of the
// 4 starting cities whose circles are all right is accepted, not only the
// recommended 2×2; a wrong circle or a group that only touches at a corner
// (§0: corner contact is never adjacency) is refused and nobody plays.
func TestWITStartAnyConnectedRightArrangement(t *testing.T) {
	install(t, witDeck)
	for _, tc := range []struct {
		name string
		rows []string
		ok   bool
	}{
		// WE 5 < 8 < 15 < 54 west to east: three right circles.
		{"a row", []string{"Chiclayo/B|Lima/B|Bogotá/B|Caracas/B"}, true},
		// NS 4 < 10 < 35 < 37 north to south.
		{"a column", []string{"Caracas/B", "Bogotá/B", "Chiclayo/B", "Lima/B"}, true},
		// An L: Caracas over Bogotá (4 < 10), then Bogotá | Sucre (15 < 58)
		// and Sucre | Brasília (58 < 91).
		{"an L", []string{"Caracas/B|.|.", "Bogotá/B|Sucre/B|Brasília/B"}, true},
		// The 2×2 with its top row swapped: Caracas | Bogotá reads 54 vs 15.
		{"a wrong circle", []string{"Caracas/B|Bogotá/B", "Lima/B|Sucre/B"}, false},
		// Two right pairs touching only at a corner.
		{"corner contact", []string{"Lima/B|Bogotá/B|.", ".|.|Caracas/B", ".|.|Sucre/B"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := play(t, "wit-continental", []string{"Ana", "Ben"}, map[string]string{"deck": "RW"})
			evs := m.see(cards("map", 0, 0, tc.rows...))
			if got := hasShort(evs, rules.EventDone, "Start map OK"); got != tc.ok {
				t.Fatalf("accepted %v, want %v:%s", got, tc.ok, dump(evs))
			}
			if !tc.ok && len(only(evs, rules.EventTurn)) > 0 {
				t.Errorf("a turn began on a refused start:%s", dump(evs))
			}
		})
	}
}

// §1.3 push placement (default wit.pushScope = contiguous): the pushed
// cards are the run from the target cell up to the first empty cell; a
// card beyond that gap stays where it is. Row 0 holds Bogotá, Caracas, a
// gap, F 03: Quito pushed into Bogotá's cell moves Bogotá and Caracas
// one cell east and leaves F 03. Every circle after the shift is right,
// and Quito's two circles (NS 22 over Lima's 37, WE 9 beside Bogotá's 15)
// are right: 2 points (§2 scoring).
func TestWITPushStopsAtTheFirstGap(t *testing.T) {
	m, b := continental(t, []string{"Ana", "Ben"}, nil)
	// Round 1 Ana, Ben; round 2 opens with Ben (§2), then Ana pushes.
	for _, p := range [][2]int{{1, 2}, {1, 3}, {0, 3}} {
		b[p] = f(p[0], p[1])
		if v := verdict(t, m.see(b.zone("map"))); v.Verdict != rules.Right {
			t.Fatalf("%s: %+v", f(p[0], p[1]), v)
		}
	}
	b.push(0, 0, 0, 1, "Quito")
	if b[[2]int{0, 3}] != f(0, 3) || b[[2]int{0, 2}] != "Caracas/B" {
		t.Fatalf("the test's push moved the wrong cards: %v", b)
	}
	evs := m.see(b.zone("map"))
	if pushRefused(evs) {
		t.Fatalf("push refused:%s", dump(evs))
	}
	if v := verdict(t, evs); v.Player != 1 || v.Verdict != rules.Right || v.Points != 2 {
		t.Fatalf("Ana's Quito: %+v", v)
	}
}

// §3 tie-break (default): compare only each tied player's single closest
// scored circle. L's circles have gaps 5 (Bogotá 15 | Salta 20) and 190
// (Bogotá NS 10 over F 00's 200); R's 5 (Lima 8 | Tacna 13) and 164 (Lima
// NS 37 over F 01's 201). 2 points each, both minimums 5: shared, though
// R's second circle is closer than L's.
func TestWITCartographerTieBreakOnlyTheClosest(t *testing.T) {
	m, maps := cartographer(t, []string{"L", "R"}, 2, "Bogotá", "Lima")
	maps[0][[2]int{0, 1}] = "Salta" // round 1: L, R
	m.see(cartoZones(maps)...)
	maps[1][[2]int{0, 1}] = "Tacna"
	m.see(cartoZones(maps)...)
	maps[1][[2]int{1, 0}] = f(0, 1) // round 2: R holds the deck and starts
	m.see(cartoZones(maps)...)
	maps[0][[2]int{1, 0}] = f(0, 0)
	m.see(cartoZones(maps)...)
	if l, r := m.score(1).Total, m.score(2).Total; l != 2 || r != 2 {
		t.Fatalf("L %d, R %d: want 2 each", l, r)
	}
	wantWinners(t, m.g, 1, 2)
}
