package rulebook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// Edge cases of Strange World above the clouds. Each test names the
// section of REFERENCE.md (§7) whose rule it encodes; expected numbers
// are worked out by hand from that rule in the comments. Cells are
// (row, col) of the camera's zone, row 0 on top.

// refused fails unless evs refuse player p's card with a reason saying
// why.
func refused(t *testing.T, evs []rules.Event, p int, why string) {
	t.Helper()
	for _, v := range only(evs, rules.EventVerdict) {
		if v.Player == p && v.Verdict == rules.Wrong && strings.Contains(v.Short[1], why) {
			return
		}
	}
	t.Fatalf("player %d's card not refused with %q:%s", p, why, dump(evs))
}

// takeBack removes a refused card and fails unless the referee sees it go.
func (s *skies) takeBack(t *testing.T, p, r, c int) {
	t.Helper()
	if evs := s.put(p, r, c, ""); !hasShort(evs, rules.EventDone, "/taken back") {
		t.Fatalf("card at (%d,%d) taken back, not seen:%s", r, c, dump(evs))
	}
}

// §7.6: a card must be face up, touch the world by an edge, and keep the
// world within 4 columns × 4 rows; the square may grow in any direction.
// Start (1,1); row 1 grows to columns 0–3, column 1 to rows 0–3.
func TestSWEdgePlacementLimits(t *testing.T) {
	s := solo(t, 1, 1, "Starting Grey")
	refused(t, s.put(1, 3, 3, "grey-grey#1"), 1, "not adjacent") // touches nothing
	s.takeBack(t, 1, 3, 3)
	refused(t, s.put(1, 2, 2, "grey-grey#1"), 1, "not adjacent") // corner only
	s.takeBack(t, 1, 2, 2)
	refused(t, s.put(1, 1, 2, "grey-grey#1/B"), 1, "face up")
	s.takeBack(t, 1, 1, 2)
	refused(t, s.put(1, 1, 2, "F1"), 1, "no volcano") // a Fumarole is no Land card
	s.takeBack(t, 1, 1, 2)

	s.right(t, 1, 2, "grey-grey#1")
	s.right(t, 1, 3, "grey-green#1")
	s.right(t, 1, 0, "green-green-1#1") // west of the start: columns 0–3
	refused(t, s.put(1, 1, 4, "green-green-2#1"), 1, "4x4")
	s.takeBack(t, 1, 1, 4)
	refused(t, s.put(1, 1, -1, "green-green-2#1"), 1, "4x4")
	s.takeBack(t, 1, 1, -1)
	s.right(t, 0, 1, "green-green-2#1")
	s.right(t, 2, 1, "grey-grey#2")
	s.right(t, 3, 1, "grey-green#2") // rows 0–3
	refused(t, s.put(1, 4, 1, "green-green-1#2"), 1, "4x4")
	s.takeBack(t, 1, 4, 1)
	refused(t, s.put(1, -1, 1, "green-green-1#2"), 1, "4x4")
	s.takeBack(t, 1, -1, 1)
	s.right(t, 2, 2, "green-green-1#2") // inside the 4×4, touching (1,2) and (2,1)
}

// §7.9: a Traveller goes at the end of the portal's row, just outside the
// world, overlapping that row and the row above or below; nothing may be
// played in its column or beyond; every later Traveller goes on the same
// side, and shares a spot only when no other spot beside its portal is
// free. Start (1,0); Grey portal (1,1) + Blue portal (1,2) make a portal in
// row 1; Kark goes right (column 3) beside rows 1–2.
func TestSWEdgeTravellerSide(t *testing.T) {
	s := solo(t, 1, 0, "Starting Grey")
	s.right(t, 1, 1, "grey-portal#1")
	if evs := s.right(t, 1, 2, "blue-portal#1"); !hasShort(evs, rules.EventInfo, "Portal!") {
		t.Fatalf("no portal:%s", dump(evs))
	}
	w := s.worlds[0]
	for _, bad := range []struct {
		row, col float64
		say      string
	}{
		{2.5, 3, "wrong rows"}, // rows 2–3: not the portal's row
		{1, 3, "wrong rows"},   // on one row only
		{1.5, 5, "at row end"}, // not just outside the world
	} {
		evs := s.item(1, bad.row, bad.col, "Kark")
		if !hasShort(evs, rules.EventWarning, "/"+bad.say) || hasShort(evs, rules.EventDone, "joins") {
			t.Errorf("Kark at (%g,%g): want %q and no welcome:%s", bad.row, bad.col, bad.say, dump(evs))
		}
		w.items = nil
		s.show() // taken away: the next spot is judged afresh
	}
	if evs := s.item(1, 1.5, 3, "Kark"); !hasShort(evs, rules.EventDone, "Kark joins") {
		t.Fatalf("Kark at the row's end not welcomed:%s", dump(evs))
	}
	s.right(t, 0, 2, "grey-green#1")
	refused(t, s.put(1, 0, 3, "green-green-1#1"), 1, "Traveller")
	s.takeBack(t, 1, 0, 3)
	s.right(t, 1, -1, "grey-grey#1") // the other side stays open: columns -1–2
	// A second portal in row 2: Green portal (2,0) + Yellow portal (2,1).
	s.right(t, 2, 0, "green-portal#1")
	if evs := s.right(t, 2, 1, "yellow-portal#1"); !hasShort(evs, rules.EventInfo, "Portal!") {
		t.Fatalf("second portal not seen:%s", dump(evs))
	}
	if evs := s.item(1, 2.5, -2, "Boung"); !hasShort(evs, rules.EventWarning, "/same side") || hasShort(evs, rules.EventDone, "joins") {
		t.Errorf("Boung on the left after Kark on the right: want same side:%s", dump(evs))
	}
	w.items = w.items[:1]
	s.show()
	if evs := s.item(1, 1.5, 3, "Boung"); !hasShort(evs, rules.EventWarning, "/spot taken") || hasShort(evs, rules.EventDone, "joins") {
		t.Errorf("Boung on Kark's spot while rows 2–3 are free: want spot taken:%s", dump(evs))
	}
	w.items = w.items[:1]
	s.show()
	if evs := s.item(1, 2.5, 3, "Boung"); !hasShort(evs, rules.EventDone, "Boung joins") {
		t.Fatalf("Boung beside rows 2–3 not welcomed:%s", dump(evs))
	}
	// Kark, rows 1–2: mountains Grey-Grey 2 + Start 1 + Grey portal 1 = 4
	// (< 5): 5. Boung, rows 2–3: one portal (row 2): 5.
	if got := swParts(s.score(1))["travellers"]; got != 10 {
		t.Errorf("travellers %d, want 10 (Kark 5 + Boung 5)", got)
	}
}

// §7.7 D1–D4 edge cases.
func TestSWEdgeDesolation(t *testing.T) {
	t.Run("D1 two portals at once", func(t *testing.T) {
		// Grey portal (0,0) and Green portal (0,2) unpaired; a Yellow
		// portal between them would complete two portals: flipped.
		s := solo(t, 1, 1, "Starting Grey")
		s.right(t, 1, 0, "green-green-1#1")
		s.right(t, 0, 0, "grey-portal#1")
		s.right(t, 1, 2, "green-green-2#1")
		s.right(t, 0, 2, "green-portal#1")
		if evs := s.right(t, 0, 1, "yellow-portal#1"); !flipAsked(evs, "Yellow") || hasShort(evs, rules.EventInfo, "Portal!") {
			t.Fatalf("want the Yellow portal flipped and no portal:%s", dump(evs))
		}
	})
	t.Run("D2 and D3 count face-up cards only", func(t *testing.T) {
		// Blue-Yellow beside the Starting Blue: water by water, flipped.
		// Grey-Yellow then joins row 1, whose only swamp is face down:
		// stays. Blue-Green beside the face-down Blue-Yellow (its only
		// neighbour): no face-up water by it: stays.
		s := solo(t, 1, 0, "Starting Blue")
		if evs := s.right(t, 1, 1, "blue-yellow#1"); !flipAsked(evs, "Blue-Yellow") {
			t.Fatalf("D2: Blue-Yellow beside Starting Blue not flipped:%s", dump(evs))
		}
		s.flipDown(1, 1, 1)
		if evs := s.right(t, 1, 2, "grey-yellow#1"); flipAsked(evs, "Grey-Yellow") {
			t.Errorf("D3: the row's swamp is face down, Grey-Yellow flipped:%s", dump(evs))
		}
		if evs := s.right(t, 0, 1, "blue-green#1"); flipAsked(evs, "Blue-Green") {
			t.Errorf("D2: Blue-Green beside a face-down water card flipped:%s", dump(evs))
		}
	})
	t.Run("D4 a Moon above a Moon", func(t *testing.T) {
		// Moon #1 in the top row stays; Moon #2 played above it is in the
		// new top row (the played card counts): it stays and Moon #1 goes.
		s := solo(t, 1, 0, "Starting Grey")
		if evs := s.right(t, 0, 0, "moon#1"); flipAsked(evs, "Moon") {
			t.Fatalf("a Moon in the top row flipped:%s", dump(evs))
		}
		evs := s.right(t, -1, 0, "moon#2")
		if n := len(only(evs, rules.EventDo)); n != 1 || !flipAsked(evs, "Moon") {
			t.Fatalf("want exactly the lower Moon flipped:%s", dump(evs))
		}
		if evs := s.flipDown(1, 0, 0); !hasShort(evs, rules.EventDone, "/flipped") {
			t.Fatalf("flipping the lower Moon (0,0) does not settle it:%s", dump(evs))
		}
	})
	t.Run("D4b after a flipped card", func(t *testing.T) {
		// sw.moonFlipWhenPlayedCardFlipped (default true): Grey-Blue played
		// above the Moon's row beside Blue-Green is flipped (D2), and the
		// Moon below it is flipped too.
		s := solo(t, 1, 1, "Starting Grey")
		s.right(t, 0, 1, "grey-green#1")
		s.right(t, -1, 1, "blue-green#1")
		s.right(t, -1, 0, "moon#1")
		evs := s.right(t, -2, 1, "grey-blue#1")
		if !flipAsked(evs, "Grey-Blue") || !flipAsked(evs, "Moon") {
			t.Fatalf("want Grey-Blue (D2) and the Moon (D4b) flipped:%s", dump(evs))
		}
	})
}

// §7.8: a Fumarole may cover a Tzimime card; a Fumarole that touches two
// free Fumaroles makes one Dark City only (the highest, 9), and the other
// Fumarole stays free.
//
//	row 0: Red-Green      .           Red-Grey-Grey
//	row 1: F1 (Grey-Grey) F3 (Start)  F2 (Grey-Green)
//	row 2:                Red-Yellow
func TestSWEdgeFumaroles(t *testing.T) {
	s := solo(t, 1, 1, "Starting Grey")
	s.right(t, 1, 0, "grey-grey#1")
	s.right(t, 1, 2, "grey-green#1")
	s.right(t, 0, 0, "red-green#1")
	s.put(1, 1, 0, "F1")
	s.right(t, 0, 2, "red-grey-grey#1")
	if evs := s.put(1, 1, 2, "F2"); hasShort(evs, rules.EventDo, "Dark City") {
		t.Fatalf("F2 touches no Fumarole, a Dark City asked:%s", dump(evs))
	}
	s.right(t, 2, 1, "red-yellow#1")
	evs := s.put(1, 1, 1, "F3")
	if !hasShort(evs, rules.EventDo, "Dark City 9") {
		t.Fatalf("F3 between F1 and F2: want Dark City 9:%s", dump(evs))
	}
	if evs := s.item(1, 1, 0.5, "DC9"); !hasShort(evs, rules.EventDone, "/Dark City +9") {
		t.Fatalf("DC9 on F1–F3 not taken:%s", dump(evs))
	}
	if evs := s.show(); hasShort(evs, rules.EventDo, "Dark City") {
		t.Fatalf("a second Dark City asked for F3:%s", dump(evs))
	}
	if got := swParts(s.score(1))["dark cities"]; got != 9 {
		t.Errorf("dark cities %d, want 9", got)
	}

	// A volcano beside a Tzimime card may cover it.
	s = solo(t, 1, 0, "Starting Blue")
	s.right(t, 1, 1, "blue-yellow#1") // D2: flipped
	s.flipDown(1, 1, 1)
	s.right(t, 2, 1, "red-grey-grey#1")
	if evs := s.put(1, 1, 1, "F1"); !hasShort(evs, rules.EventDone, "/covered") {
		t.Fatalf("a Fumarole on the Tzimime card not taken:%s", dump(evs))
	}
}

// §7.10 every category on one photographed world (solo, ScoreTable):
//
//	row 0: Moon          Blue-Green    TZIMIME        Moon
//	row 1: Grey-Green    Grey-Grey     F1             Grey-Yellow
//	row 2: Grey-Grey     Blue-Yellow   Green-Green 2  Starting Grey
//	row 3: Green-Green 1 Grey-Blue     Yellow-Green   Red-Green
//
// Floulou right of rows 1–2, Roro right of rows 2–3.
//   - mountains: {Grey-Green 1, Grey-Grey 2, Grey-Grey 2} = 5; {Grey-
//     Yellow, Start} = 2; {Grey-Blue} = 1: the biggest, 5.
//   - water: Blue-Green: Moon + Grey-Grey (Tzimime 0) = 2; Blue-Yellow: 4;
//     Grey-Blue: Blue-Yellow, Green-Green 1, Yellow-Green = 3: 9.
//   - animals: Spirit, Goat, Deer, Snake, Phoenix = 5 different: 10.
//   - swamps: Grey-Yellow, Blue-Yellow, Yellow-Green: 9.
//   - moons: (0,0) over Grey-Green {mountain, plant}: column 0 below
//     holds 1+1 + 2 + 2 = 6 → 12; (0,3) over Grey-Yellow {mountain,
//     swamp}: 2 + Start 1 + Red-Green 0 = 3 → 6: 18.
//   - Floulou, rows 1–2: plants 1+2 = 3, water 1 only: 5. Roro, rows 2–3:
//     Deer, Spirit, Goat, Snake, Phoenix ≥ 4: 5+4 = 9. Travellers 14.
//
// Total 5+9+10+9+0+18+14 = 65: "kicked out of the skies" (60–69).
func TestSWEdgeScoreEveryCategory(t *testing.T) {
	z := cards("p1", 0, 0,
		"moon#1 | blue-green#1 | SW-BACK | moon#2",
		"grey-green#1 | grey-grey#1 | F1 | grey-yellow#1",
		"grey-grey#2 | blue-yellow#1 | green-green-2#1 | Starting Grey",
		"green-green-1#1 | grey-blue#1 | yellow-green#1 | red-green#1").
		item(1.5, 4, "Floulou").item(2.5, 4, "Roro")
	scores, evs := photo(t, "strangeworld-solo", []string{"Ana"}, nil, z)
	want := map[string]int{"mountains": 5, "water": 9, "animals": 10, "swamps": 9, "dark cities": 0, "moons": 18, "travellers": 14}
	if got := swParts(scores[0]); fmt.Sprint(got) != fmt.Sprint(want) || scores[0].Total != 65 {
		t.Errorf("got %v total %d, want %v total 65", got, scores[0].Total, want)
	}
	if !hasShort(evs, rules.EventInfo, "/Kicked out") {
		t.Errorf("65 solo: want the 60–69 rank:%s", dump(evs))
	}
}

// §7.3 every Traveller condition met or missed, on one photographed world:
//
//	row 0: Red-Green     Red-Blue     Red-Yellow     Grey-Grey
//	row 1: F1            F2           F3             Grey-Green
//	row 2: Blue portal   Grey portal  Green portal   Yellow portal
//	row 3: Blue-Green    Grey-Blue    Blue-Yellow    Starting Blue
//
// Rows 0–1: 3 Fumaroles → Pshit 5+5; 3 volcanoes → Rumph 5+6; mountains
// 2+1 = 3 → Kark 5. Rows 2–3: two portals side by side → Boung 5+8;
// water 1 + 4 = 5 → Splash 5+5; a swamp in row 2 (Yellow portal) and in
// row 3 (Blue-Yellow) → Burk 5+4. 10+11+5+13+10+9 = 58.
func TestSWEdgeEveryTraveller(t *testing.T) {
	z := cards("p1", 0, 0,
		"red-green#1 | red-blue#1 | red-yellow#1 | grey-grey#1",
		"F1 | F2 | F3 | grey-green#1",
		"blue-portal#1 | grey-portal#1 | green-portal#1 | yellow-portal#1",
		"blue-green#1 | grey-blue#1 | blue-yellow#1 | Starting Blue").
		item(0.5, -1, "Pshit").item(0.5, -1, "Kark").item(0.5, 4, "Rumph").
		item(2.5, -1, "Boung").item(2.5, 4, "Splash").item(2.5, 4, "Burk")
	scores, _ := photo(t, "strangeworld-solo", []string{"Ana"}, nil, z)
	if got := swParts(scores[0])["travellers"]; got != 58 {
		t.Errorf("travellers %d, want 58: %+v", got, scores[0].Parts)
	}
}

// §7.9 solo: only the 3 revealed Travellers may be welcomed.
func TestSWEdgeSoloRevealedTravellersOnly(t *testing.T) {
	s := solo(t, 1, 0, "Starting Grey")
	s.extra = []zone{cards("offer", 0, 0, "Kark | Burk | Splash")}
	s.show()
	s.right(t, 1, 1, "grey-portal#1")
	s.right(t, 1, 2, "blue-portal#1")
	if evs := s.item(1, 1.5, 3, "Boung"); !hasShort(evs, rules.EventWarning, "/not revealed") || hasShort(evs, rules.EventDone, "joins") {
		t.Errorf("Boung (not revealed) welcomed:%s", dump(evs))
	}
	s.worlds[0].items = nil
	s.show()
	s.extra = []zone{cards("offer", 0, 0, "Burk | Splash")}
	if evs := s.item(1, 1.5, 3, "Kark"); !hasShort(evs, rules.EventDone, "Kark joins") {
		t.Fatalf("Kark (revealed) not welcomed:%s", dump(evs))
	}
}

// §7.5 and §7.11, a whole 2-player game: 5 turns of 3 cards each, the Sun
// holder plays first and the Sun passes to the other player every turn; a
// card laid out of turn is not judged; the game ends after the 30th card
// with a shared win on equal stars (no tie-break).
//
//	row 0: Moon         Moon          Moon           Moon
//	row 1: Blue portal  Yellow-Green  Green-Green 1  Grey portal
//	row 2: Green-Green 2 Grey-Grey    Blue-Yellow    Grey-Green
//	row 3: start        X             Grey-Yellow    Grey-Blue
//
// Ana: start Starting Grey, X = Blue-Green. Ben: start Starting Green,
// X = a Blue portal.
// Ana: mountains: {Grey portal, Grey-Green, Grey-Blue, Grey-Yellow} = 4
// (Grey-Grey alone 2, Start alone 1); water: Blue portal 3 (Moon, Green-
// Green 2, Yellow-Green), Blue-Yellow 4, Blue-Green 3, Grey-Blue 2 = 12;
// animals Snake, Deer, Goat, Spirit = 8; swamps 3 = 9; moons: over the
// Blue portal {water}: 1 → 2; over Yellow-Green {swamp, plant}: 2 + Blue-
// Green's plant 1 = 3 → 6; over Green-Green 1 {plant}: 2 → 4; over the
// Grey portal {mountain}: 3 → 6: 18. Total 51.
// Ben: the same but animals + Bear (10) and the second Moon's column has
// no Blue-Green plant (2 → 4): moons 16. Total 4+12+10+9+16 = 51.
func TestSWEdgeTwoPlayerGameSharedWin(t *testing.T) {
	s := strangeWorld(t, "strangeworld", []string{"Ana", "Ben"},
		[3]any{3, 0, "Starting Grey"}, [3]any{3, 0, "Starting Green"})
	order := [][2]int{{3, 1}, {3, 2}, {3, 3}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {0, 0}, {0, 1}, {0, 2}, {0, 3}}
	plans := [2][]string{
		{"blue-green#1", "grey-yellow#1", "grey-blue#1", "green-green-2#1", "grey-grey#1", "blue-yellow#1", "grey-green#1",
			"blue-portal#1", "yellow-green#1", "green-green-1#1", "grey-portal#1", "moon#1", "moon#2", "moon#3", "moon#4"},
		{"blue-portal#3", "grey-yellow#2", "grey-blue#2", "green-green-2#2", "grey-grey#2", "blue-yellow#2", "grey-green#2",
			"blue-portal#2", "yellow-green#2", "green-green-1#2", "grey-portal#2", "moon#5", "moon#6", "moon#7", "moon#8"},
	}
	next := [2]int{}
	var last []rules.Event
	for turn := 1; turn <= 5; turn++ {
		first := 1 + (turn-1)%2 // the Sun holder; it passes every turn
		for k := 0; k < 3; k++ {
			for _, p := range []int{first, 3 - first} {
				i := next[p-1]
				if turn == 1 && k == 0 && p == 1 {
					// Ben lays his card before Ana (the Sun holder): not judged yet.
					q := order[next[1]]
					if evs := s.put(2, q[0], q[1], plans[1][next[1]]); len(verdictsOf(evs, 2)) > 0 {
						t.Fatalf("Ben's card out of turn judged:%s", dump(evs))
					}
				}
				if turn == 1 && k == 0 && p == 2 {
					next[1]++
					continue // already on the table, accepted after Ana's card
				}
				evs := s.put(p, order[i][0], order[i][1], plans[p-1][i])
				if turn == 1 && k == 0 && p == 1 {
					for _, v := range verdictsOf(evs, 2) {
						if v.Verdict != rules.Right {
							t.Fatalf("Ben's early card refused:%s", dump(evs))
						}
					}
				}
				playedRight(t, evs, p)
				for _, e := range only(evs, rules.EventDo) {
					t.Fatalf("turn %d, player %d, %s: unexpected %q", turn, p, plans[p-1][i], e.Short)
				}
				next[p-1]++
				last = evs
			}
		}
	}
	if len(only(last, rules.EventEnd)) != 1 {
		t.Fatalf("no end after the 30th card:%s", dump(last))
	}
	for p := 1; p <= 2; p++ {
		if got := s.score(p).Total; got != 51 {
			t.Errorf("player %d: %d stars, want 51: %+v", p, got, s.score(p).Parts)
		}
	}
	wantWinners(t, s.g, 1, 2)
	s.replayed()
}

// §7.10 Mountains (a branched range counts whole) and Moons (a Fumarole
// directly below scores 0), on a photographed world:
//
//	row 0: Moon          Moon          Grey-Grey      Grey-Grey
//	row 1: F1            Grey-Green    TZIMIME        Grey-Blue
//	row 2: Grey-Yellow   Grey-Green    Red-Grey-Grey  Starting Grey
//	row 3: Grey portal   Green-Green 1 Green-Green 2  Blue-Green
//
// One range winds from (0,2) round the right side and back to (3,0):
// 2+2 + 1 + 1 + 2 + 1 + 1 + 1 + 1 = 12 (the Tzimime at (1,2) and the
// Moons hold none). Moon (0,0) sits on F1: 0. Moon (0,1) on Grey-Green
// {mountain, plant}: column 1 below holds 1+1, 1+1, 2 plants = 6 → 12.
func TestSWEdgeBranchedRangeAndCoveredMoon(t *testing.T) {
	z := cards("p1", 0, 0,
		"moon#1 | moon#2 | grey-grey#1 | grey-grey#2",
		"F1 | grey-green#1 | SW-BACK | grey-blue#1",
		"grey-yellow#1 | grey-green#2 | red-grey-grey#1 | Starting Grey",
		"grey-portal#1 | green-green-1#1 | green-green-2#1 | blue-green#1")
	scores, _ := photo(t, "strangeworld-solo", []string{"Ana"}, nil, z)
	got := swParts(scores[0])
	if got["mountains"] != 12 || got["moons"] != 12 {
		t.Errorf("mountains %d moons %d, want 12 and 12: %+v", got["mountains"], got["moons"], scores[0].Parts)
	}
}

// §7.4–§7.5 with 3 players: the Sun holder plays first and play goes the
// way the Sun points; turned to the right (its back), the order from Ana
// is Ana, Cleo, Ben. A card Ben lays before Cleo is not judged.
func TestSWEdgeThreePlayersSunRight(t *testing.T) {
	s := strangeWorld(t, "strangeworld", []string{"Ana", "Ben", "Cleo"},
		[3]any{0, 0, "Starting Grey"}, [3]any{0, 0, "Starting Green"}, [3]any{0, 0, "Starting Blue"})
	s.extra = []zone{cards("sun", 0, 0, "Sun/B")}
	s.show()
	playedRight(t, s.put(1, 0, 1, "grey-grey#1"), 1)
	if evs := s.put(2, 0, 1, "grey-green#1"); len(verdictsOf(evs, 2)) > 0 {
		t.Fatalf("Ben judged before Cleo (Sun to the right):%s", dump(evs))
	}
	evs := s.put(3, 0, 1, "green-green-1#1")
	playedRight(t, evs, 3)
	playedRight(t, evs, 2) // Ben's card, waiting, is taken after Cleo's
}

// §7.7 D1 (default sw.portalUsedByHistory): a card once in a portal stays
// used after its partner is covered, so a portal card played beside it is
// flipped and no new portal is made.
func TestSWEdgePortalCardStaysUsed(t *testing.T) {
	s := solo(t, 1, 2, "Starting Grey")
	s.right(t, 1, 1, "grey-portal#1")
	if evs := s.right(t, 1, 0, "blue-portal#1"); !hasShort(evs, rules.EventInfo, "Portal!") {
		t.Fatalf("no portal:%s", dump(evs))
	}
	s.input("pass", "player", 1)
	s.right(t, 0, 1, "red-green#1")
	if evs := s.put(1, 1, 1, "F1"); !hasShort(evs, rules.EventDone, "/covered") {
		t.Fatalf("the Grey portal not covered:%s", dump(evs))
	}
	if evs := s.right(t, 1, -1, "green-portal#1"); !flipAsked(evs, "Green") || hasShort(evs, rules.EventInfo, "Portal!") {
		t.Fatalf("a portal card beside the used Blue portal: want flipped, no portal:%s", dump(evs))
	}
}

// swType is a Land card type as REFERENCE.md §7.2 lists it: icons
// (water, mountain, plant, swamp, volcano, moon), animals, copies in the
// full deck (the deck list's m1–m4 sums).
type swType struct {
	key     string
	icons   [6]int
	animals []string
	copies  int
}

var swTypes = []swType{
	{"blue-portal", [6]int{1, 0, 0, 0, 0, 0}, nil, 7},
	{"grey-portal", [6]int{0, 1, 0, 0, 0, 0}, nil, 3},
	{"green-portal", [6]int{0, 0, 1, 0, 0, 0}, []string{"Rat"}, 3},
	{"yellow-portal", [6]int{0, 0, 0, 1, 0, 0}, nil, 3},
	{"blue-green", [6]int{1, 0, 1, 0, 0, 0}, []string{"Spirit"}, 3},
	{"blue-yellow", [6]int{1, 0, 0, 1, 0, 0}, nil, 3},
	{"grey-blue", [6]int{1, 1, 0, 0, 0, 0}, nil, 2},
	{"grey-grey", [6]int{0, 2, 0, 0, 0, 0}, nil, 2},
	{"grey-green", [6]int{0, 1, 1, 0, 0, 0}, []string{"Goat"}, 3},
	{"grey-yellow", [6]int{0, 1, 0, 1, 0, 0}, nil, 3},
	{"green-green-1", [6]int{0, 0, 2, 0, 0, 0}, []string{"Deer", "Goat"}, 3},
	{"green-green-2", [6]int{0, 0, 2, 0, 0, 0}, []string{"Deer", "Spirit"}, 3},
	{"red-blue", [6]int{1, 0, 0, 0, 1, 0}, nil, 2},
	{"red-grey-grey", [6]int{0, 2, 0, 0, 1, 0}, nil, 3},
	{"red-green", [6]int{0, 0, 1, 0, 1, 0}, []string{"Phoenix"}, 3},
	{"red-yellow", [6]int{0, 0, 0, 1, 1, 0}, nil, 2},
	{"yellow-green", [6]int{0, 0, 1, 1, 0, 0}, []string{"Snake"}, 3},
	{"moon", [6]int{0, 0, 0, 0, 0, 1}, nil, 8},
	{"Starting Green", [6]int{0, 0, 1, 0, 0, 0}, []string{"Bear"}, 1},
}

// swOracle scores a 4×4 world of §7.2 types (nil = Tzimime or Fumarole,
// fum = Fumarole) by §7.10 categories 1–4 and 6, written from the text.
func swOracle(w [4][4]*swType, fum [4][4]bool) map[string]int {
	out := map[string]int{}
	in := func(r, c int) bool { return r >= 0 && r < 4 && c >= 0 && c < 4 }
	steps := [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	seen := [4][4]bool{}
	animals := map[string]bool{}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			t := w[r][c]
			if t == nil {
				continue
			}
			if t.icons[1] > 0 && !seen[r][c] {
				sum, stack := 0, [][2]int{{r, c}}
				seen[r][c] = true
				for len(stack) > 0 {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					sum += w[x[0]][x[1]].icons[1]
					for _, d := range steps {
						y := [2]int{x[0] + d[0], x[1] + d[1]}
						if in(y[0], y[1]) && !seen[y[0]][y[1]] && w[y[0]][y[1]] != nil && w[y[0]][y[1]].icons[1] > 0 {
							seen[y[0]][y[1]] = true
							stack = append(stack, y)
						}
					}
				}
				out["mountains"] = max(out["mountains"], sum)
			}
			if t.icons[0] > 0 {
				for _, d := range steps {
					rr, cc := r+d[0], c+d[1]
					if in(rr, cc) && (w[rr][cc] != nil || fum[rr][cc]) {
						out["water"] += t.icons[0]
					}
				}
			}
			for _, a := range t.animals {
				animals[a] = true
			}
			out["swamps"] += 3 * t.icons[3]
			if t.icons[5] > 0 && r < 3 && w[r+1][c] != nil {
				below := w[r+1][c]
				for rr := r + 1; rr < 4; rr++ {
					if x := w[rr][c]; x != nil {
						for i := 0; i < 5; i++ {
							if below.icons[i] > 0 {
								out["moons"] += 2 * x.icons[i]
							}
						}
					}
				}
			}
		}
	}
	out["animals"] = 2 * len(animals)
	return out
}

// §7.10 on many worlds: 300 random photographed 4×4 worlds (seeded) of
// Land cards, Tzimimes and Fumaroles must score, category by category,
// what the test's own reading of §7.10 gives.
func TestSWEdgeRandomWorldsAgreeWithTheOracle(t *testing.T) {
	rng := uint64(0xc10d)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	for i := 0; i < 300; i++ {
		var w [4][4]*swType
		var fum [4][4]bool
		used := map[string]int{}
		fums := 0
		var rows []string
		for r := 0; r < 4; r++ {
			var toks []string
			for c := 0; c < 4; c++ {
				switch k := next(10); {
				case k == 0:
					toks = append(toks, "SW-BACK")
					continue
				case k == 1 && fums < 11:
					fums++
					fum[r][c] = true
					toks = append(toks, fmt.Sprintf("F%d", fums))
					continue
				}
				for {
					ty := &swTypes[next(len(swTypes))]
					if used[ty.key] == ty.copies {
						continue
					}
					used[ty.key]++
					w[r][c] = ty
					if ty.copies == 1 {
						toks = append(toks, ty.key)
					} else {
						toks = append(toks, fmt.Sprintf("%s#%d", ty.key, used[ty.key]))
					}
					break
				}
			}
			rows = append(rows, strings.Join(toks, " | "))
		}
		want := swOracle(w, fum)
		scores, _ := photo(t, "strangeworld-solo", []string{"Ana"}, nil, cards("p1", 0, 0, rows...))
		got := swParts(scores[0])
		for _, cat := range []string{"mountains", "water", "animals", "swamps", "moons"} {
			if got[cat] != want[cat] {
				t.Fatalf("world %q: %s %d, the rules give %d (%+v)", rows, cat, got[cat], want[cat], scores[0].Parts)
			}
		}
	}
}

// §7.9 and §7.11: the 15th card of a solo game completes a portal; the
// player may still welcome a Traveller, so the game waits, and ends when
// the player passes.
func TestSWEdgeLastCardOpensAPortal(t *testing.T) {
	s := solo(t, 3, 0, "Starting Grey")
	for _, c := range []cell{
		{3, 1, "blue-green#1"}, {3, 2, "grey-yellow#1"}, {3, 3, "grey-blue#1"},
		{2, 0, "green-green-2#1"}, {2, 1, "grey-grey#1"}, {2, 2, "blue-yellow#1"}, {2, 3, "grey-green#1"},
		{1, 0, "blue-portal#1"}, {1, 1, "yellow-green#1"}, {1, 2, "green-portal#1"},
		{0, 0, "moon#1"}, {0, 1, "moon#2"}, {0, 2, "moon#3"}, {0, 3, "moon#4"},
	} {
		if evs := s.right(t, c.r, c.c, c.tok); len(only(evs, rules.EventDo)) > 0 || hasShort(evs, rules.EventInfo, "Portal!") {
			t.Fatalf("%s: unexpected:%s", c.tok, dump(evs))
		}
	}
	evs := s.right(t, 1, 3, "grey-portal#1")
	if !hasShort(evs, rules.EventInfo, "Portal!") || len(only(evs, rules.EventEnd)) > 0 || s.g.Finished() {
		t.Fatalf("the last card's portal: want the offer and no end yet:%s", dump(evs))
	}
	if evs := s.input("pass", "player", 1); len(only(evs, rules.EventEnd)) != 1 || !s.g.Finished() {
		t.Fatalf("passing the last offer does not end the game:%s", dump(evs))
	}
	s.replayed()
}

// §7.7: the desolation comes before the volcano. A Red-Blue played beside
// a face-up water card is flipped (D2) and does not erupt; a Red-Yellow
// played in a row that holds a face-up swamp is flipped (D3) and does not
// erupt either.
func TestSWEdgeFlippedVolcanoDoesNotErupt(t *testing.T) {
	s := solo(t, 1, 0, "Starting Blue")
	evs := s.right(t, 1, 1, "red-blue#1")
	if !flipAsked(evs, "Red-Blue") || hasShort(evs, rules.EventDo, "Volcano") {
		t.Fatalf("Red-Blue beside Starting Blue: want flipped and no eruption:%s", dump(evs))
	}
	s = solo(t, 1, 0, "Starting Yellow")
	evs = s.right(t, 1, 1, "red-yellow#1")
	if !flipAsked(evs, "Red-Yellow") || hasShort(evs, rules.EventDo, "Volcano") {
		t.Fatalf("Red-Yellow in Starting Yellow's row: want flipped and no eruption:%s", dump(evs))
	}
}

// §7.4–§7.5 with 4 players: in turn 1 Ana holds the Sun pointing left
// (its front): Ana, Ben, Cleo, Dan. The Sun then passes to the left, to
// Ben, who turns it to the right (its back): Ben, Ana, Dan, Cleo. Every
// world grows down a column from its start, then right of the start, with
// mountain, plant and portal cards (no desolation, no portal side by side).
func TestSWEdgeFourPlayersSunPassesLeft(t *testing.T) {
	s := strangeWorld(t, "strangeworld", []string{"Ana", "Ben", "Cleo", "Dan"},
		[3]any{0, 0, "Starting Grey"}, [3]any{0, 0, "Starting Green"}, [3]any{0, 0, "Starting Blue"}, [3]any{0, 0, "Starting Yellow"})
	s.extra = []zone{cards("sun", 0, 0, "Sun")}
	plans := [4][]string{
		{"grey-grey#1", "grey-green#1", "green-green-1#1", "green-green-2#1"},
		{"grey-grey#2", "grey-green#2", "green-green-1#2", "green-green-2#2"},
		{"grey-green#3", "green-green-1#3", "green-green-2#3", "grey-portal#1"},
		{"grey-portal#2", "green-portal#1", "grey-portal#3", "green-portal#2"},
	}
	for k := 0; k < 3; k++ {
		for p := 1; p <= 4; p++ {
			playedRight(t, s.put(p, k+1, 0, plans[p-1][k]), p)
		}
	}
	s.extra = []zone{cards("sun", 0, 0, "Sun/B")}
	playedRight(t, s.put(2, 0, 1, plans[1][3]), 2)
	if evs := s.put(4, 0, 1, plans[3][3]); len(verdictsOf(evs, 4)) > 0 {
		t.Fatalf("turn 2: Dan judged before Ana:%s", dump(evs))
	}
	evs := s.put(1, 0, 1, plans[0][3])
	playedRight(t, evs, 1)
	playedRight(t, evs, 4)
	playedRight(t, s.put(3, 0, 1, plans[2][3]), 3)
}

// §7.4 and §7.8: the Dark Cities are one stack for the table, taken
// highest first: Ana's first Fumarole pair takes the 9, Ben's the 7.
// Each world: start (1,1), Grey-Grey (1,0), Red-Green (0,0) erupting onto
// the Grey-Grey, Red-Grey-Grey (0,1) erupting onto the start, beside the
// first Fumarole.
func TestSWEdgeDarkCitiesSharedStack(t *testing.T) {
	s := strangeWorld(t, "strangeworld", []string{"Ana", "Ben"},
		[3]any{1, 1, "Starting Grey"}, [3]any{1, 1, "Starting Green"})
	cardsOf := [2][3]string{{"grey-grey#1", "red-green#1", "red-grey-grey#1"}, {"grey-grey#2", "red-green#2", "red-grey-grey#2"}}
	at := [3][2]int{{1, 0}, {0, 0}, {0, 1}}
	covers := [3][2]int{{}, {1, 0}, {1, 1}}
	fum := 0
	for k := 0; k < 3; k++ {
		for p := 1; p <= 2; p++ {
			evs := s.put(p, at[k][0], at[k][1], cardsOf[p-1][k])
			playedRight(t, evs, p)
			if k == 0 {
				continue
			}
			fum++
			evs = s.put(p, covers[k][0], covers[k][1], fmt.Sprintf("F%d", fum))
			if k == 2 {
				want := map[int]string{1: "Dark City 9", 2: "Dark City 7"}[p]
				if !hasShort(evs, rules.EventDo, want) {
					t.Fatalf("player %d's first pair: want %s:%s", p, want, dump(evs))
				}
				city := map[int]string{1: "DC9", 2: "DC7"}[p]
				if evs := s.item(p, 1, 0.5, city); !hasShort(evs, rules.EventDone, "/Dark City") {
					t.Fatalf("%s not taken:%s", city, dump(evs))
				}
			}
		}
	}
	if a, b := swParts(s.score(1))["dark cities"], swParts(s.score(2))["dark cities"]; a != 9 || b != 7 {
		t.Errorf("dark cities %d and %d, want 9 and 7", a, b)
	}
}
