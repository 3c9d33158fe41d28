package wit

import (
	"fmt"
	"strconv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// Option keys (REFERENCE.md §8 names pushScope; the others are ours).
const (
	OptPushScope      = "pushScope"
	OptMonuments      = "monuments"
	OptCardsPerPlayer = "cardsPerPlayer"
)

// options are a game's checked settings.
type options struct {
	scope     string
	monuments bool
	perPlayer int // placements per player = rounds
}

func modeOptions(perPlayer int) []rules.Option {
	return append(geo.ModeOptions(geo.GameWIT, deckSA),
		rules.Option{Key: OptPushScope, Default: ScopeEither, Values: []string{ScopeEither, ScopeContiguous, ScopeWholeLine},
			Help: "cards a push moves: either reading of the rulebook (the touching run from the target cell, or the whole line beyond it, gaps too), or force one"},
		rules.Option{Key: OptMonuments, Default: "false", Values: []string{"false", "true"},
			Help: "monument variant: 2 monument cards per player replace 2 city cards in the deck"},
		rules.Option{Key: OptCardsPerPlayer, Default: strconv.Itoa(perPlayer),
			Help: fmt.Sprintf("cards each player places, one per round (rulebook %d; fewer for a short game)", perPlayer)})
}

func parseOptions(s rules.Setup) (options, error) {
	var o options
	o.scope = s.Options[OptPushScope]
	if o.scope != ScopeEither && o.scope != ScopeContiguous && o.scope != ScopeWholeLine {
		return o, fmt.Errorf("option %s=%q: want %s, %s or %s", OptPushScope, o.scope, ScopeEither, ScopeContiguous, ScopeWholeLine)
	}
	var err error
	if o.monuments, err = s.BoolOption(OptMonuments); err != nil {
		return o, err
	}
	if o.perPlayer, err = s.IntOption(OptCardsPerPlayer); err != nil {
		return o, err
	}
	if o.perPlayer < 1 || o.perPlayer > 40 {
		return o, fmt.Errorf("option %s=%d: want 1 to 40", OptCardsPerPlayer, o.perPlayer)
	}
	return o, nil
}

// monumentsPerPlayer is how many city cards per player the monument
// variant replaces (rulebook: 2), capped by a shortened deck.
func (o options) monumentsPerPlayer() int {
	if !o.monuments {
		return 0
	}
	return min(2, o.perPlayer)
}
