package strangeworld

import (
	"strings"
	"testing"
)

// flipped checks that exactly the given cells were flipped, with reasons.
func wantFlips(t *testing.T, r Resolution, want string) {
	t.Helper()
	if got := strings.TrimSpace(flipsOf(r)); got != want {
		t.Errorf("flips %q, want %q", got, want)
	}
}

func TestSW5PortalCardCannotJoinASecondPortal(t *testing.T) {
	w := layout(t, []string{"yellow-portal", "green-portal"})
	r := playOn(t, w, copies{"yellow-portal": 1, "green-portal": 1}, pos(0, 2), "grey-portal")
	wantFlips(t, r, "(0,2):portal-used")
	if r.Portal != nil || len(w.Portals) != 1 {
		t.Errorf("no new portal expected, got %v (%d portals)", r.Portal, len(w.Portals))
	}
}

func TestPortalCompletesWithAFreeNeighbour(t *testing.T) {
	w := layout(t, []string{"start-grey", "green-portal"})
	r := playOn(t, w, copies{"green-portal": 1}, pos(0, 2), "grey-portal")
	wantFlips(t, r, "")
	if r.Portal == nil || *r.Portal != (Portal{W: pos(0, 1), E: pos(0, 2)}) {
		t.Fatalf("portal %v, want (0,1)-(0,2)", r.Portal)
	}
	// Vertical neighbours never make a portal.
	w = layout(t, []string{"green-portal"})
	r = playOn(t, w, copies{"green-portal": 1}, pos(1, 0), "grey-portal")
	if r.Portal != nil {
		t.Errorf("a vertical pair made a portal")
	}
}

func TestPortalTwoAtOnceFlips(t *testing.T) {
	w := layout(t, []string{"green-portal", "", "yellow-portal"}, []string{"grey-grey", "grey-green", "grey-yellow"})
	r := playOn(t, w, copies{}, pos(0, 1), "grey-portal")
	wantFlips(t, r, "(0,1):two-portals")
}

func TestPortalUsedByHistoryOption(t *testing.T) {
	build := func() (*World, copies) {
		w := layout(t, []string{"yellow-portal", "green-portal"})
		w.At(pos(0, 0)).Fumarole = firstFumaroleNum // the partner is covered later
		return w, copies{"yellow-portal": 1, "green-portal": 1}
	}
	w, cs := build()
	r := playOn(t, w, cs, pos(0, 2), "grey-portal")
	wantFlips(t, r, "(0,2):portal-used")

	w, cs = build()
	o := DefaultOptions()
	o.PortalUsedByHistory = false
	w.Cards = append(w.Cards, &Placed{Row: 0, Col: 2, Land: cs.card(t, "grey-portal")})
	r = w.resolve(pos(0, 2), o)
	wantFlips(t, r, "")
	if r.Portal == nil {
		t.Errorf("with portalUsedByHistory=false the uncovered card may join a new portal")
	}
}

func TestSW6WaterNextToWaterFlips(t *testing.T) {
	w := layout(t, []string{"grey-blue"})
	r := playOn(t, w, copies{"grey-blue": 1}, pos(0, 1), "blue-green")
	wantFlips(t, r, "(0,1):water")
	// A face-down water card does not count.
	w = layout(t, []string{"TZ"})
	r = playOn(t, w, copies{}, pos(0, 1), "blue-green")
	wantFlips(t, r, "")
}

func TestSW7SecondSwampInARowFlips(t *testing.T) {
	w := layout(t, []string{"yellow-green", "grey-grey"})
	r := playOn(t, w, copies{"yellow-green": 1, "grey-grey": 1}, pos(0, 2), "grey-yellow")
	wantFlips(t, r, "(0,2):swamp")
	// A swamp in another row is fine.
	w = layout(t, []string{"yellow-green"})
	r = playOn(t, w, copies{"yellow-green": 1}, pos(1, 0), "grey-yellow")
	wantFlips(t, r, "")
}

func TestSW8CardAboveMoonFlipsTheMoon(t *testing.T) {
	w := layout(t, []string{"moon"}, []string{"start-grey"})
	r := playOn(t, w, copies{"moon": 1}, pos(-1, 0), "grey-grey")
	wantFlips(t, r, "(0,0):moon-under")
	if !w.At(pos(0, 0)).Down || w.At(pos(-1, 0)).Down {
		t.Errorf("the Moon must be face down, the played card face up")
	}
	// Any column: a card in a higher row flips Moons below it anywhere.
	w = layout(t, []string{"moon", "start-grey"})
	r = playOn(t, w, copies{"moon": 1}, pos(-1, 1), "grey-grey")
	wantFlips(t, r, "(0,0):moon-under")
}

func TestSW9MoonBelowTheTopRowFlips(t *testing.T) {
	w := layout(t, []string{"grey-grey", "grey-green", "start-grey", "grey-yellow"})
	r := playOn(t, w, copies{"grey-grey": 1, "grey-green": 1, "grey-yellow": 1}, pos(1, 2), "moon")
	wantFlips(t, r, "(1,2):moon-low")
	// In the top row a Moon stays.
	w = layout(t, []string{"start-grey"})
	r = playOn(t, w, copies{}, pos(0, 1), "moon")
	wantFlips(t, r, "")
}

func TestMoonFlipWhenPlayedCardFlippedOption(t *testing.T) {
	// Blue-Green played above a Moon, next to a water card: flipped (D2);
	// by default the Moon below flips too (D4b).
	build := func() (*World, copies) {
		return layout(t, []string{"", "moon"}, []string{"grey-blue", "start-grey"}), copies{"moon": 1, "grey-blue": 1}
	}
	w, cs := build()
	w.Cards = append(w.Cards, &Placed{Row: -1, Col: 1, Land: cs.card(t, "blue-green")})
	w.Cards = append(w.Cards, &Placed{Row: -1, Col: 0, Land: cs.card(t, "blue-yellow")})
	r := w.resolve(pos(-1, 0), DefaultOptions())
	wantFlips(t, r, "(-1,0):water (0,1):moon-under")

	w, cs = build()
	w.Cards = append(w.Cards, &Placed{Row: -1, Col: 1, Land: cs.card(t, "blue-green")})
	w.Cards = append(w.Cards, &Placed{Row: -1, Col: 0, Land: cs.card(t, "blue-yellow")})
	o := DefaultOptions()
	o.MoonFlipWhenPlayedCardFlipped = false
	r = w.resolve(pos(-1, 0), o)
	wantFlips(t, r, "(-1,0):water")
}

func TestDesolationComesBeforeTheVolcano(t *testing.T) {
	// Red-Blue next to water: flipped by D2, so no eruption.
	w := layout(t, []string{"grey-blue"})
	r := playOn(t, w, copies{"grey-blue": 1}, pos(0, 1), "red-blue")
	wantFlips(t, r, "(0,1):water")
	if len(r.Coverable) != 0 {
		t.Errorf("a flipped volcano erupted: %v", r.Coverable)
	}
	// Red portal next to a used portal card: flipped by D1, no eruption.
	w = layout(t, []string{"yellow-portal", "green-portal"})
	r = playOn(t, w, copies{"yellow-portal": 1, "green-portal": 1}, pos(0, 2), "red-portal")
	wantFlips(t, r, "(0,2):portal-used")
	if len(r.Coverable) != 0 {
		t.Errorf("a flipped volcano erupted: %v", r.Coverable)
	}
}

func TestVolcanoCoversAnyNeighbourButAFumarole(t *testing.T) {
	w := layout(t,
		[]string{"", "TZ", ""},
		[]string{"FUM", "", "start-grey"},
	)
	r := playOn(t, w, copies{}, pos(1, 1), "red-green")
	wantFlips(t, r, "")
	if got := w.describeCells(r.Coverable); len(r.Coverable) != 2 || r.Coverable[0] != pos(0, 1) || r.Coverable[1] != pos(1, 2) {
		t.Errorf("coverable %v (%s), want the Tzimime and the starting card", r.Coverable, got)
	}
}

func TestSW10VolcanoWithNothingToCoverFlips(t *testing.T) {
	w := layout(t, []string{"FUM", ""}, []string{"", "FUM"})
	w.Cards = append(w.Cards, &Placed{Row: 0, Col: 1, Land: copies{}.card(t, "red-green")})
	r := w.resolve(pos(0, 1), DefaultOptions())
	wantFlips(t, r, "(0,1):volcano")
	if len(r.Coverable) != 0 {
		t.Errorf("coverable %v, want none", r.Coverable)
	}
}

func TestPortalThenVolcanoOnOneCard(t *testing.T) {
	w := layout(t, []string{"green-portal"})
	r := playOn(t, w, copies{"green-portal": 1}, pos(0, 1), "red-portal")
	if r.Portal == nil || len(r.Coverable) != 1 || r.Coverable[0] != pos(0, 0) {
		t.Errorf("red portal: portal %v, coverable %v; want both", r.Portal, r.Coverable)
	}
}

func TestPlacementLegality(t *testing.T) {
	w := layout(t, []string{"start-grey", "grey-grey", "grey-green", "grey-yellow"})
	cases := []struct {
		p    [2]int
		want string
	}{
		{[2]int{1, 0}, ""},
		{[2]int{0, 1}, "that cell is taken"},
		{[2]int{2, 0}, "it must touch a card of the world by an edge"},
		{[2]int{1, 4}, "it must touch a card of the world by an edge"}, // corner only
		{[2]int{0, 4}, "the world must fit in 4×4"},
		{[2]int{0, -1}, "the world must fit in 4×4"},
	}
	for _, c := range cases {
		if got := w.checkPlacement(pos(c.p[0], c.p[1])); got != c.want {
			t.Errorf("place at %v: %q, want %q", c.p, got, c.want)
		}
	}
	tall := layout(t, []string{"start-grey"}, []string{"grey-grey"}, []string{"grey-green"}, []string{"grey-yellow"})
	if got := tall.checkPlacement(pos(-1, 0)); got != "the world must fit in 4×4" {
		t.Errorf("a 5th row: %q", got)
	}
	// A Traveller on the west at column -1 closes that side; with one on
	// the east at column 2, column 2 and beyond are closed.
	small := layout(t, []string{"start-grey", "grey-grey"})
	small.Travellers = []TravellerAt{{Card: firstTravNum, Row: 0, Col: 2}}
	if got := small.checkPlacement(pos(0, 2)); got != "a Traveller closes that side" {
		t.Errorf("east of a Traveller: %q", got)
	}
	if got := small.checkPlacement(pos(0, -1)); got != "" {
		t.Errorf("the other side stays open: %q", got)
	}
}
