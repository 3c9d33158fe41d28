package wit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// deckCheck says whether a card may come from this game's deck: never a
// starting city, a monument only in the monument variant (block). In that
// variant the deck holds 2 monuments per player, so more than that is
// noted, not blocked: the players built the deck and the game goes on.
func deckCheck(d *Deck, o options, players int, id rules.CardID, played []rules.CardID) (block, note *badMove) {
	c, _ := d.Card(id)
	nm := d.Name(id)
	switch c.Kind {
	case KindStart:
		return bad("Start card!", "Take it back",
			"%s is a starting city (white edge): starting cities are only laid at setup, never drawn; take it back", nm), nil
	case KindMonument:
		if !o.monuments {
			return bad("Monuments off", "Take it back",
				"%s is a monument card, and this game is played without the monument variant; take it back", nm), nil
		}
		n := 1
		for _, p := range played {
			if k, _ := d.Card(p); k.Kind == KindMonument {
				n++
			}
		}
		if limit := o.monumentsPerPlayer() * players; n > limit {
			return nil, bad("Extra monument", fmt.Sprintf("deck has %d", limit),
				"%s is monument number %d, but the deck should hold %d (%d per player); check the deck", nm, n, limit, o.monumentsPerPlayer())
		}
	}
	return nil, nil
}
