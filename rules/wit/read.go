package wit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// zoneOffer is where the round's available cards may lie. The engine does
// not need it, but a card seen there and on a map at once is a misread.
const zoneOffer = "offer"

// readZones takes the layouts of the named zones from a snapshot and
// checks every card the engine can see: a card outside the deck, or one
// card in two cells (of these zones or the offer), is a warning and the
// snapshot must not be used.
func readZones(t rules.Table, d *Deck, zones []string) (map[string]layout, []rules.Event) {
	out := make(map[string]layout, len(zones))
	var evs []rules.Event
	where := map[rules.CardID]string{}
	for _, name := range append(append([]string(nil), zones...), zoneOffer) {
		z := t.Zone(name)
		for _, p := range z.Positions() {
			id := z.At(p).Card.ID
			if id.IsZero() {
				continue
			}
			here := fmt.Sprintf("%s %v", name, p)
			if _, ok := d.Card(id); !ok {
				evs = append(evs, rules.Event{Kind: rules.EventWarning, Card: id,
					Short: rules.Say("Unknown card", id.String()),
					Long:  fmt.Sprintf("%s at %s is not a card of this game (deck %s): take it off the table.", id, here, d.Code)})
				continue
			}
			if first, dup := where[id]; dup {
				evs = append(evs, rules.Event{Kind: rules.EventWarning, Card: id,
					Short: rules.Say("Seen twice:", rules.ShortName(d.Name(id), rules.ShortWidth)),
					Long:  fmt.Sprintf("%s is seen at %s and at %s: one card cannot lie in two places; remove the copy or clear the camera's view.", d.Name(id), first, here)})
				continue
			}
			where[id] = here
		}
		if name != zoneOffer {
			out[name] = layoutOf(z)
		}
	}
	return out, evs
}
