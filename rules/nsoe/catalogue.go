package nsoe

import (
	"math"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// City is what the referee needs from a city card: its printed name and
// the whole degrees printed on its back (north and east positive).
type City struct {
	Name     string
	Lat, Lon int
	// South and West keep the hemisphere printed beside a 0: London's
	// card reads 51°N 0°O (west), and a signed 0 cannot say so.
	South, West bool
	// Unprinted says the cards on the table do not print these degrees
	// (tableref's deck on a boxed game's cards): the referee judges with
	// them but never says them.
	Unprinted bool
}

// Catalogue finds a card's city. The game's default reads the Europe deck
// of package geo; tests inject fixture coordinates.
type Catalogue interface {
	City(id rules.CardID) (City, bool)
	// Size is the number of city cards in the box.
	Size() int
}

// Fixture is a catalogue held in a map, for tests and home-made decks.
type Fixture map[rules.CardID]City

// City implements Catalogue.
func (f Fixture) City(id rules.CardID) (City, bool) {
	c, ok := f[id]
	return c, ok
}

// Size implements Catalogue.
func (f Fixture) Size() int { return len(f) }

// deckCatalogue reads a Nord Sud Ovest Est deck of package geo: tableref's
// Europe deck (EU) or one installed from the user's box.
type deckCatalogue struct {
	geo.InPlay
}

// City gives the whole degrees the referee judges with: those a deck
// file records from the box's card, else those tableref prints (the
// coordinates' whole degrees). Only the first are on the cards of a boxed
// game, so the others are never said unless the cards are tableref's.
func (d deckCatalogue) City(id rules.CardID) (City, bool) {
	// The deck in play, not any other carrying the card's code: a box
	// installed as SA-BOX beside tableref's SA, or tableref's beside it.
	c, ok := geo.LookupIn(d.Deck, id)
	if !ok {
		return City{}, false
	}
	if p := c.Printed; p != nil && p.HasCoords {
		return City{Name: c.Name, Lat: int(p.Lat), Lon: int(p.Lon), South: math.Signbit(p.Lat), West: math.Signbit(p.Lon)}, true
	}
	lat, lon := c.PrintedLat, c.PrintedLon
	if in, _ := geo.Info(d.Deck); in.Installed {
		lat, lon = int(c.Lat), int(c.Lon) // truncated toward zero, as tableref prints them
	}
	if !c.HasCoords {
		return City{}, false
	}
	return City{Name: c.Name, Lat: lat, Lon: lon, South: c.Lat < 0, West: c.Lon < 0, Unprinted: !d.Tableref}, true
}

func (d deckCatalogue) Size() int { return len(geo.Cards(d.Deck)) }

// catalogueFor is the catalogue a setup plays with (deck and printedBy
// options; saved is the deck a restored game was saved with).
func catalogueFor(s rules.Setup, saved string) (Catalogue, geo.InPlay, error) {
	t, err := geo.SetupInPlay(s, geo.GameNSOE, geo.DeckEurope)
	if err != nil {
		return nil, t, err
	}
	if saved != "" {
		t.Deck = saved
	}
	return deckCatalogue{t}, t, nil
}
