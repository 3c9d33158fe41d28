package rulebook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// REFERENCE.md §4: Map It! World Edition on tableref's World deck (WLD),
// whose cards carry the places the rulebook names.

// cross is a Map It! table: the centre card at (0,0), the arms along row 0
// and column 0.
type cross struct{ board }

func newCross(centre string) cross { return cross{board{{0, 0}: centre}} }

func (c cross) zone() zone { return c.board.zone("map") }

// mapIt starts a game and lays the centre card.
func mapIt(t *testing.T, players []string, opts map[string]string, centre string) (*match, cross) {
	t.Helper()
	m := play(t, "mapit", players, opts)
	c := newCross(centre)
	evs := m.see(c.zone())
	if len(only(evs, rules.EventRound)) != 1 || len(only(evs, rules.EventTurn)) != 1 {
		t.Fatalf("centre card %s not taken:%s", centre, dump(evs))
	}
	return m, c
}

func tokens(m *match) []int {
	var out []int
	for _, s := range m.g.Scores() {
		out = append(out, s.Total)
	}
	return out
}

// MI-1: centre Washington D.C.; Tokyo laid east. Challenged, it is right
// (−77.0 < 139.7): the challenger gives the placer a token.
func TestMI1TokyoEastOfWashington(t *testing.T) {
	m, c := mapIt(t, []string{"Ana", "Ben"}, nil, "Washington D.C.")
	c.board[[2]int{0, 1}] = "Tokyo"
	evs := m.see(c.zone())
	noVerdict(t, evs)
	v := verdict(t, m.input("challenge", "player", 2))
	if v.Verdict != rules.Right || v.Player != 1 {
		t.Fatalf("verdict %+v, want Ana's Tokyo right", v)
	}
	if got := fmt.Sprint(tokens(m)); got != "[5 3]" {
		t.Errorf("tokens %s, want [5 3] (Ben pays Ana 1)", got)
	}
}

// MI-2: Athens inserted on the east arm between Washington D.C. and Tokyo
// (Tokyo shifts outwards): right (−77.0 < 23.7 < 139.7), judged against
// both its neighbours.
func TestMI2AthensInsertedBetween(t *testing.T) {
	m, c := mapIt(t, []string{"Ana", "Ben", "Caro"}, nil, "Washington D.C.")
	c.board[[2]int{0, 1}] = "Tokyo"
	m.see(c.zone())
	c.board.push(0, 1, 0, 1, "Athens")
	evs := m.see(c.zone())
	if w := only(evs, rules.EventWarning); len(w) > 0 {
		t.Fatalf("insert refused:%s", dump(w))
	}
	info := only(evs, rules.EventInfo)
	if len(info) == 0 || !strings.Contains(info[0].Long, "between Washington D.C. and Tokyo") {
		t.Fatalf("want the insert seen between Washington D.C. and Tokyo:%s", dump(evs))
	}
	v := verdict(t, m.input("challenge", "player", 3))
	if v.Verdict != rules.Right || v.Player != 2 {
		t.Fatalf("verdict %+v, want Ben's Athens right", v)
	}
	// No neighbour named: judged against Washington D.C. and Tokyo both.
	if got := fmt.Sprint(tokens(m)); got != "[4 5 3]" {
		t.Errorf("tokens %s, want [4 5 3]", got)
	}
}

// MI-3: Rio de Janeiro (22.9 S) laid south of São Paulo (23.5 S);
// challenged, the coordinates decide: placed wrongly, the placer pays the
// challenger 1 token and Rio is removed (default onWrongChallenge=remove).
func TestMI3RioNotSouthOfSaoPaulo(t *testing.T) {
	m, c := mapIt(t, []string{"Ana", "Ben", "Caro"}, nil, "Washington D.C.")
	c.board[[2]int{1, 0}] = "São Paulo"
	m.see(c.zone())
	c.board[[2]int{2, 0}] = "Rio de Janeiro"
	m.see(c.zone())
	evs := m.input("challenge", "player", 3, "other", "São Paulo")
	v := verdict(t, evs)
	if v.Verdict != rules.Wrong || v.Player != 2 {
		t.Fatalf("verdict %+v, want Ben's Rio wrong", v)
	}
	if got := fmt.Sprint(tokens(m)); got != "[4 3 5]" {
		t.Errorf("tokens %s, want [4 3 5] (Ben pays Caro 1)", got)
	}
	if !hasShort(evs, rules.EventDo, "Remove Rio") {
		t.Fatalf("Rio's removal not asked:%s", dump(evs))
	}
	// Nothing else may happen until Rio is gone.
	c.board[[2]int{0, 1}] = "Tokyo"
	if evs := m.see(c.zone()); !hasShort(evs, rules.EventWarning, "Remove first") {
		t.Fatalf("a card laid before Rio left:%s", dump(evs))
	}
	delete(c.board, [2]int{0, 1})
	delete(c.board, [2]int{2, 0})
	if evs := m.see(c.zone()); !hasShort(evs, rules.EventDone, "Removed:") {
		t.Fatalf("Rio's removal not seen:%s", dump(evs))
	}
}

// endOfRound plays a round of pileSize 6 (centre + 5) with 3 players and
// two cards out of order, then takes the guesses; it returns the events of
// the last guess.
//
//	north arm: Reykjavík (64.1 N) then Cape Town (33.9 S): Cape Town wrong
//	east arm:  Athens (23.7 E), Tokyo (139.7 E)
//	south arm: São Paulo (23.5 S) then Lima (12.0 S): Lima wrong
func endOfRound(t *testing.T, guesses ...int) *match {
	t.Helper()
	m, c := mapIt(t, []string{"A", "B", "C"}, map[string]string{"pileSize": "6", "rounds": "1"}, "Washington D.C.")
	for _, l := range []struct {
		r, c int
		card string
	}{{-1, 0, "Reykjavík"}, {0, 1, "Athens"}, {1, 0, "São Paulo"}, {-2, 0, "Cape Town"}, {2, 0, "Lima"}} {
		c.board[[2]int{l.r, l.c}] = l.card
		if w := only(m.see(c.zone()), rules.EventWarning); len(w) > 0 {
			t.Fatalf("%s:%s", l.card, dump(w))
		}
	}
	for p, n := range guesses {
		m.input("guess", "player", p+1, "number", n)
	}
	return m
}

// MI-4: K = 2; guesses A=2, B=1, C=4: A takes 2 tokens, B and C nothing.
func TestMI4ExactGuessTakesTwo(t *testing.T) {
	m := endOfRound(t, 2, 1, 4)
	k := -1
	for _, e := range only(m.all, rules.EventInfo) {
		if strings.Contains(e.Long, "placed wrong this round") {
			k = e.Points
		}
	}
	if k != 2 {
		t.Errorf("K = %d, want 2 (Cape Town and Lima):%s", k, dump(m.all))
	}
	if got := fmt.Sprint(tokens(m)); got != "[6 4 4]" {
		t.Errorf("tokens %s, want [6 4 4]", got)
	}
	wantWinners(t, m.g, 1)
}

// MI-5: K = 2; guesses A=1, B=3, C=5: nobody exact, A and B closest
// (|Δ| = 1): 1 token each.
func TestMI5ClosestGuessesTakeOne(t *testing.T) {
	m := endOfRound(t, 1, 3, 5)
	if got := fmt.Sprint(tokens(m)); got != "[5 5 4]" {
		t.Errorf("tokens %s, want [5 5 4]", got)
	}
	wantWinners(t, m.g, 1, 2) // equal tokens share the win (§4.6)
	m.replayed()
}
