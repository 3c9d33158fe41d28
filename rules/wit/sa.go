package wit

import (
	"errors"
	"sync"

	"github.com/tableref/tableref/rules/geo"
)

const deckSA = geo.DeckSA

// saDeck is the rank table of Where is That? South America, computed once
// from the geography deck's coordinates: the printed circle numbers are
// the cards' orders along each axis over the whole deck.
var saDeck = sync.OnceValues(func() (*Deck, error) {
	cards := geo.Cards(geo.DeckSA)
	if len(cards) == 0 {
		return nil, errors.New("the South America deck is empty")
	}
	places := make([]Place, len(cards))
	for i, c := range cards {
		places[i] = Place{ID: c.ID, Name: c.Name, Kind: string(c.Kind), Lat: c.Lat, Lon: c.Lon}
	}
	return RankPlaces(deckSA, places)
})

// SADeck returns the rank table the referee judges South America cards
// with. The printer draws the circle numbers from it, so a printed card
// and the referee can never disagree.
func SADeck() (*Deck, error) { return saDeck() }
