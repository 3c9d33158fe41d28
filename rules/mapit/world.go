package mapit

import (
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// deckCatalogue reads a Map It! deck of package geo: tableref's World deck
// (WLD) or one installed from the user's box.
type deckCatalogue struct {
	geo.InPlay
}

// Place gives the coordinates the referee judges with: those a deck file
// records from the box's card, else tableref's (which its own cards
// print). Only the first are on the cards of a boxed game, so the others
// are never said unless the cards are tableref's.
func (d deckCatalogue) Place(id rules.CardID) (Place, bool) {
	// The deck in play, not any other carrying the card's code: a box
	// installed as SA-BOX beside tableref's SA, or tableref's beside it.
	c, ok := geo.LookupIn(d.Deck, id)
	if !ok {
		return Place{}, false
	}
	p := Place{Name: c.Name, Expert: c.Level == geo.LevelExpert}
	switch {
	case c.Printed != nil && c.Printed.HasCoords:
		p.Lat, p.Lon, p.LatText, p.LonText = c.Printed.Lat, c.Printed.Lon, c.Printed.LatText, c.Printed.LonText
	case c.HasCoords:
		p.Lat, p.Lon, p.Unprinted = c.Lat, c.Lon, !d.Tableref
	default:
		return Place{}, false
	}
	return p, true
}

// catalogueFor is the catalogue a setup plays with (deck and printedBy
// options).
func catalogueFor(s rules.Setup) (Catalogue, geo.InPlay, error) {
	t, err := geo.SetupInPlay(s, geo.GameMapIt, geo.DeckWorld)
	if err != nil {
		return nil, t, err
	}
	return deckCatalogue{t}, t, nil
}
