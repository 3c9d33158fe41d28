package rulebook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/strangeworld"
)

// REFERENCE.md §7: Strange World above the clouds.

// swParts returns a score's points by category.
func swParts(s rules.Score) map[string]int {
	out := map[string]int{}
	for _, p := range s.Parts {
		out[p.Category] = p.Points
	}
	return out
}

// SW-1, the rulebook's scoring example, reached by a whole solo game: 15
// cards played in an order the rules allow, the desolation, the volcanoes,
// the Dark City and the Traveller happening as they must, to end in the
// rulebook's world (row 0 on top):
//
//	Moon        Moon        Yellow-Green  Green-Green 1
//	Grey-Grey   TZIMIME     Blue-Green    Starting Grey
//	Blue portal Red portal  Red-Green     Grey-Yellow
//	Grey-Green  FUMAROLE    FUMAROLE      Blue portal
//
// Dark City 9 on the two Fumaroles, Splash on the left beside rows 1–2.
// Expected: mountains 2, water 8, animals 10, swamps 6, Dark Cities 9,
// moons 6, Travellers 5: 46 stars, a Tzimime devours you (≤ 59).
func TestSW1RulebookWorldPlayed(t *testing.T) {
	s := strangeWorld(t, "strangeworld-solo", []string{"Ana"}, [3]any{1, 3, "Starting Grey"})
	play := func(r, c int, tok string) []rules.Event {
		t.Helper()
		evs := s.put(1, r, c, tok)
		playedRight(t, evs, 1)
		return evs
	}
	play(1, 2, "blue-green#1")
	play(2, 3, "grey-yellow#1")
	play(3, 3, "blue-portal#1")
	play(3, 2, "green-green-2#1")
	play(3, 1, "grey-blue#1")
	play(3, 0, "grey-green#1")
	play(2, 0, "blue-portal#2")
	// The Red portal completes a portal with the Blue one and erupts.
	evs := play(2, 1, "red-portal#1")
	if !hasShort(evs, rules.EventInfo, "Portal!") || !hasShort(evs, rules.EventDo, "Volcano: cover") {
		t.Fatalf("Red portal: want a portal and an eruption:%s", dump(evs))
	}
	if evs := s.put(1, 3, 1, "F1"); !hasShort(evs, rules.EventDone, "Done") {
		t.Fatalf("Fumarole on Grey-Blue not taken:%s", dump(evs))
	}
	if evs := s.item(1, 1.5, -1, "Splash"); !hasShort(evs, rules.EventDone, "Splash joins") {
		t.Fatalf("Splash not welcomed:%s", dump(evs))
	}
	// Red-Green erupts onto Green-Green 2, beside the first Fumarole: the
	// first Dark City, 9.
	play(2, 2, "red-green#1")
	if evs := s.put(1, 3, 2, "F2"); !hasShort(evs, rules.EventDo, "Dark City 9") {
		t.Fatalf("no Dark City asked:%s", dump(evs))
	}
	if evs := s.item(1, 3, 1.5, "DC9"); !hasShort(evs, rules.EventDone, "Done") {
		t.Fatalf("Dark City 9 not taken:%s", dump(evs))
	}
	play(1, 0, "grey-grey#1")
	// Blue-Yellow beside Blue-Green: water by water, flipped (D2).
	if evs := play(1, 1, "blue-yellow#1"); !flipAsked(evs, "Blue-Yellow") {
		t.Fatalf("Blue-Yellow not flipped:%s", dump(evs))
	}
	s.flipDown(1, 1, 1)
	play(0, 0, "moon#1")
	play(0, 1, "moon#2")
	play(0, 2, "yellow-green#1")
	evs = play(0, 3, "green-green-1#1")
	end := only(evs, rules.EventEnd)
	if len(end) != 1 {
		t.Fatalf("no end after the 15th card:%s", dump(evs))
	}
	got := swParts(s.score(1))
	want := map[string]int{"mountains": 2, "water": 8, "animals": 10, "swamps": 6, "dark cities": 9, "moons": 6, "travellers": 5}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("SW-1: %v, want %v", got, want)
	}
	if s.score(1).Total != 46 {
		t.Errorf("SW-1 total %d, want 46", s.score(1).Total)
	}
	if !strings.Contains(end[0].Short[1], "Devoured") {
		t.Errorf("46 solo: %q, want the ≤59 rank", end[0].Short)
	}
	s.replayed()
}

// SW-2: Starting Grey, Grey-Blue played directly above it: a mountain range
// of 2. SW-3: a Moon then above Grey-Blue: 2 stars per icon of Grey-Blue's
// types in the column below (2 mountains, 1 water): 6.
func TestSW2And3RangeAndMoon(t *testing.T) {
	s := strangeWorld(t, "strangeworld-solo", []string{"Ana"}, [3]any{2, 0, "Starting Grey"})
	playedRight(t, s.put(1, 1, 0, "grey-blue#1"), 1)
	if got := swParts(s.score(1))["mountains"]; got != 2 {
		t.Errorf("SW-2: mountains %d, want 2", got)
	}
	playedRight(t, s.put(1, 0, 0, "moon#1"), 1)
	if got := swParts(s.score(1))["moons"]; got != 6 {
		t.Errorf("SW-3: moons %d, want 6", got)
	}
}

// SW-14: the solo scale, ≤59 / 60–69 / 70–74 / 75–79 / ≥80.
func TestSW14SoloScale(t *testing.T) {
	for total, rank := range map[int]int{59: 1, 60: 2, 69: 2, 70: 3, 74: 3, 75: 4, 79: 4, 80: 5, 99: 5, 0: 1} {
		if got := strangeworld.RankSolo(total).Rank; got != rank {
			t.Errorf("%d: rank %d, want %d", total, got, rank)
		}
	}
}

// solo starts a solo game with its starting card at (r, c).
func solo(t *testing.T, r, c int, start string) *skies {
	t.Helper()
	return strangeWorld(t, "strangeworld-solo", []string{"Ana"}, [3]any{r, c, start})
}

// right plays a card and fails unless it is accepted face up (no flip of
// the card itself asked).
func (s *skies) right(t *testing.T, r, c int, tok string) []rules.Event {
	t.Helper()
	evs := s.put(1, r, c, tok)
	playedRight(t, evs, 1)
	return evs
}

// SW-4: Kark beside 2 rows holding ≥ 5 mountain icons scores 5+6 = 11;
// with 4 it scores 5.
func TestSW4Kark(t *testing.T) {
	s := solo(t, 0, 0, "Starting Grey")
	s.right(t, 0, 1, "grey-grey#1")
	s.right(t, 1, 0, "grey-portal#1")
	if evs := s.right(t, 1, 1, "blue-portal#1"); !hasShort(evs, rules.EventInfo, "Portal!") {
		t.Fatalf("no portal:%s", dump(evs))
	}
	if evs := s.item(1, 0.5, -1, "Kark"); !hasShort(evs, rules.EventDone, "Kark joins") {
		t.Fatalf("Kark not welcomed:%s", dump(evs))
	}
	if got := swParts(s.score(1))["travellers"]; got != 5 {
		t.Errorf("Kark with 4 mountains (1 + 2 + 1): %d, want 5", got)
	}
	s.right(t, 0, 2, "grey-green#1")
	if got := swParts(s.score(1))["travellers"]; got != 11 {
		t.Errorf("Kark with 5 mountains: %d, want 11", got)
	}
}

// SW-5: Yellow and Green portals already form a portal (a Traveller came
// through it); a Grey portal played right of Green is flipped (D1).
func TestSW5PortalCardUsedOnce(t *testing.T) {
	s := solo(t, 1, 0, "Starting Yellow")
	s.right(t, 0, 0, "yellow-portal#1")
	s.right(t, 0, 1, "green-portal#1")
	if evs := s.item(1, 0.5, -1, "Roro"); !hasShort(evs, rules.EventDone, "joins") {
		t.Fatalf("Roro not welcomed:%s", dump(evs))
	}
	if evs := s.put(1, 0, 2, "grey-portal#1"); !flipAsked(evs, "Grey") {
		t.Fatalf("D1: Grey portal not flipped:%s", dump(evs))
	}
}

// SW-6: Blue-Green played right of Grey-Blue: water by water, flipped (D2).
func TestSW6WaterByWater(t *testing.T) {
	s := solo(t, 1, 0, "Starting Grey")
	s.right(t, 1, 1, "grey-blue#1")
	if evs := s.put(1, 1, 2, "blue-green#1"); !flipAsked(evs, "Blue-Green") {
		t.Fatalf("D2: not flipped:%s", dump(evs))
	}
}

// SW-7: a second swamp card in a row that holds one: flipped (D3).
func TestSW7SecondSwampInARow(t *testing.T) {
	s := solo(t, 1, 0, "Starting Yellow")
	if evs := s.put(1, 1, 1, "grey-yellow#1"); !flipAsked(evs, "Grey-Yellow") {
		t.Fatalf("D3: not flipped:%s", dump(evs))
	}
}

// SW-8: a Moon in the top row; Grey-Grey played directly above it: the
// Moon is flipped (D4b). SW-9: a top row of 4 cards; a Moon played in the
// row below: the Moon is flipped (D4a).
func TestSW8And9Moons(t *testing.T) {
	s := solo(t, 1, 0, "Starting Grey")
	s.right(t, 0, 0, "moon#1")
	evs := s.right(t, -1, 0, "grey-grey#1")
	if !flipAsked(evs, "Moon") {
		t.Fatalf("D4b: Moon not flipped:%s", dump(evs))
	}

	s = solo(t, 0, 0, "Starting Grey")
	s.right(t, 0, 1, "grey-grey#1")
	s.right(t, 0, 2, "grey-green#1")
	s.right(t, 0, 3, "grey-yellow#1")
	if evs := s.put(1, 1, 0, "moon#1"); !flipAsked(evs, "Moon") {
		t.Fatalf("D4a: Moon not flipped:%s", dump(evs))
	}
}

// SW-10, SW-11, SW-12 in one solo game:
//
//	row 0:          Red-Green  Red-Grey-Grey
//	row 1: Red-Blue F1 (Start) F2 (Grey-Grey)    Dark City 9 on F1–F2
//	row 2:          RGG #2     F3 (Grey-Blue)    F3 beside F2 only: no city
//	row 3:          Red-Yellow F4 (Grey-Green)   Dark City 7 on F3–F4
//
// The first pair (horizontal) takes the 9, the next (vertical) the 7; a
// Fumarole beside one already in a city makes none; Red-Blue beside only a
// Fumarole has nothing to cover and is flipped.
func TestSW10To12FumarolesAndDarkCities(t *testing.T) {
	s := solo(t, 1, 1, "Starting Grey")
	s.right(t, 1, 2, "grey-grey#1")
	evs := s.right(t, 0, 1, "red-green#1")
	if !hasShort(evs, rules.EventDo, "Volcano: cover") {
		t.Fatalf("no eruption:%s", dump(evs))
	}
	s.put(1, 1, 1, "F1")
	s.right(t, 0, 2, "red-grey-grey#1")
	if evs := s.put(1, 1, 2, "F2"); !hasShort(evs, rules.EventDo, "Dark City 9") {
		t.Fatalf("SW-11: first pair, want Dark City 9:%s", dump(evs))
	}
	if evs := s.item(1, 1, 1.5, "DC9"); !hasShort(evs, rules.EventDone, "/Dark City +9") {
		t.Fatalf("DC9 not taken:%s", dump(evs))
	}
	s.right(t, 2, 2, "grey-blue#1")
	s.right(t, 2, 1, "red-grey-grey#2")
	if evs := s.put(1, 2, 2, "F3"); hasShort(evs, rules.EventDo, "Dark City") {
		t.Fatalf("SW-12: F3 beside F2 (already in a city) made a city:%s", dump(evs))
	}
	s.right(t, 3, 2, "grey-green#1")
	s.right(t, 3, 1, "red-yellow#1")
	if evs := s.put(1, 3, 2, "F4"); !hasShort(evs, rules.EventDo, "Dark City 7") {
		t.Fatalf("SW-11: second pair, want Dark City 7:%s", dump(evs))
	}
	if evs := s.item(1, 2.5, 2, "DC7/B"); !hasShort(evs, rules.EventDone, "/Dark City +7") {
		t.Fatalf("DC7 not taken:%s", dump(evs))
	}
	if got := swParts(s.score(1))["dark cities"]; got != 16 {
		t.Errorf("dark cities %d, want 16", got)
	}
	if evs := s.put(1, 1, 0, "red-blue#1"); !flipAsked(evs, "Red-Blue") {
		t.Fatalf("SW-10: Red-Blue beside only a Fumarole not flipped:%s", dump(evs))
	}
}

// SW-13: a portal's partner covered later by a Fumarole: the Traveller that
// came through it stays, but the portal no longer counts for Boung.
func TestSW13CoveredPortalKeepsTraveller(t *testing.T) {
	s := solo(t, 1, 2, "Starting Grey")
	s.right(t, 1, 1, "grey-portal#1")
	s.right(t, 1, 0, "blue-portal#1")
	if evs := s.item(1, 1.5, -1, "Boung"); !hasShort(evs, rules.EventDone, "Boung joins") {
		t.Fatalf("Boung not welcomed:%s", dump(evs))
	}
	s.right(t, 2, 0, "green-portal#1")
	if evs := s.right(t, 2, 1, "yellow-portal#1"); !hasShort(evs, rules.EventInfo, "Portal!") {
		t.Fatalf("second portal not seen:%s", dump(evs))
	}
	s.input("pass", "player", 1)
	if got := swParts(s.score(1))["travellers"]; got != 13 {
		t.Fatalf("Boung beside 2 portals: %d, want 13", got)
	}
	s.right(t, 0, 1, "red-green#1")
	s.put(1, 1, 1, "F1")
	if got := swParts(s.score(1))["travellers"]; got != 5 {
		t.Errorf("Boung after a portal card was covered: %d, want 5 (the Traveller stays, 1 portal left)", got)
	}
}

// SW-15: Burk beside 2 rows each holding a swamp: 5+4 = 9; only one of the
// rows: 5.
func TestSW15Burk(t *testing.T) {
	s := solo(t, 1, 0, "Starting Yellow")
	s.right(t, 1, 1, "grey-portal#1")
	s.right(t, 1, 2, "blue-portal#1")
	if evs := s.item(1, 1.5, 3, "Burk"); !hasShort(evs, rules.EventDone, "Burk joins") {
		t.Fatalf("Burk not welcomed:%s", dump(evs))
	}
	if got := swParts(s.score(1))["travellers"]; got != 5 {
		t.Errorf("Burk, a swamp in row 1 only: %d, want 5", got)
	}
	s.right(t, 2, 0, "grey-yellow#1")
	if got := swParts(s.score(1))["travellers"]; got != 9 {
		t.Errorf("Burk, a swamp in each row: %d, want 9", got)
	}
}
