package mapit

import (
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// world reads the Map It! World deck of package geo.
type world struct{}

// Place implements Catalogue for WLD cards; other decks are unknown here.
func (world) Place(id rules.CardID) (Place, bool) {
	if id.Deck != geo.DeckWorld {
		return Place{}, false
	}
	c, ok := geo.Lookup(id)
	if !ok {
		return Place{}, false
	}
	return Place{Name: c.Name, Lat: c.Lat, Lon: c.Lon, Expert: c.Level == geo.LevelExpert}, true
}

// defaultCatalogue is the World deck the game is played with.
func defaultCatalogue() Catalogue { return world{} }
