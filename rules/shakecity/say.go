package shakecity

import (
	"slices"

	"github.com/tableref/tableref/rules"
)

// speech collects what one observation or input makes the referee say.
// Complaints (things still wrong) carry a key: a complaint already said
// at the last observation is not said again, so a stuck problem does not
// flood the display, yet it is said again if it comes back later.
type speech struct {
	prev   []string
	keys   []string
	events []rules.Event
}

func (g *Game) newSpeech() *speech { return &speech{prev: g.Said} }

func (sp *speech) add(e rules.Event) { sp.events = append(sp.events, e) }

func (sp *speech) complain(key string, e rules.Event) {
	if slices.Contains(sp.keys, key) {
		return
	}
	sp.keys = append(sp.keys, key)
	if !slices.Contains(sp.prev, key) {
		sp.events = append(sp.events, e)
	}
}

// done stores the complaints for the next observation and returns the
// events.
func (g *Game) done(sp *speech) []rules.Event {
	g.Said = sp.keys
	return sp.events
}

// event builds an event with its short and long messages.
func (g *Game) event(kind rules.EventKind, p int, l1, l2, long string) rules.Event {
	return rules.Event{Kind: kind, Player: p, Round: g.Round, Short: rules.Say(l1, l2), Long: long}
}

// about prefixes a long message with the player's name.
func (g *Game) about(p int, long string) string { return g.name(p) + ": " + long }
