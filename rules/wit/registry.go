package wit

import (
	"sync"
)

// Rank tables registered by tests (fixtures holding the rulebook's printed
// numbers), so that a saved fixture game finds its table again.
var rankTables = struct {
	sync.Mutex
	m map[string]*Deck
}{m: map[string]*Deck{}}

func registerDeck(d *Deck) {
	rankTables.Lock()
	defer rankTables.Unlock()
	rankTables.m[d.Code] = d
}

// fixtureDeck returns a registered rank table.
func fixtureDeck(code string) (*Deck, bool) {
	rankTables.Lock()
	defer rankTables.Unlock()
	d, ok := rankTables.m[code]
	return d, ok
}
