package wit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

const deckSA = geo.DeckSA

// deckFor builds the rank table of a geography deck for the cards on the
// table. An installed deck that records its cards' circle numbers is
// judged with them and says them, whoever printed the cards: they are the
// box's own. Any other deck is ranked from its coordinates (the order
// tableref prints on its own cards); those numbers are said only on
// tableref's print-and-play cards, and are words otherwise.
func deckFor(t geo.InPlay) (*Deck, error) {
	info, ok := geo.Info(t.Deck)
	if !ok || info.Game != geo.GameWIT {
		return nil, fmt.Errorf("no Where is That? deck %q", t.Deck)
	}
	cards := geo.Cards(t.Deck)
	if len(cards) == 0 {
		return nil, fmt.Errorf("deck %s is empty", t.Deck)
	}
	printed := info.Installed
	for _, c := range cards {
		printed = printed && c.Printed != nil && c.Printed.NS > 0
	}
	if printed {
		ranks := make([]Card, len(cards))
		for i, c := range cards {
			ranks[i] = Card{ID: c.ID, Name: c.Name, Kind: string(c.Kind), NS: c.Printed.NS, WE: c.Printed.WE}
		}
		return NewDeck(t.Deck, ranks)
	}
	places := make([]Place, len(cards))
	for i, c := range cards {
		if !c.HasCoords {
			return nil, fmt.Errorf("deck %s: %s has neither circle numbers nor coordinates", t.Deck, c.Name)
		}
		places[i] = Place{ID: c.ID, Name: c.Name, Kind: string(c.Kind), Lat: c.Lat, Lon: c.Lon}
	}
	d, err := RankPlaces(t.Deck, places)
	if err != nil {
		return nil, err
	}
	if !t.Tableref {
		d = d.inWords()
	}
	return d, nil
}

// setupDeck is the rank table a game's setup plays with: its deck and
// printedBy options. saved is the deck code a restored game was saved
// with, which wins (a game saved before the deck option existed has
// none; a test's fixture table is found by it).
func setupDeck(s rules.Setup, saved string) (*Deck, error) {
	if d, ok := fixtureDeck(saved); ok {
		return d, nil
	}
	t, err := geo.SetupInPlay(s, geo.GameWIT, deckSA)
	if err != nil {
		return nil, err
	}
	if saved != "" {
		t.Deck = saved
	}
	return deckFor(t)
}

// SADeck returns the rank table of tableref's South America cards: the
// numbers tableref prints on them, which the referee judges with. The
// printer draws the circle numbers from it, so a printed card and the
// referee can never disagree.
func SADeck() (*Deck, error) { return deckFor(geo.InPlay{Deck: deckSA, Tableref: true}) }
