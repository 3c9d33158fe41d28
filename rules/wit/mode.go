package wit

import (
	"github.com/tableref/tableref/rules"
)

// Both engines are games (checked at compile time).
var (
	_ rules.Game = (*continental)(nil)
	_ rules.Game = (*cartographer)(nil)
)

func init() {
	register(ModeContinental, "Continental Shake Up", 5,
		func(s rules.Setup, d *Deck) (rules.Game, error) { return newContinental(s, d) }, restoreContinental)
	register(ModeCartographer, "Cartographer's Corner", 12,
		func(s rules.Setup, d *Deck) (rules.Game, error) { return newCartographer(s, d) }, restoreCartographer)
}

// register adds one mode on the South America deck; perPlayer is the
// rulebook's number of cards each player places.
func register(id, name string, perPlayer int, newGame func(rules.Setup, *Deck) (rules.Game, error), restore func([]byte) (rules.Game, error)) {
	rules.RegisterMode(&rules.Mode{
		ID:         id,
		Name:       "Where is That? South America — " + name,
		MinPlayers: 2, // REFERENCE §1.1: the rulebook gives no count; 2–6 by default
		MaxPlayers: 6,
		Decks:      []string{deckSA},
		Options:    modeOptions(perPlayer),
		New: func(s rules.Setup) (rules.Game, error) {
			d, err := saDeck()
			if err != nil {
				return nil, err
			}
			return newGame(s, d)
		},
		Restore: restore,
	})
}
