package cli

import (
	"errors"

	"github.com/tableref/tableref/rules"
)

// Names typed on the command line resolve through rules' one resolver
// (rules.FindMode, FindDeck, FindCard): a name that is unknown or
// ambiguous is a usage error whose text lists what to type instead.

// ModeArg resolves a game mode's ID, alias or name.
func ModeArg(name string) (*rules.Mode, error) {
	m, err := rules.FindMode(name)
	return m, AsUsage(err)
}

// DeckArg resolves a deck's code, alias, name or game.
func DeckArg(name string) (*rules.Deck, error) {
	d, err := rules.FindDeck(name)
	return d, AsUsage(err)
}

// CardArg resolves a card's ID or name, in the decks named (all when none).
func CardArg(name string, decks ...string) (rules.CardRef, error) {
	ref, err := rules.FindCard(name, decks...)
	return ref, AsUsage(err)
}

// AsUsage makes a name error a usage error; other errors pass unchanged.
func AsUsage(err error) error {
	var ne *rules.NameError
	if errors.As(err, &ne) {
		return UsageError{Msg: ne.Error()}
	}
	return err
}
