package wit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// ccg is a Cartographer game on the fixture rank table.
type ccg struct {
	t *testing.T
	g *cartographer
	eventLog
}

func newCC(t *testing.T, players []string, opts map[string]string) *ccg {
	t.Helper()
	g, err := newCartographer(setup(t, ModeCartographer, players, opts), fixture)
	if err != nil {
		t.Fatal(err)
	}
	c := &ccg{t: t, g: g, eventLog: eventLog{t: t}}
	c.add(g.Start())
	return c
}

// see feeds the players' maps, p1 first.
func (c *ccg) see(maps ...*rules.Zone) []rules.Event {
	c.t.Helper()
	tab := rules.Table{Zones: map[string]*rules.Zone{}}
	for i, z := range maps {
		tab.Zones[zoneName(i+1)] = z
	}
	return c.add(c.g.Observe(tab))
}

func TestCartographerStartCities(t *testing.T) {
	c := newCC(t, []string{"Marco", "Erica"}, nil)
	if evs := c.see(nil, nil); len(evs) != 0 {
		t.Errorf("nothing laid out yet: %s", dump(evs))
	}
	for _, tc := range []struct {
		maps  []*rules.Zone
		short string
	}{
		{[]*rules.Zone{grid(t, "Brasília"), nil}, "Erica: no card"},
		{[]*rules.Zone{grid(t, "Brasília|Lima"), grid(t, "Sucre")}, "Marco: 2 cards"},
		{[]*rules.Zone{grid(t, "Brasília"), grid(t, "Cobija")}, "Not a start card"},
	} {
		if w := find(t, c.see(tc.maps...), rules.EventWarning); w.Short[0] != tc.short || c.g.Phase != phaseSetup {
			t.Errorf("warning %q phase %s, want %q in setup", w.Short, c.g.Phase, tc.short)
		}
	}
	evs := c.see(grid(t, "Brasília"), grid(t, "Sucre"))
	if kinds(evs) != "done:setup round turn" || c.g.Phase != phasePlay {
		t.Errorf("start cities laid: %s", dump(evs))
	}
	if r := find(t, evs, rules.EventRound); r.Short != rules.Say("Round 1 of 12", "Marco reveals 2") {
		t.Errorf("round %q", r.Short)
	}
}

// playWIT7b plays Marco's map of the rulebook's example: Brasília (start),
// Cayena east of it, Piura under it, then Punta del Este into Brasília's
// cell pushing Brasília right with Cayena (REFERENCE WIT-7b). Erica plays
// around Sucre meanwhile. Turn order: P1 P2 / P2 P1 / P1 P2; n is the
// number of placements to play (6 ends the game).
func playWIT7b(t *testing.T, n int) *ccg {
	c := newCC(t, []string{"Marco", "Erica"}, map[string]string{OptCardsPerPlayer: "3"})
	c.see(grid(t, "Brasília"), grid(t, "Sucre"))
	quito := shifted(grid(t, "Quito|Sucre"), rules.Pos{Col: -1})
	bh := shifted(grid(t, "Quito|Sucre|Belo Horizonte"), rules.Pos{Col: -1})
	cobija := shifted(grid(t, "Quito|Sucre|Belo Horizonte", ".|Cobija|."), rules.Pos{Col: -1})
	steps := []struct {
		marco []string
		erica *rules.Zone // Sucre stays at (0,0)
	}{
		{[]string{"Brasília|Cayena"}, grid(t, "Sucre")},                   // Marco
		{[]string{"Brasília|Cayena"}, quito},                              // Erica
		{[]string{"Brasília|Cayena"}, bh},                                 // Erica (round 2 starts with her)
		{[]string{"Brasília|Cayena", "Piura|."}, bh},                      // Marco
		{[]string{"Punta del Este|Brasília|Cayena", "Piura|.|."}, bh},     // Marco (round 3)
		{[]string{"Punta del Este|Brasília|Cayena", "Piura|.|."}, cobija}, // Erica: the last card
	}
	for i, s := range steps[:n] {
		evs := c.see(grid(t, s.marco...), s.erica)
		if has(evs, rules.EventWarning) || has(evs, rules.EventVerdict) || !has(evs, rules.EventInfo) {
			t.Fatalf("step %d: %s", i+1, dump(evs))
		}
	}
	return c
}

// WIT-7b and WIT-8: every push is free in Cartographer's Corner; Punta del
// Este ends with Brasília (WE 91) on its right and Piura (NS 42) below.
func TestWIT7bPuntaDelEsteReconstruction(t *testing.T) {
	c := playWIT7b(t, 5)
	l := layoutOf(c.g.Maps[0])
	cs := circlesAround(fixture, l, rules.Pos{})
	if len(cs) != 2 || cs[0].Dark != id(t, "Brasília") || cs[0].DarkNum != 91 || cs[1].Dark != id(t, "Piura") || cs[1].DarkNum != 42 {
		t.Fatalf("Punta del Este's circles: %s", describeCircles(fixture, cs))
	}
	if last := c.g.Placements[len(c.g.Placements)-1]; last.Card != id(t, "Punta del Este") || last.Push != "east" || last.Round != 3 || last.Player != 1 {
		t.Errorf("last placement %+v", last)
	}
}

func TestWIT8AllFourPushesLegal(t *testing.T) {
	// From Marco's map before round 3: Brasília, Cayena east, Piura south.
	for _, tc := range []struct {
		dir  string
		rows []string
		r0   int
		c0   int
	}{
		{"east", []string{"Punta del Este|Brasília|Cayena", "Piura|.|."}, 0, 0},
		{"west", []string{"Brasília|Punta del Este|Cayena", ".|Piura|."}, 0, -1},
		{"north", []string{"Brasília|.", "Punta del Este|Cayena", "Piura|."}, -1, 0},
		{"south", []string{"Punta del Este|Cayena", "Brasília|.", "Piura|."}, 0, 0},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			c := playWIT7b(t, 4)
			erica := shifted(grid(t, "Quito|Sucre|Belo Horizonte"), rules.Pos{Col: -1})
			evs := c.see(shifted(grid(t, tc.rows...), rules.Pos{Row: tc.r0, Col: tc.c0}), erica)
			if has(evs, rules.EventWarning) || c.g.Placed != 5 {
				t.Fatalf("push %s: %s", tc.dir, dump(evs))
			}
			if got := c.g.Placements[4].Push; got != tc.dir {
				t.Errorf("push %q, want %s", got, tc.dir)
			}
		})
	}
}

// Nothing is judged before the end: no verdict, no points, zero scores.
func TestCartographerSaysNothingUntilTheEnd(t *testing.T) {
	c := newCC(t, []string{"Marco", "Erica"}, map[string]string{OptCardsPerPlayer: "3"})
	c.see(grid(t, "Brasília"), grid(t, "Sucre"))
	c.see(grid(t, "Brasília|Cayena"), grid(t, "Sucre"))
	for _, e := range c.all {
		if e.Kind == rules.EventVerdict || e.Kind == rules.EventPoints {
			t.Errorf("judged before the end: %s", dump([]rules.Event{e}))
		}
	}
	for _, s := range c.g.Scores() {
		if s.Total != 0 || len(s.TieBreak) != 0 {
			t.Errorf("score before the end: %+v", s)
		}
	}
	if c.g.Winners() != nil {
		t.Error("winners before the end")
	}
}

// WIT-7 in a finished map: Punta del Este's right circle scores, its
// bottom one does not; Brasília–Cayena (91 > 88) does not either.
func TestCartographerEndScoresWIT7Map(t *testing.T) {
	c := playWIT7b(t, 6)
	evs := c.all[len(c.all)-5:]
	if kinds(evs) != "info do:flip points points end" {
		t.Fatalf("end: %s", dump(evs))
	}
	s := c.g.Scores()
	if s[0].Total != 1 || s[0].Parts[0].Detail != "1 of 3 right" || s[0].Parts[1].Detail != "closest 85/91, gap 6" || len(s[0].TieBreak) != 1 || s[0].TieBreak[0] != -6 {
		t.Errorf("Marco %+v", s[0])
	}
	// Erica: Quito 9 < Sucre 58 < Belo Horizonte 100 right, Sucre over Cobija (50 > 30) wrong.
	if s[1].Total != 2 || s[1].Parts[1].Detail != "closest 58/100, gap 42" {
		t.Errorf("Erica %+v", s[1])
	}
	e := find(t, evs, rules.EventEnd)
	if len(e.Winners) != 1 || e.Winners[0] != 2 {
		t.Errorf("winners %v", e.Winners)
	}
	// The final flip is welcome but not needed; nothing changes after the end.
	if evs := c.see(grid(t, "Punta del Este/B|Brasília/B|Cayena/B", "Piura/B|.|."), nil); len(evs) != 0 {
		t.Errorf("after the end: %s", dump(evs))
	}
	rulestest.RoundTrip(t, ModeCartographer, c.g)
}

// WIT-9: Erica's final map of 13 cards on the real deck, 11 right circles:
// 11 points.
func TestWIT9ElevenRightCircles(t *testing.T) {
	sa, err := SADeck()
	if err != nil {
		t.Fatal(err)
	}
	z := ericaMap(t, rules.Front)
	l := layoutOf(z)
	ms := scoreMap(sa, l)
	if len(l) != 13 || ms.Right != 11 || ms.Circles != 16 {
		t.Fatalf("%d cards, %d of %d circles right; want 13 cards and 11 right", len(l), ms.Right, ms.Circles)
	}
	if s := ms.score(sa, 2, "Erica"); s.Total != 11 {
		t.Errorf("Erica scores %d, want 11", s.Total)
	}
}

// WIT-10: tied players compare their closest scored circle: 63/64 (gap 1)
// beats 3/5 (gap 2). Played out as a 1-round game on the fixture.
func TestWIT10TieBreak(t *testing.T) {
	c := newCC(t, []string{"Left", "Right"}, map[string]string{OptCardsPerPlayer: "1"})
	c.see(grid(t, "Potosí"), grid(t, "Chiclayo"))
	c.see(grid(t, "Potosí", "Belo Horizonte"), grid(t, "Chiclayo"))
	evs := c.see(grid(t, "Potosí", "Belo Horizonte"), grid(t, "Piura|Chiclayo"))
	s := c.g.Scores()
	if s[0].Total != 1 || s[1].Total != 1 {
		t.Fatalf("scores %d and %d, want a tie on 1", s[0].Total, s[1].Total)
	}
	if s[0].Parts[1].Detail != "closest 63/64, gap 1" || s[1].Parts[1].Detail != "closest 3/5, gap 2" {
		t.Errorf("tie-break parts %+v, %+v", s[0].Parts, s[1].Parts)
	}
	e := find(t, evs, rules.EventEnd)
	if len(e.Winners) != 1 || e.Winners[0] != 1 || !strings.Contains(e.Long, "63/64 (gap 1)") || !strings.Contains(e.Long, "3/5 (gap 2)") {
		t.Errorf("end %v %q", e.Winners, e.Long)
	}
}

// Equal gaps leave the victory shared; a wrong circle never counts for
// the tie-break, however close its numbers.
func TestCartographerTieBreakOnlyScoredCircles(t *testing.T) {
	right := Circle{GreenNum: 10, DarkNum: 14}
	ms := scoreMap(fixture, layoutOf(grid(t, "Potosí", "Belo Horizonte", "Sucre"))) // 63<64 right; 64>50 wrong
	if ms.Right != 1 || ms.Closest == nil || ms.Closest.Gap() != 1 {
		t.Fatalf("%+v", ms)
	}
	wrongClose := scoreMap(fixture, layoutOf(grid(t, "Belo Horizonte", "Potosí", "Cristo Redentor"))) // 64>63 wrong (gap 1); 63<70 right (gap 7)
	if wrongClose.Right != 1 || wrongClose.Closest.Gap() != 7 {
		t.Errorf("the wrong 64/63 circle must not be the tie-break: closest %+v", wrongClose.Closest)
	}
	a := mapScore{Right: 2, Circles: 2, Closest: &right}
	b := mapScore{Right: 2, Circles: 3, Closest: &right}
	if w := rules.Winners([]rules.Score{a.score(fixture, 1, "A"), b.score(fixture, 2, "B")}); len(w) != 2 {
		t.Errorf("equal gaps: winners %v, want shared", w)
	}
	none := mapScore{Circles: 2}
	if s := none.score(fixture, 1, "A"); len(s.TieBreak) != 0 || s.Total != 0 || len(s.Parts) != 1 {
		t.Errorf("no scored circle: %+v", s)
	}
}

func TestCartographerOutOfTurnAndFlags(t *testing.T) {
	c := newCC(t, []string{"Marco", "Erica"}, map[string]string{OptCardsPerPlayer: "2"})
	c.see(grid(t, "Brasília"), grid(t, "Sucre"))
	before := c.g.Placed
	evs := c.see(grid(t, "Brasília|Cayena"), grid(t, "Sucre|Quito"))
	if w := find(t, evs, rules.EventWarning); w.Short != rules.Say("Not Erica's turn", "Marco plays now") || c.g.Placed != before {
		t.Errorf("Erica early: %s", dump(evs))
	}
	evs = c.see(grid(t, "Brasília"), grid(t, "."))
	if w := find(t, evs, rules.EventWarning); w.Short != rules.Say("Erica's map", "moved: undo it") {
		t.Errorf("Erica's start city gone: %s", dump(evs))
	}
	evs = c.see(grid(t, "Brasília|Cayena"), grid(t, "Sucre"))
	if find(t, evs, rules.EventInfo).Player != 1 {
		t.Errorf("Marco's placement: %s", dump(evs))
	}
	// A card flipped before the end: a warning once, the game goes on.
	evs = c.see(grid(t, "Brasília|Cayena/B"), grid(t, "Sucre"))
	if w := find(t, evs, rules.EventWarning); w.Short[0] != "Keep flags up:" {
		t.Errorf("flip: %s", dump(evs))
	}
	evs = c.see(grid(t, "Brasília|Cayena/B"), grid(t, "Sucre|Quito"))
	if has(evs, rules.EventWarning) || find(t, evs, rules.EventInfo).Player != 2 {
		t.Errorf("Erica's turn: %s", dump(evs))
	}
	// Erica's map, bad moves: a diagonal card, then a start card.
	if w := find(t, c.see(grid(t, "Brasília|Cayena/B"), grid(t, "Sucre|Quito|.", ".|.|Lima")), rules.EventWarning); !strings.Contains(w.Short[0], "diagonal") {
		t.Errorf("diagonal: %q", w.Short)
	}
	if w := find(t, c.see(grid(t, "Brasília|Cayena/B"), grid(t, "Sucre|Quito|Lima")), rules.EventWarning); w.Short[0] != "Start card!" {
		t.Errorf("start card: %q", w.Short)
	}
	g2 := rulestest.RoundTrip(t, ModeCartographer, c.g).(*cartographer)
	if g2.active() != 2 || g2.Phase != phasePlay {
		t.Errorf("restored: active %d phase %s", g2.active(), g2.Phase)
	}
}

func TestCartographerRestoreChecks(t *testing.T) {
	for _, state := range []string{`{`, `{"setup":{"mode":"wit-cartographer","players":["A","B"],"options":{"pushScope":"contiguous","monuments":"false","cardsPerPlayer":"12"}},"deck":"WT","phase":"play","maps":[]}`} {
		if _, err := restoreCartographer([]byte(state)); err == nil {
			t.Errorf("restore %s: want an error", state)
		}
	}
}
