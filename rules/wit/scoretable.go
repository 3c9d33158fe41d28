package wit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Scoring a finished table from one photo (rules.Mode.ScoreTable, set in
// mode.go).

// scoreCartographerTable scores each player's map (zones p1…pN) as the
// end of Cartographer's Corner does: a point per right circle, the closest
// scored circle as tie-break. The photo must show the maps turned map
// side up; a map still showing flags is scored all the same (the camera
// knows each card) with a note to turn it.
func scoreCartographerTable(s rules.Setup, t rules.Table) ([]rules.Score, []rules.Event, error) {
	d, err := setupDeck(s, "")
	if err != nil {
		return nil, nil, err
	}
	var b base
	b.setUp, b.deck = d, d
	b.seePrint(t) // tableref's own cards print its numbers: the tie-break is known
	d = b.deck
	var scores []rules.Score
	var evs []rules.Event
	for p := 1; p <= len(s.Players); p++ {
		z := t.Zone(zoneName(p))
		l, bad := knownLayout(d, z, zoneName(p))
		evs = append(evs, bad...)
		ms := scoreMap(d, l)
		scores = append(scores, ms.score(d, p, s.PlayerName(p)))
		evs = append(evs, circleVerdicts(d, l)...)
		if flags := frontUp(z); flags > 0 {
			evs = append(evs, rules.Event{Kind: rules.EventInfo, Player: p,
				Short: rules.Say(rules.ShortName(s.PlayerName(p), 10)+": flip", fmt.Sprintf("%d flags up", flags)),
				Long:  fmt.Sprintf("%s's map still shows %d card(s) flag side up: the rules score the map side, so turn them over (scored here from the cards' identities).", s.PlayerName(p), flags)})
		}
	}
	return scores, evs, nil
}

// judgeContinentalTable checks the shared map's circles. Continental Shake
// Up scores each card as it is placed, so a photo of the end cannot give
// the points: it says which circles are right.
func judgeContinentalTable(s rules.Setup, t rules.Table) ([]rules.Score, []rules.Event, error) {
	d, err := setupDeck(s, "")
	if err != nil {
		return nil, nil, err
	}
	l, evs := knownLayout(d, t.Zone(zoneMap), zoneMap)
	cs := allCircles(d, l)
	evs = append(evs, circleVerdicts(d, l)...)
	right := len(cs) - len(wrongCircles(cs))
	evs = append(evs, rules.Event{Kind: rules.EventInfo,
		Short: rules.Say("No points here", fmt.Sprintf("%d/%d circles ok", right, len(cs))),
		Long: fmt.Sprintf("Continental Shake Up scores every card when it is placed, so a photo of the finished map cannot give the points; of its %d circles %d are right.",
			len(cs), right)})
	return nil, evs, nil
}

// knownLayout reads a zone's cards, leaving out (with a warning) any card
// that is not in the deck.
func knownLayout(d *Deck, z *rules.Zone, zone string) (layout, []rules.Event) {
	l := layout{}
	var evs []rules.Event
	for p, id := range layoutOf(z) {
		if _, ok := d.Card(id); !ok {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Card: id,
				Short: rules.Say("Unknown card", id.String()),
				Long:  fmt.Sprintf("%s in %s at %v is not a card of this game (deck %s): left out.", id, zone, p, d.Code)})
			continue
		}
		l[p] = id
	}
	return l, evs
}

// circleVerdicts is one verdict per circle of a layout, for the picture:
// the green card with "pair" and the dark card.
func circleVerdicts(d *Deck, l layout) []rules.Event {
	var evs []rules.Event
	for _, c := range allCircles(d, l) {
		v, word := rules.Wrong, "wrong"
		if c.Right() {
			v, word = rules.Right, "right"
		}
		line2 := fmt.Sprintf("%d|%d %s", c.GreenNum, c.DarkNum, word)
		if !d.SaysNumbers() {
			line2 = rules.ShortName(d.Name(c.Dark), 10) + " " + word
		}
		evs = append(evs, rules.Event{Kind: rules.EventVerdict, Card: c.Green, Verdict: v, Action: "pair " + c.Dark.String(),
			Short: rules.Say(rules.ShortName(d.Name(c.Green), 16), line2),
			Long:  c.Describe(d) + "."})
	}
	return evs
}

// frontUp counts the cards of a zone lying flag side up.
func frontUp(z *rules.Zone) int {
	n := 0
	if z == nil {
		return 0
	}
	for _, c := range z.Cells {
		if !c.Card.IsZero() && c.Card.Side == rules.Front {
			n++
		}
	}
	return n
}
