package rulebook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// Strange World as the camera sees it: each player's world in zone pN
// (cells of card names, SW-BACK for a Tzimime, a Fumarole's name on the
// card it covers), Dark Cities and Travellers as items of the zone.

type world struct {
	cells board
	items []map[string]any
}

func (w *world) zone(name string) zone {
	z := w.cells.zone(name)
	for _, it := range w.items {
		at := it["at"].([2]float64)
		z = z.item(at[0], at[1], it["card"].(string))
	}
	return z
}

// skies is a game of Strange World driven through the replay path.
type skies struct {
	*match
	worlds []*world
	extra  []zone // zones shown besides the worlds (sun, offer)
}

func strangeWorld(t testing.TB, mode string, players []string, starts ...[3]any) *skies {
	t.Helper()
	s := &skies{match: play(t, mode, players, nil)}
	for range players {
		s.worlds = append(s.worlds, &world{cells: board{}})
	}
	for i, st := range starts {
		s.worlds[i].cells[[2]int{st[0].(int), st[1].(int)}] = st[2].(string)
	}
	if len(starts) > 0 {
		evs := s.show()
		if len(only(evs, rules.EventRound)) != 1 {
			t.Fatalf("starting cards not taken:%s", dump(evs))
		}
	}
	return s
}

func (s *skies) show() []rules.Event {
	var zs []zone
	for i, w := range s.worlds {
		zs = append(zs, w.zone(fmt.Sprintf("p%d", i+1)))
	}
	return s.see(append(zs, s.extra...)...)
}

// put lays (or, with "", clears) a card in player p's world and shows it.
func (s *skies) put(p, r, c int, tok string) []rules.Event {
	if tok == "" {
		delete(s.worlds[p-1].cells, [2]int{r, c})
	} else {
		s.worlds[p-1].cells[[2]int{r, c}] = tok
	}
	return s.show()
}

// flipDown turns the card at (r, c) Tzimime side up.
func (s *skies) flipDown(p, r, c int) []rules.Event { return s.put(p, r, c, "SW-BACK") }

// item lays a Dark City or a Traveller beside player p's world.
func (s *skies) item(p int, row, col float64, tok string) []rules.Event {
	w := s.worlds[p-1]
	w.items = append(w.items, map[string]any{"at": [2]float64{row, col}, "card": tok})
	return s.show()
}

// playedRight fails unless evs hold a right verdict for player p.
func playedRight(t testing.TB, evs []rules.Event, p int) {
	t.Helper()
	for _, v := range only(evs, rules.EventVerdict) {
		if v.Player == p && v.Verdict == rules.Right {
			return
		}
	}
	t.Fatalf("player %d's card not accepted:%s", p, dump(evs))
}

// flipAsked reports whether evs ask player p to flip the card named.
func flipAsked(evs []rules.Event, name string) bool {
	for _, e := range only(evs, rules.EventDo) {
		if e.Action == "flip" && strings.Contains(e.Short[0], name) {
			return true
		}
	}
	return false
}
