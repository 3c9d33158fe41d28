package wit

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// csu is a Continental game on the fixture rank table, with helpers to
// feed it maps.
type csu struct {
	t *testing.T
	g *continental
	eventLog
}

func newCSU(t *testing.T, players []string, opts map[string]string) *csu {
	t.Helper()
	g, err := newContinental(setup(t, ModeContinental, players, opts), fixture)
	if err != nil {
		t.Fatal(err)
	}
	c := &csu{t: t, g: g, eventLog: eventLog{t: t}}
	c.add(g.Start())
	return c
}

// see feeds a map whose first row is row r0 and first column c0.
func (c *csu) see(r0, c0 int, rows ...string) []rules.Event {
	c.t.Helper()
	return c.add(c.g.Observe(mapTable(shifted(grid(c.t, rows...), rules.Pos{Row: r0, Col: c0}))))
}

// started returns a game whose starting map is accepted:
//
//	Bogotá  Caracas
//	Lima    Sucre
func started(t *testing.T, players []string, opts map[string]string) *csu {
	t.Helper()
	c := newCSU(t, players, opts)
	evs := c.see(0, 0, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B")
	if c.g.Phase != phasePlay || !has(evs, rules.EventTurn) {
		t.Fatalf("starting map refused: %s", dump(evs))
	}
	return c
}

func (c *csu) state() string {
	b, err := json.Marshal(c.g)
	if err != nil {
		c.t.Fatal(err)
	}
	return string(b)
}

func TestContinentalStartMapChecks(t *testing.T) {
	c := newCSU(t, []string{"Ana", "Ben"}, nil)
	if evs := c.add(c.g.Observe(rules.Table{})); len(evs) != 0 {
		t.Errorf("empty table at setup: %s, want silence", dump(evs))
	}
	for _, tc := range []struct {
		rows  []string
		short string
		long  string
	}{
		{[]string{"Bogotá/B|Caracas/B", "Lima/B|."}, "Start: 3 cards", "exactly 4"},
		{[]string{"Bogotá/B|Caracas/B", "Lima/B|Cobija/B"}, "Not a start card", "Cobija is a city card"},
		{[]string{"Bogotá/B|Caracas/B", ".|.", "Lima/B|Sucre/B"}, "Start cards must", "one group"},
		{[]string{"Caracas/B|Bogotá/B", "Lima/B|Sucre/B"}, "Start map wrong", "This always works: top row Bogotá, Caracas; bottom row Lima, Sucre"},
	} {
		evs := c.see(0, 0, tc.rows...)
		w := find(t, evs, rules.EventWarning)
		if w.Short[0] != tc.short || !strings.Contains(w.Long, tc.long) {
			t.Errorf("%v: warning %q %q; want %q and %q", tc.rows, w.Short, w.Long, tc.short, tc.long)
		}
		if c.g.Phase != phaseSetup {
			t.Fatalf("%v: phase %s after a bad starting map", tc.rows, c.g.Phase)
		}
	}
	// Any connected arrangement with right circles is accepted, not only
	// the 2×2 block (REFERENCE §2, setup).
	evs := c.see(0, 0, "Lima/B|Bogotá/B|Caracas/B|Sucre/B")
	if c.g.Phase != phasePlay || kinds(evs) != "done:setup round turn" {
		t.Fatalf("a right line of 4: phase %s, events %s", c.g.Phase, dump(evs))
	}
	if turn := find(t, evs, rules.EventTurn); turn.Player != 1 || turn.Round != 1 {
		t.Errorf("first turn: player %d round %d, want 1 and 1", turn.Player, turn.Round)
	}
}

// WIT-6: the recommended 2×2 block (top row the 2 lowest NS ranks, each
// row sorted by WE rank) has 4 right circles for any 4 starting cities.
func TestWIT6StartBlockAlwaysRight(t *testing.T) {
	sa, err := SADeck()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []*Deck{sa, fixture} {
		var starts []rules.CardID
		for _, c := range d.Cards() {
			if c.Kind == KindStart {
				starts = append(starts, c.ID)
			}
		}
		n := 0
		for a := 0; a < len(starts); a++ {
			for b := a + 1; b < len(starts); b++ {
				for c := b + 1; c < len(starts); c++ {
					for e := c + 1; e < len(starts); e++ {
						ids := []rules.CardID{starts[e], starts[a], starts[c], starts[b]}
						l := startBlock(d, ids)
						cs := allCircles(d, l)
						if len(cs) != 4 || len(wrongCircles(cs)) != 0 || len(startProblems(d, l)) != 0 {
							t.Errorf("deck %s, block %s: circles %s", d.Code, blockWords(d, l), describeCircles(d, cs))
						}
						n++
					}
				}
			}
		}
		if n < 5 {
			t.Errorf("deck %s: only %d combinations of starting cities tried", d.Code, n)
		}
	}
}

// WIT-1: Cobija into Caracas' cell, pushing Caracas left and Bogotá with
// it: the circle the push forms reads green 4 vs 37, so it is allowed.
func TestWIT1PushLeftAllowed(t *testing.T) {
	c := started(t, []string{"Marco", "Jane"}, nil)
	evs := c.see(0, -1, "Bogotá/B|Caracas/B|Cobija", ".|Lima/B|Sucre/B")
	for _, e := range evs {
		if e.Short[0] == "Push refused" {
			t.Fatalf("push refused: %s", e.Long)
		}
	}
	find(t, evs, rules.EventVerdict)
	var formed *Circle
	for _, cc := range allCircles(fixture, layoutOf(c.g.Map)) {
		if cc.Green == id(t, "Caracas") && cc.Dark == id(t, "Lima") {
			formed = &cc
		}
	}
	if formed == nil || formed.GreenNum != 4 || formed.DarkNum != 37 || !formed.Right() {
		t.Errorf("circle Caracas over Lima after the push: %+v, want green 4 vs 37, right", formed)
	}
	if p, _ := c.g.Map.Find(id(t, "Bogotá")); p != (rules.Pos{Row: 0, Col: -1}) {
		t.Errorf("Bogotá at %v after the push, want (0,-1)", p)
	}
}

// WIT-2: pushing Caracas down (Sucre with it) forms the circle green 8 vs
// 54 beside Lima: allowed.
func TestWIT2PushDownAllowed(t *testing.T) {
	c := started(t, []string{"Marco", "Jane"}, nil)
	evs := c.see(0, 0, "Bogotá/B|Cobija", "Lima/B|Caracas/B", ".|Sucre/B")
	if w := find(t, evs, rules.EventVerdict); w.Short[0] == "Push refused" {
		t.Fatal("push refused")
	}
	cs := allCircles(fixture, layoutOf(c.g.Map).without(id(t, "Cobija")))
	found := false
	for _, cc := range cs {
		if cc.Green == id(t, "Lima") && cc.Dark == id(t, "Caracas") {
			found = cc.GreenNum == 8 && cc.DarkNum == 54 && cc.Right()
		}
	}
	if !found {
		t.Errorf("no right circle green 8 vs 54 between Lima and Caracas: %s", describeCircles(fixture, cs))
	}
}

// WIT-3: Cobija forms 3 full circles, all right: +3 points (3 counters).
func TestWIT3ThreeRightCircles(t *testing.T) {
	c := started(t, []string{"Marco", "Jane"}, nil)
	evs := c.see(0, 0, "Bogotá/B|Cobija|Caracas/B", "Lima/B|Sucre/B")
	v := find(t, evs, rules.EventVerdict)
	pts := find(t, evs, rules.EventPoints)
	if v.Verdict != rules.Right || v.Points != 3 || pts.Points != 3 || pts.Player != 1 {
		t.Errorf("verdict %s %d, points %d for player %d; want right, 3, 3, player 1", v.Verdict, v.Points, pts.Points, pts.Player)
	}
	if v.Short != rules.Say("Cobija: RIGHT", "Marco +3") {
		t.Errorf("short %q", v.Short)
	}
	if got := c.g.Scores()[0]; got.Total != 3 || len(got.Parts) != 1 || got.Parts[0].Category != "Cobija" {
		t.Errorf("Marco's score %+v, want 3 from Cobija", got)
	}
	if d := find(t, evs, rules.EventDo); d.Action != "flip" || d.Card != id(t, "Cobija") {
		t.Errorf("after a right card placed flag side up: %s %s, want flip Cobija", d.Action, d.Card)
	}
	// The flip is seen: done; the game went on to Jane meanwhile.
	evs = c.see(0, 0, "Bogotá/B|Cobija/B|Caracas/B", "Lima/B|Sucre/B")
	if d := find(t, evs, rules.EventDone); d.Action != "flip" {
		t.Errorf("flip seen: %s", dump(evs))
	}
	if c.g.active() != 2 {
		t.Errorf("active player %d after Marco's turn, want 2", c.g.active())
	}
}

// WIT-4: Cobija forms a wrong circle: discarded, 0 points, and the pushed
// cards stay where the push put them. The referee waits for the removal.
func TestWIT4WrongCardDiscarded(t *testing.T) {
	c := started(t, []string{"Marco", "Jane"}, nil)
	evs := c.see(0, 0, "Bogotá/B|Cobija", "Lima/B|Caracas/B", ".|Sucre/B")
	v := find(t, evs, rules.EventVerdict)
	if v.Verdict != rules.Wrong || v.Points != 0 || !strings.Contains(v.Long, "Cobija above Caracas: green 30 > 4") {
		t.Errorf("verdict %s %d %q", v.Verdict, v.Points, v.Long)
	}
	if d := find(t, evs, rules.EventDo); d.Action != "remove" || d.Short != rules.Say("Remove Cobija", "Leave the rest") {
		t.Errorf("do %s %q", d.Action, d.Short)
	}
	if has(evs, rules.EventTurn) || c.g.Phase != phaseDiscard {
		t.Fatalf("no turn before the card is gone: %s", dump(evs))
	}
	// Flipped over to look at it: fine, still waiting.
	if evs := c.see(0, 0, "Bogotá/B|Cobija/B", "Lima/B|Caracas/B", ".|Sucre/B"); len(evs) != 0 {
		t.Errorf("wrong card flipped: %s", dump(evs))
	}
	// Anything else before the removal is refused.
	evs = c.see(0, 0, "Bogotá/B|Cobija/B|Quito", "Lima/B|Caracas/B", ".|Sucre/B")
	if w := find(t, evs, rules.EventWarning); w.Short != rules.Say("Remove Cobija", "first") {
		t.Errorf("warning %q", w.Short)
	}
	// Gone: done, and Jane's turn; the pushed cards stay.
	evs = c.see(0, 0, "Bogotá/B|.", "Lima/B|Caracas/B", ".|Sucre/B")
	if kinds(evs) != "done:remove turn" || find(t, evs, rules.EventTurn).Player != 2 {
		t.Errorf("after the removal: %s", dump(evs))
	}
	want := layoutOf(grid(t, "Bogotá|.", "Lima|Caracas", ".|Sucre"))
	if !layoutOf(c.g.Map).equal(want) {
		t.Errorf("map after the discard: %v, want pushed cards shifted", layoutOf(c.g.Map))
	}
	if s := c.g.Scores()[0]; s.Total != 0 || len(s.Parts) != 1 || !strings.Contains(s.Parts[0].Detail, "wrong") {
		t.Errorf("Marco's score %+v", s)
	}
	// Cobija cannot come back later.
	evs = c.see(0, 0, "Bogotá/B|Cobija", "Lima/B|Caracas/B", ".|Sucre/B")
	if w := find(t, evs, rules.EventWarning); !strings.Contains(w.Long, "discarded") {
		t.Errorf("discarded card played again: %q", w.Long)
	}
}

// The removal and the next placement may come in one snapshot.
func TestContinentalDiscardAndNextInOneSnapshot(t *testing.T) {
	c := started(t, []string{"Marco", "Jane"}, nil)
	c.see(0, 0, "Bogotá/B|Cobija", "Lima/B|Caracas/B", ".|Sucre/B")
	evs := c.see(0, 0, "Bogotá/B|.", "Lima/B|Caracas/B", "Quito|Sucre/B")
	if kinds(evs) != "done:remove turn verdict:wrong do:remove" {
		t.Errorf("events %s", dump(evs))
	}
	if v := find(t, evs, rules.EventVerdict); v.Player != 2 || v.Card != id(t, "Quito") {
		t.Errorf("verdict for player %d card %s, want Jane's Quito", v.Player, v.Card)
	}
}

// A push that would make a circle wrong is refused: the players put the
// cards back and the same player places again (Continental push rule).
func TestContinentalRefusedPush(t *testing.T) {
	c := started(t, []string{"Ana", "Ben"}, nil)
	c.see(0, 0, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B", "Belo Horizonte|.")   // Ana +1
	c.see(0, 0, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B", "Belo Horizonte/B|.") // and flips it
	before := c.state()
	// Ben pushes Caracas down: Sucre would sit right of Belo Horizonte (green 100 > 58).
	evs := c.see(0, 0, "Bogotá/B|Cobija", "Lima/B|Caracas/B", "Belo Horizonte/B|Sucre/B")
	w := find(t, evs, rules.EventWarning)
	if w.Short != rules.Say("Push refused", "Undo the push") || !strings.Contains(w.Long, "Belo Horizonte left of Sucre: green 100 > 58") {
		t.Fatalf("warning %q %q", w.Short, w.Long)
	}
	if has(evs, rules.EventVerdict) || c.g.Placed != 1 || c.g.Phase != phaseUndo {
		t.Fatalf("a refused push must not be judged: %s", dump(evs))
	}
	// Still pushed: refused again, nothing changes.
	c.see(0, 0, "Bogotá/B|.", "Lima/B|Caracas/B", "Belo Horizonte/B|Sucre/B")
	// Back as before: done, Ben again.
	evs = c.see(0, 0, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B", "Belo Horizonte/B|.")
	if d := find(t, evs, rules.EventDone); d.Action != "undo" || d.Player != 2 || c.g.Phase != phasePlay {
		t.Errorf("undo seen: %s", dump(evs))
	}
	if after := c.state(); strings.Replace(after, `"phase":"play"`, "", 1) != strings.Replace(before, `"phase":"play"`, "", 1) {
		t.Errorf("state changed by a refused push:\n%s\n%s", before, after)
	}
	// Ben places Cobija another way: pushing Caracas east is allowed.
	evs = c.see(0, 0, "Bogotá/B|Cobija|Caracas/B", "Lima/B|Sucre/B", "Belo Horizonte/B|.")
	if v := find(t, evs, rules.EventVerdict); v.Player != 2 || v.Verdict != rules.Right || v.Points != 3 {
		t.Errorf("Ben's second try: %s", dump(evs))
	}
}

// From a refused push, a snapshot that is directly a legal placement from
// the old map also counts: the cards were put back and Ben placed again.
func TestContinentalRefusedPushThenDirectPlacement(t *testing.T) {
	c := started(t, []string{"Ana", "Ben"}, nil)
	c.see(0, 0, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B", "Belo Horizonte|.")
	c.see(0, 0, "Bogotá/B|Cobija", "Lima/B|Caracas/B", "Belo Horizonte/B|Sucre/B")
	evs := c.see(0, 0, "Bogotá/B|Caracas/B|.", "Lima/B|Sucre/B|.", "Belo Horizonte/B|.|.|Quito")
	if w := find(t, evs, rules.EventWarning); !strings.Contains(w.Long, "does not touch") {
		t.Errorf("gap: %s", dump(evs))
	}
	evs = c.see(0, 0, "Bogotá/B|Caracas/B|Cobija", "Lima/B|Sucre/B|.", "Belo Horizonte/B|.|.")
	if v := find(t, evs, rules.EventVerdict); v.Player != 2 || c.g.Phase == phaseUndo {
		t.Errorf("placement after a refused push: %s", dump(evs))
	}
}

// Issue 18 item 2: "you must always place the cards with the Flag side
// up". A card laid map side up is said, not judged and not scored (its
// numbers were in view while it was placed); turned flag side up where it
// lies, it is judged as usual. The old referee judged and scored it
// without a word.
func TestContinentalCardLaidMapSideUpIsSaid(t *testing.T) {
	c := started(t, []string{"Ana", "Ben"}, nil)
	evs := c.see(0, 0, "Bogotá/B|Caracas/B|.", "Lima/B|Sucre/B|Punta del Este/B")
	w := find(t, evs, rules.EventWarning)
	if has(evs, rules.EventVerdict) || has(evs, rules.EventPoints) || w.Short != [2]string{"Flag side up:", "Punta del Este"} {
		t.Fatalf("a card laid map side up: %s", dump(evs))
	}
	if !strings.Contains(w.Long, "Flag side up") || c.g.points(1) != 0 || c.g.Placed != 0 {
		t.Errorf("warning %q, points %d, placed %d", w.Long, c.g.points(1), c.g.Placed)
	}
	evs = c.see(0, 0, "Bogotá/B|Caracas/B|.", "Lima/B|Sucre/B|Punta del Este")
	if v := find(t, evs, rules.EventVerdict); v.Verdict != rules.Right || v.Points != 1 || v.Player != 1 {
		t.Errorf("turned flag side up: %s", dump(evs))
	}
}

// Turn order: clockwise from the round's first player; each round starts
// one seat further left (rulebook).
func TestTurnOrderAndRounds(t *testing.T) {
	c := newCSU(t, []string{"A", "B", "C"}, nil)
	var got []int
	for i := 0; i < c.g.total(); i++ {
		got = append(got, c.g.playerOf(i))
	}
	want := []int{1, 2, 3, 2, 3, 1, 3, 1, 2, 1, 2, 3, 2, 3, 1}
	if len(got) != len(want) {
		t.Fatalf("%d placements for 3 players, want %d (5 each)", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("turn order %v, want %v", got, want)
		}
	}
	for r := 1; r <= 5; r++ {
		if c.g.firstOf(r) != want[(r-1)*3] {
			t.Errorf("round %d starts with %d", r, c.g.firstOf(r))
		}
	}
}

// A whole short game: 2 players, 1 card each, the end, the winner.
func TestContinentalShortGameEnds(t *testing.T) {
	c := started(t, []string{"Ana", "Ben"}, map[string]string{OptCardsPerPlayer: "1"})
	c.see(0, 0, "Bogotá/B|Caracas/B|.", "Lima/B|Sucre/B|Punta del Este")                        // Ana: Sucre 58 < 85 → +1
	evs := c.see(0, 0, "Bogotá/B|Caracas/B|.", "Lima/B|Sucre/B|Punta del Este/B", ".|.|Cobija") // Ben: Cobija below Punta: 81 > 30 → wrong
	e := find(t, evs, rules.EventEnd)
	if !c.g.Finished() || len(e.Winners) != 1 || e.Winners[0] != 1 || e.Short != rules.Say("Ana wins", "1 point") {
		t.Errorf("end %q winners %v finished %v", e.Short, e.Winners, c.g.Finished())
	}
	if w := c.g.Winners(); len(w) != 1 || w[0] != 1 {
		t.Errorf("Winners() = %v", w)
	}
	if evs := c.see(0, 0, "Bogotá/B|Caracas/B|.", "Lima/B|Sucre/B|Punta del Este/B"); len(evs) != 0 {
		t.Errorf("after the end: %s", dump(evs))
	}
	rulestest.RoundTrip(t, ModeContinental, c.g)
}

// WIT-5: Jane 12, Marco 9: Jane wins; equal totals share the victory.
func TestWIT5MostPointsWins(t *testing.T) {
	c := newCSU(t, []string{"Jane", "Marco"}, nil)
	c.g.Phase = phaseOver
	add := func(p int, pts ...int) {
		for _, n := range pts {
			c.g.Placements = append(c.g.Placements, placement{Player: p, Card: wt(6), Circles: max(n, 1), Right: n > 0, Points: n})
		}
	}
	add(1, 3, 2, 4, 0, 3)
	add(2, 2, 2, 1, 3, 1)
	s := c.g.Scores()
	if s[0].Total != 12 || s[1].Total != 9 || len(s[0].Parts) != 5 {
		t.Fatalf("scores %+v", s)
	}
	if w := c.g.Winners(); len(w) != 1 || w[0] != 1 {
		t.Errorf("winners %v, want Jane", w)
	}
	add(2, 3)
	if w := c.g.Winners(); len(w) != 2 {
		t.Errorf("12 all: winners %v, want a shared victory", w)
	}
}

// Bad input never changes the state: unknown cards, a card seen twice,
// two new cards, a card gone.
func TestContinentalBadInputKeepsState(t *testing.T) {
	c := started(t, []string{"Ana", "Ben"}, nil)
	before := c.state()
	unknown := grid(t, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B")
	unknown.Set(rules.Pos{Row: 0, Col: 2}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "WT", Num: 99}}})
	twice := grid(t, "Bogotá/B|Caracas/B|Cobija", "Lima/B|Sucre/B")
	twice.Set(rules.Pos{Row: 1, Col: 2}, rules.Cell{Card: rules.CardRef{ID: id(t, "Cobija")}})
	offer := rules.Table{Zones: map[string]*rules.Zone{zoneMap: grid(t, "Bogotá/B|Caracas/B|Cobija", "Lima/B|Sucre/B"), zoneOffer: grid(t, "Cobija|Quito")}}
	for _, tc := range []struct {
		name  string
		table rules.Table
		short string
	}{
		{"unknown card", mapTable(unknown), "Unknown card"},
		{"other deck", mapTable(shifted(func() *rules.Zone {
			z := grid(t, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B")
			z.Set(rules.Pos{Row: 2}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "EU", Num: 1}}})
			return z
		}(), rules.Pos{})), "Unknown card"},
		{"seen twice in the map", mapTable(twice), "Seen twice:"},
		{"seen in the map and the offer", offer, "Seen twice:"},
		{"two new cards", mapTable(grid(t, "Bogotá/B|Caracas/B|Cobija", "Lima/B|Sucre/B|Quito")), "2 new cards"},
		{"card gone", mapTable(grid(t, "Bogotá/B|Caracas/B", "Lima/B|.")), "Sucre missing"},
		{"no map at all", rules.Table{}, "Bogotá missing"},
		{"start card played", mapTable(grid(t, "Bogotá/B|Caracas/B|Brasília", "Lima/B|Sucre/B")), "Start card!"},
		{"monument without the variant", mapTable(grid(t, "Bogotá/B|Caracas/B|Machu Picchu", "Lima/B|Sucre/B")), "Monuments off"},
	} {
		evs := c.add(c.g.Observe(tc.table))
		w := find(t, evs, rules.EventWarning)
		if w.Short[0] != tc.short || has(evs, rules.EventVerdict) {
			t.Errorf("%s: %s", tc.name, dump(evs))
		}
		if after := c.state(); after != before {
			t.Errorf("%s changed the state:\n%s\n%s", tc.name, before, after)
		}
	}
	// The game goes on from where it was.
	evs := c.see(0, 0, "Bogotá/B|Caracas/B|Cobija", "Lima/B|Sucre/B")
	if v := find(t, evs, rules.EventVerdict); v.Player != 1 {
		t.Errorf("after bad input: %s", dump(evs))
	}
}

func TestContinentalMonumentVariant(t *testing.T) {
	c := started(t, []string{"Ana", "Ben"}, map[string]string{OptMonuments: "true", OptCardsPerPlayer: "1"})
	evs := c.see(0, 0, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B", "Machu Picchu|.")
	if v := find(t, evs, rules.EventVerdict); v.Verdict != rules.Right || has(evs, rules.EventWarning) {
		t.Errorf("monument in the variant: %s", dump(evs))
	}
	// 1 card each: the deck holds min(2,1)=1 monument per player, 2 in all.
	c2 := started(t, []string{"Ana", "Ben"}, map[string]string{OptMonuments: "true", OptCardsPerPlayer: "1"})
	c2.g.Placements = append(c2.g.Placements, placement{Player: 1, Card: id(t, "Cristo Redentor")}, placement{Player: 2, Card: id(t, "Cristo Redentor")})
	block, note := deckCheck(fixture, c2.g.opts, 2, id(t, "Machu Picchu"), []rules.CardID{id(t, "Cristo Redentor"), id(t, "Cristo Redentor")})
	if block != nil || note == nil || !strings.Contains(note.Long, "should hold 2") {
		t.Errorf("third monument: block %+v note %+v", block, note)
	}
}

func TestContinentalRoundTripInEveryPhase(t *testing.T) {
	c := newCSU(t, []string{"Ana", "Ben"}, map[string]string{OptPushScope: ScopeWholeLine})
	rulestest.RoundTrip(t, ModeContinental, c.g)
	c.see(0, 0, "Bogotá/B|Caracas/B", "Lima/B|Sucre/B")
	c.see(0, 0, "Bogotá/B|Caracas/B|Cayena", "Lima/B|Sucre/B") // Ana +1, flip pending
	g2 := rulestest.RoundTrip(t, ModeContinental, c.g).(*continental)
	if g2.Flip != id(t, "Cayena") || g2.opts.scope != ScopeWholeLine || g2.deck != fixture {
		t.Errorf("restored flip %s scope %s", g2.Flip, g2.opts.scope)
	}
	c.see(0, 0, "Bogotá/B|Caracas/B|Cayena", "Lima/B|Sucre/B|Quito") // Ben: Sucre 58 left of Quito 9, wrong
	g3 := rulestest.RoundTrip(t, ModeContinental, c.g).(*continental)
	if g3.Phase != phaseDiscard || g3.Pending != id(t, "Quito") {
		t.Errorf("restored phase %s pending %s, want the discard of Quito", g3.Phase, g3.Pending)
	}
	if _, err := restoreContinental([]byte(`{"setup":{"mode":"wit-continental","players":["A","B"],"options":{"pushScope":"contiguous","monuments":"false","cardsPerPlayer":"5"}},"deck":"ZZ"}`)); err == nil {
		t.Error("restoring with an unknown deck: want an error")
	}
	if _, err := restoreContinental([]byte(`{`)); err == nil {
		t.Error("restoring broken JSON: want an error")
	}
}

func TestInputsAreNotNeeded(t *testing.T) {
	c := started(t, []string{"Ana", "Ben"}, nil)
	before := c.state()
	evs := c.add(c.g.Input(rules.Input{Type: rules.InputNext, Player: 1}))
	if find(t, evs, rules.EventInfo).Short[0] != "No button needed" || c.state() != before {
		t.Errorf("next: %s", dump(evs))
	}
	if evs := c.g.Input(rules.Input{Type: rules.InputUndo}); len(evs) != 0 {
		t.Errorf("undo is the daemon's: %s", dump(evs))
	}
}
