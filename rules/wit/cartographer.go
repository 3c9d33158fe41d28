package wit

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// ModeCartographer is Cartographer's Corner: a map per player, placed
// flag side up and scored only at the end.
const ModeCartographer = "wit-cartographer"

// revealWords says what a round's first player does in Cartographer.
const revealWords = "holds the deck and reveals %d cards (one per player), flag side up"

// cartographer is a game of Cartographer's Corner. The referee says
// nothing about a placement until the end: the players find out when they
// flip their maps.
type cartographer struct {
	base
	// Maps holds each player's last accepted map (index = player - 1),
	// read from zones "p1", "p2", …
	Maps       []*rules.Zone `json:"maps"`
	Placements []placement   `json:"placements"` // Circles, Right and Points stay zero: nothing is judged before the end
	// Settled is the winner the players named for a tie tableref could
	// not break (0: none named).
	Settled int `json:"settled,omitzero"`
}

func newCartographer(s rules.Setup, d *Deck) (*cartographer, error) {
	b, err := newBase(s, d)
	if err != nil {
		return nil, err
	}
	g := &cartographer{base: b, Placements: []placement{}}
	for range s.Players {
		g.Maps = append(g.Maps, &rules.Zone{})
	}
	return g, nil
}

func restoreCartographer(state []byte) (rules.Game, error) {
	g := &cartographer{}
	if err := json.Unmarshal(state, g); err != nil {
		return nil, fmt.Errorf("%s state: %w", ModeCartographer, err)
	}
	if err := g.restore(); err != nil {
		return nil, fmt.Errorf("%s state: %w", ModeCartographer, err)
	}
	if len(g.Maps) != g.players() {
		return nil, fmt.Errorf("%s state: %d maps for %d players", ModeCartographer, len(g.Maps), g.players())
	}
	for i, z := range g.Maps {
		if z == nil {
			g.Maps[i] = &rules.Zone{}
		}
	}
	return g, nil
}

// zoneName is the zone of player p's map.
func zoneName(p int) string { return fmt.Sprintf("p%d", p) }

// Start tells every player to lay out a starting city.
func (g *cartographer) Start() []rules.Event {
	mon := ""
	if m := g.opts.monumentsPerPlayer(); m > 0 {
		mon = fmt.Sprintf(", %d of them monuments", m)
	}
	return []rules.Event{{Kind: rules.EventSetup, Short: rules.Say("Each: 1 start", "city, flag up"),
		Long: fmt.Sprintf("Where is That? South America, Cartographer's Corner for %s. Deal each player one random starting city (white edge), laid flag side up in their own map area (zones p1 to p%d). Shuffle %d city cards (%d per player%s) as the deck; %s takes it.",
			strings.Join(g.Setup.Players, ", "), g.players(), g.total(), g.opts.perPlayer, mon, g.name(1))}}
}

// Observe follows the players' maps.
func (g *cartographer) Observe(t rules.Table) []rules.Event {
	if g.Phase == phaseOver {
		return nil
	}
	g.seePrint(t)
	names := make([]string, g.players())
	for i := range names {
		names[i] = zoneName(i + 1)
	}
	zones, warns := readZones(t, g.deck, names)
	if len(warns) > 0 {
		return warns
	}
	if g.Phase == phaseSetup {
		return g.observeStart(zones, t)
	}
	p := g.active()
	var evs []rules.Event
	// Only the active player's map may change; anything else waits until
	// it is put back.
	for q := 1; q <= g.players(); q++ {
		prev, cur := layoutOf(g.Maps[q-1]), zones[zoneName(q)]
		if q == p || cur.equal(prev) {
			continue
		}
		if len(cur) > len(prev) {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: q,
				Short: rules.Say("Not "+rules.ShortName(g.name(q), 5)+"'s turn", rules.ShortName(g.name(p), 6)+" plays now"),
				Long:  fmt.Sprintf("A card appeared in %s's map, but it is %s's turn: take it back and wait.", g.name(q), g.name(p))})
		} else {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: q,
				Short: rules.Say(g.short(q)+"'s map", "moved: undo it"),
				Long:  fmt.Sprintf("%s's map changed although it is %s's turn: put the cards back as they were.", g.name(q), g.name(p))})
		}
	}
	if len(evs) > 0 {
		return evs
	}
	prev, cur := layoutOf(g.Maps[p-1]), zones[zoneName(p)]
	m, ok, bm := inferMove(prev, cur, g.opts.scope, g.cardName)
	if bm != nil {
		return []rules.Event{warn(bm, p, m.Card)}
	}
	if ok {
		var played []rules.CardID
		for _, pl := range g.Placements {
			played = append(played, pl.Card)
		}
		block, note := deckCheck(g.deck, g.opts, g.players(), m.Card, played)
		if block != nil {
			return []rules.Event{warn(block, p, m.Card)}
		}
		if note != nil {
			evs = append(evs, warn(note, p, m.Card))
		}
	}
	evs = append(evs, g.flagsUp(t)...)
	for q := 1; q <= g.players(); q++ {
		g.Maps[q-1] = zoneOf(zones[zoneName(q)], t.Zone(zoneName(q)))
	}
	if !ok {
		return evs
	}
	return append(evs, g.placed(p, m)...)
}

// placed records a placement without judging it (pushes are free in this
// mode) and moves on.
func (g *cartographer) placed(p int, m move) []rules.Event {
	round := g.roundOf(g.Placed)
	g.Placements = append(g.Placements, placement{Player: p, Round: round, Card: m.Card, Push: rules.DirName(m.Dir)})
	g.Placed++
	how := "in their map"
	if m.push() {
		how = "in their map, pushing " + g.cardName(m.Pushed[0]) + " " + rules.DirName(m.Dir)
		if len(m.Pushed) > 1 {
			how += " (with " + nameList(m.Pushed[1:], g.cardName) + ")"
		}
	}
	evs := []rules.Event{{Kind: rules.EventInfo, Player: p, Card: m.Card, Round: round,
		Short: rules.Say(g.short(p)+" placed", rules.ShortName(g.cardName(m.Card), rules.ShortWidth)),
		Long:  fmt.Sprintf("%s placed %s %s.", g.name(p), g.cardName(m.Card), how)}}
	if g.Placed == g.total() {
		return append(evs, g.end()...)
	}
	return append(evs, g.turnEvents("reveals", revealWords)...)
}

// flagsUp warns about cards turned map side up before the end: that
// shows their numbers, which the players must not see yet.
func (g *cartographer) flagsUp(t rules.Table) []rules.Event {
	var evs []rules.Event
	for q := 1; q <= g.players(); q++ {
		z := t.Zone(zoneName(q))
		for _, pos := range z.Positions() {
			c := z.At(pos).Card
			if c.Side != rules.Back {
				continue
			}
			if old, ok := sideOf(g.Maps[q-1], c.ID); ok && old == rules.Back {
				continue // already warned
			}
			nm := g.cardName(c.ID)
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: q, Card: c.ID,
				Short: rules.Say("Keep flags up:", rules.ShortName(nm, rules.ShortWidth)),
				Long:  fmt.Sprintf("%s in %s's map shows its map side: cards stay flag side up until the end; turn it back.", nm, g.name(q))})
		}
	}
	return evs
}

// observeStart waits until each player has exactly one starting city.
func (g *cartographer) observeStart(zones map[string]layout, t rules.Table) []rules.Event {
	var evs []rules.Event
	empty := true
	for q := 1; q <= g.players(); q++ {
		l := zones[zoneName(q)]
		if len(l) > 0 {
			empty = false
		}
		switch {
		case len(l) == 0:
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: q,
				Short: rules.Say(g.short(q)+": no card", "Deal 1 start"),
				Long:  fmt.Sprintf("%s's map area (zone %s) is empty: lay one starting city there, flag side up.", g.name(q), zoneName(q))})
		case len(l) > 1:
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: q,
				Short: rules.Say(fmt.Sprintf("%s: %d cards", g.short(q), len(l)), "Need 1 start"),
				Long:  fmt.Sprintf("%s's map holds %d cards at the start: keep exactly one starting city.", g.name(q), len(l))})
		default:
			for _, id := range l {
				if c, _ := g.deck.Card(id); c.Kind != KindStart {
					evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: q, Card: id,
						Short: rules.Say("Not a start card", rules.ShortName(c.Name, rules.ShortWidth)),
						Long:  fmt.Sprintf("%s in %s's map is a %s card, not a starting city (white edge).", c.Name, g.name(q), c.Kind)})
				}
			}
		}
	}
	if empty {
		return nil // nothing laid out yet
	}
	if len(evs) > 0 {
		return evs
	}
	var starts []string
	for q := 1; q <= g.players(); q++ {
		g.Maps[q-1] = zoneOf(zones[zoneName(q)], t.Zone(zoneName(q)))
		for _, id := range zones[zoneName(q)] {
			starts = append(starts, g.name(q)+": "+g.cardName(id))
		}
	}
	g.Phase = phasePlay
	evs = append(evs, rules.Event{Kind: rules.EventDone, Action: "setup", Short: rules.Say("Start cities OK", "Let's play!"),
		Long: "Starting cities: " + strings.Join(starts, ", ") + "."})
	return append(evs, g.turnEvents("reveals", revealWords)...)
}
