package scanner_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// refereed is a generated stream played through the real engine: every
// snapshot the scanner emits goes to the game, and the events come back.
type refereed struct {
	t    *testing.T
	st   *simStream
	game rules.Game
	evs  []rules.Event
	// next is the player the engine last said plays now.
	next int
}

func newRefereed(t *testing.T, mode string, players []string, tab *simTable) *refereed {
	t.Helper()
	g, err := rules.NewGame(rules.Setup{Mode: mode, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	r := &refereed{t: t, st: newSimStream(t, mode, rules.Setup{Players: players}, tab), game: g}
	r.note(g.Start())
	return r
}

func (r *refereed) note(evs []rules.Event) []rules.Event {
	for _, e := range evs {
		if e.Kind == rules.EventTurn {
			r.next = e.Player
		}
	}
	r.evs = append(r.evs, evs...)
	return evs
}

// settle waits for the snapshot of the table as it lies and referees it.
func (r *refereed) settle(what string) []rules.Event {
	r.t.Helper()
	snap := r.st.settle()
	if snap == nil {
		r.t.Fatalf("%s: no snapshot; problems:%s", what, problemTexts(r.st.last.Problems))
	}
	return r.note(r.game.Observe(*snap))
}

func describe(evs []rules.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "\n\t%s %s P%d: %s", e.Kind, e.Verdict, e.Player, e.Long)
	}
	return b.String()
}

// quietSW are Strange World Land cards of the 2-player deck that set off
// nothing where the test lays them: no volcano, portal or Moon, and with
// the turns alternating each world gets one swamp card (Yellow-Green) and
// one water card (Grey-Blue), so no row holds two swamps and no two waters
// touch. Every placement is right: any warning or refusal is the
// referee's error.
var quietSW = []int{261, 262, 281, 282, 321, 322, 341, 342, 441, 442, 241, 242}

// TestStrangeWorldWorldsNeverSwap is the filmed game of the issue, on a
// generated stream: two players side by side, each marker west of its
// world, and Ana's world growing east towards Ben's marker. Every card is
// judged right, nothing is said about anything else, and a card laid a row
// and two columns away from the world is refused ("take it back") and the
// game goes on once it is laid against the world.
func TestStrangeWorldWorldsNeverSwap(t *testing.T) {
	c := ownershipCase{mode: "strangeworld", players: 2, arrangement: "row", side: "W"}
	ss, tab, plans := c.table(4, 4, 16, "SW")
	r := newRefereed(t, "strangeworld", []string{"Ana", "Ben"}, tab)
	for i, s := range ss {
		p := plans[i][0]
		tab.lay(simCard{ref: rules.CardRef{ID: rules.CardID{Deck: "SW", Num: []int{2, 3}[i]}}, at: s.at(float64(p.Row), float64(p.Col)), angle: s.angle})
		r.settle(fmt.Sprintf("start card %d", i+1))
	}
	placed := []int{1, 1}
	next := 0
	verdicts := 0
	for len(r.evs) < 500 && next < len(quietSW) {
		p := r.next
		if p == 0 {
			t.Fatalf("the engine never said whose turn it is:%s", describe(r.evs))
		}
		s, cell := ss[p-1], plans[p-1][placed[p-1]]
		id := rules.CardID{Deck: "SW", Num: quietSW[next]}
		if next == 4 {
			// Laid apart: a row and two columns beyond the world's last card.
			last := plans[p-1][placed[p-1]-1]
			tab.lay(simCard{ref: rules.CardRef{ID: id}, at: s.at(float64(last.Row+1), float64(last.Col+2)), angle: s.angle})
			evs := r.settle("a card laid apart")
			if !refused(evs, p, id) {
				t.Fatalf("a card laid apart from Ana's world was not refused:%s", describe(evs))
			}
			tab.take(id)
			r.settle("the card taken back")
		}
		tab.lay(simCard{ref: rules.CardRef{ID: id}, at: s.at(float64(cell.Row), float64(cell.Col)), angle: s.angle})
		evs := r.settle(fmt.Sprintf("P%d's card %v at %v", p, id, cell))
		for _, e := range evs {
			switch {
			case e.Kind == rules.EventWarning || (e.Kind == rules.EventVerdict && e.Verdict != rules.Right):
				t.Errorf("P%d lays %v at %v: the referee says %s %q", p, id, cell, e.Kind, e.Long)
			case e.Kind == rules.EventVerdict:
				verdicts++
			}
		}
		placed[p-1]++
		next++
	}
	if verdicts != len(quietSW) {
		t.Errorf("%d cards judged right of %d laid:%s", verdicts, len(quietSW), describe(r.evs))
	}
}

// refused reports whether the events refuse card id of player p.
func refused(evs []rules.Event, p int, id rules.CardID) bool {
	for _, e := range evs {
		if e.Kind == rules.EventVerdict && e.Verdict == rules.Wrong && e.Player == p && e.Card == id {
			return true
		}
	}
	return false
}

// TestCartographerCardApartRefused: in Cartographer's Corner a card laid a
// row and two columns away from the player's own map (the round's revealed
// cards lie further off) is in that map, not touching it: the referee
// says so and goes on once the card lies against the map.
func TestCartographerCardApartRefused(t *testing.T) {
	c := ownershipCase{mode: "wit-cartographer", players: 2, arrangement: "row", side: "S"}
	ss, tab, _ := c.table(4, 5, 13, "SA")
	_, starts, rest := deckFor(t, c.mode)
	r := newRefereed(t, c.mode, []string{"Ana", "Ben"}, tab)
	for i, s := range ss {
		tab.lay(simCard{ref: rules.CardRef{ID: starts[i]}, at: s.at(1, 1), angle: s.angle})
	}
	r.settle("start cards")
	// The revealed cards, in the middle of the table.
	for i := 0; i < 2; i++ {
		tab.lay(simCard{ref: rules.CardRef{ID: rest[i]}, at: geom.Pt{X: float64(i)*70 - 35, Y: -300}})
	}
	r.settle("revealed cards")
	id := rest[0]
	tab.take(id)
	tab.lay(simCard{ref: rules.CardRef{ID: id}, at: ss[0].at(2, 3), angle: ss[0].angle})
	evs := r.settle("a card laid apart")
	said := false
	for _, e := range evs {
		said = said || (e.Kind == rules.EventWarning && e.Player == 1 && strings.Contains(e.Long, "does not touch the map"))
	}
	if !said {
		t.Fatalf("a card laid apart from Ana's map:%s\nwant a warning that it does not touch the map", describe(evs))
	}
	tab.take(id)
	tab.lay(simCard{ref: rules.CardRef{ID: id}, at: ss[0].at(1, 2), angle: ss[0].angle})
	evs = r.settle("the card laid against the map")
	if len(evs) == 0 || evs[0].Kind != rules.EventInfo || evs[0].Card != id {
		t.Errorf("the card laid against the map:%s\nwant it placed", describe(evs))
	}
}
