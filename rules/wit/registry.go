package wit

import (
	"fmt"
	"sync"
)

// Rank tables by deck code, so that a saved game finds its deck again. The
// South American deck is built from the geography package on first use;
// tests add their fixture tables.
var rankTables = struct {
	sync.Mutex
	m map[string]*Deck
}{m: map[string]*Deck{}}

func registerDeck(d *Deck) {
	rankTables.Lock()
	defer rankTables.Unlock()
	rankTables.m[d.Code] = d
}

// deckByCode returns the rank table of a deck code.
func deckByCode(code string) (*Deck, error) {
	if code == deckSA {
		return saDeck()
	}
	rankTables.Lock()
	defer rankTables.Unlock()
	if d, ok := rankTables.m[code]; ok {
		return d, nil
	}
	return nil, fmt.Errorf("no rank table for deck %q", code)
}
