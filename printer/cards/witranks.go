package cards

import (
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/wit"
)

// WITRanks are the numbers the Where is That? engine judges circles with,
// taken from the engine's own table, so a printed card and the referee
// always agree.
func WITRanks() (Ranks, error) {
	d, err := wit.SADeck()
	if err != nil {
		return nil, err
	}
	return func(id rules.CardID) (int, int, bool) {
		c, ok := d.Card(id)
		return c.NS, c.WE, ok
	}, nil
}
