package cards

import (
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/wit"
)

// WITRanks are the numbers the Where is That? engine judges circles with,
// built the way the engine builds them (wit.RankPlaces over the whole SA
// deck), so a printed card and the referee always agree.
func WITRanks() (Ranks, error) {
	cards := geo.Cards(geo.DeckSA)
	places := make([]wit.Place, len(cards))
	for i, c := range cards {
		places[i] = wit.Place{ID: c.ID, Name: c.Name, Kind: string(c.Kind), Lat: c.Lat, Lon: c.Lon}
	}
	d, err := wit.RankPlaces(geo.DeckSA, places)
	if err != nil {
		return nil, err
	}
	return func(id rules.CardID) (int, int, bool) {
		c, ok := d.Card(id)
		return c.NS, c.WE, ok
	}, nil
}
