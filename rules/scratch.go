package rules

import "maps"

// ScratchRegistries gives a test a copy of the mode and deck registries
// and returns the function that puts the originals back: what the test
// registers, adds or removes lives in the copy only, so no test changes
// what another test sees. Use it as t.Cleanup(rules.ScratchRegistries()).
// Only tests call it: outside them the game packages register at init and
// nothing but installed decks (AddDeck, RemoveDeck) changes a registry.
func ScratchRegistries() (restore func()) {
	modes.Lock()
	savedModes := modes.m
	modes.m = maps.Clone(savedModes)
	modes.Unlock()
	decks.Lock()
	savedDecks := decks.m
	decks.m = maps.Clone(savedDecks)
	decks.Unlock()
	return func() {
		modes.Lock()
		modes.m = savedModes
		modes.Unlock()
		decks.Lock()
		decks.m = savedDecks
		decks.Unlock()
	}
}
