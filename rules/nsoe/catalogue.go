package nsoe

import (
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

// europe reads the Nord Sud Ovest Est deck (EU) of package geo, with the
// coordinates as printed on the cards.
type europe struct{}

func (europe) City(id rules.CardID) (City, bool) {
	if id.Deck != geo.DeckEurope {
		return City{}, false
	}
	c, ok := geo.Lookup(id)
	if !ok {
		return City{}, false
	}
	return City{Name: c.Name, Lat: c.PrintedLat, Lon: c.PrintedLon, South: c.Lat < 0, West: c.Lon < 0}, true
}

func (europe) Size() int { return len(geo.Cards(geo.DeckEurope)) }

func defaultCatalogue() Catalogue { return europe{} }
