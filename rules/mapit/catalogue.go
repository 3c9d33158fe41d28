package mapit

import (
	"math"

	"github.com/tableref/tableref/rules"
)

// Place is what the referee needs to know about one location card: its
// printed name, where it lies and which card set it belongs to.
type Place struct {
	Name     string
	Lat, Lon float64 // decimal degrees, north and east positive
	Expert   bool    // an expert card (no black bars around the name)
	// LatText and LonText are the coordinates as the card writes them
	// ("38°54'N"), when a deck file records them; empty: as tableref
	// prints them ("38.90° N").
	LatText, LonText string
	// Unprinted says the cards on the table do not print Lat and Lon
	// (tableref's deck on a boxed game's cards): the referee judges with
	// them but never says them.
	Unprinted bool
}

// Catalogue finds a card's place. The game's default reads the World
// deck of package geo; tests inject fixture coordinates.
type Catalogue interface {
	Place(id rules.CardID) (Place, bool)
}

// Fixture is a catalogue held in a map, for tests and for games played
// with a home-made card set.
type Fixture map[rules.CardID]Place

// Place implements Catalogue.
func (f Fixture) Place(id rules.CardID) (Place, bool) {
	p, ok := f[id]
	return p, ok
}

// hundredths rounds a coordinate to the precision compared at: the cards
// print coordinates to about a hundredth of a degree, and two places that
// agree to that precision count as level.
func hundredths(deg float64) int64 { return int64(math.Round(deg * 100)) }
