package main

import (
	"errors"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // every game mode and deck
)

// Names typed on the command line resolve through rules' one resolver
// (rules.FindMode, FindDeck, FindCard): a name that is unknown or
// ambiguous is a usage error whose text lists what to type instead.

// modeArg resolves a game mode's ID, alias or name.
func modeArg(name string) (*rules.Mode, error) {
	m, err := rules.FindMode(name)
	return m, asUsage(err)
}

// deckArg resolves a deck's code, alias, name or game.
func deckArg(name string) (*rules.Deck, error) {
	d, err := rules.FindDeck(name)
	return d, asUsage(err)
}

// cardArg resolves a card's ID or name, in the decks named (all when none).
func cardArg(name string, decks ...string) (rules.CardRef, error) {
	ref, err := rules.FindCard(name, decks...)
	return ref, asUsage(err)
}

// asUsage makes a name error a usage error; other errors pass unchanged.
func asUsage(err error) error {
	var ne *rules.NameError
	if errors.As(err, &ne) {
		return usageError{ne.Error()}
	}
	return err
}
