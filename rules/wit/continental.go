package wit

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// ModeContinental is Continental Shake Up: one shared map, each card
// scored the moment it is placed.
const ModeContinental = "wit-continental"

// zoneMap is the shared map's zone.
const zoneMap = "map"

// drawWords says what a round's first player does in Continental.
const drawWords = "draws %d cards (one per player) and lays them flag side up"

// continental is a game of Continental Shake Up. Every field that matters
// is exported to the JSON state.
type continental struct {
	base
	// Map is the last accepted map, with the sides last seen. Every circle
	// on it is right, apart from a wrong card waiting to be removed.
	Map        *rules.Zone  `json:"map"`
	Pending    rules.CardID `json:"pending,omitzero"` // the wrong card that must leave the map (phase discard)
	Flip       rules.CardID `json:"flip,omitzero"`    // the right card not yet seen map side up
	Placements []placement  `json:"placements"`
	Refused    rules.CardID `json:"refused,omitzero"` // the card whose push was refused (phase undo)
}

// placement is one card a player placed, and what it scored.
type placement struct {
	Player  int          `json:"player"`
	Round   int          `json:"round"`
	Card    rules.CardID `json:"card"`
	Push    string       `json:"push,omitzero"` // the push direction, if it was a push
	Circles int          `json:"circles"`       // full circles the card formed
	Right   bool         `json:"right"`
	Points  int          `json:"points"`
}

func newContinental(s rules.Setup, d *Deck) (*continental, error) {
	b, err := newBase(s, d)
	if err != nil {
		return nil, err
	}
	return &continental{base: b, Map: &rules.Zone{}, Placements: []placement{}}, nil
}

func restoreContinental(state []byte) (rules.Game, error) {
	g := &continental{}
	if err := json.Unmarshal(state, g); err != nil {
		return nil, fmt.Errorf("%s state: %w", ModeContinental, err)
	}
	if err := g.restore(); err != nil {
		return nil, fmt.Errorf("%s state: %w", ModeContinental, err)
	}
	if g.Map == nil {
		g.Map = &rules.Zone{}
	}
	return g, nil
}

// Start tells the players to lay out the starting map.
func (g *continental) Start() []rules.Event {
	n := g.players()
	mon := ""
	if m := g.opts.monumentsPerPlayer(); m > 0 {
		mon = fmt.Sprintf(", %d of them monuments", m)
	}
	return []rules.Event{{Kind: rules.EventSetup, Short: rules.Say("Lay 4 start", "cities map up"),
		Long: fmt.Sprintf("Where is That? South America, Continental Shake Up for %s. Lay 4 starting cities (white edge) map side up in the middle of the table, edge to edge, every circle right: a 2×2 block always works, the 2 northernmost on top and each row west to east. Shuffle %d city cards (%d per player%s) flag side up as the deck; %s starts.",
			strings.Join(g.Setup.Players, ", "), n*g.opts.perPlayer, g.opts.perPlayer, mon, g.name(1))}}
}

// Observe judges the next snapshot of the table.
func (g *continental) Observe(t rules.Table) []rules.Event {
	if g.Phase == phaseOver {
		return nil
	}
	g.seePrint(t)
	zones, warns := readZones(t, g.deck, []string{zoneMap})
	if len(warns) > 0 {
		return warns
	}
	cur, src := zones[zoneMap], t.Zone(zoneMap)
	if g.Phase == phaseSetup {
		return g.observeStart(cur, src)
	}
	prev := layoutOf(g.Map)
	var evs []rules.Event
	switch g.Phase {
	case phaseDiscard:
		if _, still := cur.index()[g.Pending]; still {
			if cur.equal(prev) {
				g.Map = zoneOf(cur, src) // flipped over to check it: fine
				return nil
			}
			nm := g.cardName(g.Pending)
			return []rules.Event{{Kind: rules.EventWarning, Card: g.Pending, Player: g.playerOf(g.Placed - 1),
				Short: rules.Say("Remove "+rules.ShortName(nm, 9), "first"),
				Long:  fmt.Sprintf("%s was wrong and must leave the map before anything else changes; pushed cards stay where they are.", nm)}}
		}
		prev = prev.without(g.Pending)
		g.Map = zoneOf(prev, g.Map)
		evs = append(evs, rules.Event{Kind: rules.EventDone, Action: "remove", Card: g.Pending,
			Short: rules.Say(rules.ShortName(g.cardName(g.Pending), 16), "removed"),
			Long:  fmt.Sprintf("%s is off the map.", g.cardName(g.Pending))})
		g.Pending, g.Phase = rules.CardID{}, phasePlay
		evs = append(evs, g.turnEvents("draws", drawWords)...)
		if cur.equal(prev) {
			g.Map = zoneOf(cur, src)
			return evs
		}
	case phaseUndo:
		if cur.equal(prev) {
			g.Map = zoneOf(cur, src)
			g.Phase = phasePlay
			p := g.active()
			evs = append(evs, rules.Event{Kind: rules.EventDone, Action: "undo", Player: p, Card: g.Refused,
				Short: rules.Say("Push undone", g.short(p)+": again"),
				Long:  fmt.Sprintf("The cards are back. %s, place %s again, another way.", g.name(p), g.cardName(g.Refused))})
			g.Refused = rules.CardID{}
			return evs
		}
	}
	return append(evs, g.play(prev, cur, src)...)
}

// play judges the active player's placement.
func (g *continental) play(prev, cur layout, src *rules.Zone) []rules.Event {
	p := g.active()
	m, ok, bm := inferMove(prev, cur, g.opts.scope, g.cardName)
	if bm != nil {
		return []rules.Event{warn(bm, p, m.Card)}
	}
	if !ok {
		g.Map = zoneOf(cur, src)
		return g.flipSeen()
	}
	block, note := g.cardAllowed(m.Card)
	if block != nil {
		return []rules.Event{warn(block, p, m.Card)}
	}
	if side, ok := sideOf(src, m.Card); ok && side == rules.Back {
		// "You must always place the cards with the Flag side up": a card
		// laid map side up showed its numbers while it was placed, so its
		// placement is not judged; turned flag side up (where it lies, or
		// anywhere legal) it is judged as usual.
		nm := g.cardName(m.Card)
		return []rules.Event{{Kind: rules.EventWarning, Player: p, Card: m.Card,
			Short: rules.Say("Flag side up:", rules.ShortName(nm, rules.ShortWidth)),
			Long:  fmt.Sprintf("%s lies map side up. The rulebook: \"you must always place the cards with the Flag side up\"; the map side shows the numbers the placement is judged on. Turn %s flag side up (it may stay where it is) and it is judged then; until then it scores nothing.", nm, nm)}}
	}
	var evs []rules.Event
	if note != nil {
		evs = append(evs, warn(note, p, m.Card))
	}
	if m.push() {
		// The new card is still flag side up, so only the circles
		// between the shifted map cards decide (REFERENCE §2).
		if wrong := wrongCircles(allCircles(g.deck, cur.without(m.Card))); len(wrong) > 0 {
			g.Phase, g.Refused = phaseUndo, m.Card
			return append(evs, rules.Event{Kind: rules.EventWarning, Player: p, Card: m.Card,
				Short: rules.Say("Push refused", "Undo the push"),
				Long: fmt.Sprintf("Pushing %s would make a wrong circle (%s): every circle after a push must have the lower number in green. Put the cards back, then place %s another way.",
					g.pushWords(m), describeCircles(g.deck, wrong), g.cardName(m.Card))})
		}
	}
	return append(evs, g.judge(p, m, cur, src)...)
}

// judge scores a legal placement at once (rulebook): a point per full
// circle when all are right, else the card is discarded.
func (g *continental) judge(p int, m move, cur layout, src *rules.Zone) []rules.Event {
	round := g.roundOf(g.Placed)
	cs := circlesAround(g.deck, cur, m.At)
	wrong := wrongCircles(cs)
	pl := placement{Player: p, Round: round, Card: m.Card, Push: rules.DirName(m.Dir), Circles: len(cs), Right: len(wrong) == 0}
	if pl.Right {
		pl.Points = len(cs)
	}
	g.Placements = append(g.Placements, pl)
	g.Placed++
	g.Map = zoneOf(cur, src)
	g.Flip = rules.CardID{}
	nm := g.cardName(m.Card)
	sn := rules.ShortName(nm, 9)
	how := g.placeWords(m)
	var evs []rules.Event
	if m.Reading != "" {
		// Where the rulebook is silent (a gap in the pushed line), say
		// which reading the players took, so nobody wonders.
		l1 := "Push to the gap"
		if m.Reading == ScopeWholeLine {
			l1 = "Whole-line push"
		}
		evs = append(evs, rules.Event{Kind: rules.EventInfo, Player: p, Card: m.Card, Round: round,
			Short: rules.Say(l1, "accepted"),
			Long:  fmt.Sprintf("The push of %s: %s. The rulebook does not say what a gap does to a push, so the referee accepts both readings (option pushScope forces one).", g.pushWords(m), readingWords(m))})
	}
	if pl.Right {
		total := g.points(p)
		evs = append(evs,
			rules.Event{Kind: rules.EventVerdict, Player: p, Card: m.Card, Verdict: rules.Right, Points: pl.Points, Round: round,
				Short: rules.Say(sn+": RIGHT", fmt.Sprintf("%s +%d", g.short(p), pl.Points)),
				Long: fmt.Sprintf("%s placed %s: %s right (%s).", g.name(p), how, circleCount(len(cs), true),
					describeCircles(g.deck, cs))},
			rules.Event{Kind: rules.EventPoints, Player: p, Points: pl.Points, Round: round,
				Short: rules.Say(fmt.Sprintf("%s +%d", g.short(p), pl.Points), fmt.Sprintf("Total %d", total)),
				Long:  fmt.Sprintf("%s takes %d counter%s and has %d point%s.", g.name(p), pl.Points, plural(pl.Points), total, plural(total))})
		if side, ok := sideOf(src, m.Card); ok && side == rules.Front {
			g.Flip = m.Card
			evs = append(evs, rules.Event{Kind: rules.EventDo, Action: "flip", Card: m.Card, Player: p,
				Short: rules.Say("Flip "+rules.ShortName(nm, 11), "map side up"),
				Long:  fmt.Sprintf("Flip %s to its map side; it stays on the map.", nm)})
		}
	} else {
		g.Pending = m.Card
		evs = append(evs,
			rules.Event{Kind: rules.EventVerdict, Player: p, Card: m.Card, Verdict: rules.Wrong, Round: round,
				Short: rules.Say(sn+": WRONG", g.short(p)+" +0"),
				More:  wrongScreens(g.deck, m.Card, wrong),
				Long: fmt.Sprintf("%s placed %s: %s. The card is discarded and scores nothing.", g.name(p), how,
					wrongWords(g.deck, wrong, cs))},
			rules.Event{Kind: rules.EventDo, Action: "remove", Card: m.Card, Player: p,
				Short: rules.Say("Remove "+rules.ShortName(nm, 9), "Leave the rest"),
				Long:  fmt.Sprintf("Take %s off the map; any pushed cards stay where they are now.", nm)})
	}
	if g.Placed == g.total() {
		return append(evs, g.end()...)
	}
	if pl.Right {
		return append(evs, g.turnEvents("draws", drawWords)...)
	}
	g.Phase = phaseDiscard
	return evs
}

// flipSeen reports the flip of the last right card once the camera sees
// its map side.
func (g *continental) flipSeen() []rules.Event {
	if g.Flip.IsZero() {
		return nil
	}
	if side, ok := sideOf(g.Map, g.Flip); !ok || side != rules.Back {
		return nil
	}
	id := g.Flip
	g.Flip = rules.CardID{}
	return []rules.Event{{Kind: rules.EventDone, Action: "flip", Card: id,
		Short: rules.Say("Flipped:", rules.ShortName(g.cardName(id), 16)),
		Long:  fmt.Sprintf("%s lies map side up.", g.cardName(id))}}
}

// cardAllowed says whether the new card may be played at all (block), and
// anything the players should know that does not stop the game (note).
func (g *continental) cardAllowed(id rules.CardID) (block, note *badMove) {
	for _, pl := range g.Placements {
		if pl.Card == id {
			return bad(rules.ShortName(g.cardName(id), 16), "was discarded",
				"%s was already played in round %d and discarded; a card is played once, take it back", g.cardName(id), pl.Round), nil
		}
	}
	var played []rules.CardID
	for _, pl := range g.Placements {
		played = append(played, pl.Card)
	}
	return deckCheck(g.deck, g.opts, g.players(), id, played)
}

// end closes the game: final scores and the winners.
func (g *continental) end() []rules.Event {
	g.Phase = phaseOver
	return []rules.Event{endEvent(g.Scores(), g.Winners(), g.Setup, "", "")}
}

// points is a player's points so far.
func (g *continental) points(p int) int {
	t := 0
	for _, pl := range g.Placements {
		if pl.Player == p {
			t += pl.Points
		}
	}
	return t
}

// Scores gives each player's points with one part per placement.
func (g *continental) Scores() []rules.Score {
	out := make([]rules.Score, g.players())
	for i := range out {
		out[i] = rules.Score{Player: i + 1, Name: g.name(i + 1)}
	}
	for _, pl := range g.Placements {
		s := &out[pl.Player-1]
		detail := fmt.Sprintf("%s right in round %d", circleCount(pl.Circles, false), pl.Round)
		if !pl.Right {
			detail = fmt.Sprintf("wrong in round %d, discarded", pl.Round)
		}
		s.Parts = append(s.Parts, rules.ScorePart{Category: g.cardName(pl.Card), Points: pl.Points, Detail: detail})
		s.Total += pl.Points
	}
	return out
}

// Winners returns the players with the most points once the game is
// over; a tie is a shared victory (rulebook).
func (g *continental) Winners() []int {
	if g.Phase != phaseOver {
		return nil
	}
	return rules.Winners(g.Scores())
}

func (g *continental) placeWords(m move) string {
	if !m.push() {
		return g.cardName(m.Card) + " beside the map"
	}
	s := fmt.Sprintf("%s after pushing %s", g.cardName(m.Card), g.pushWords(m))
	if r := readingWords(m); r != "" {
		s += " (" + r + ")"
	}
	return s
}

// pushWords says what a push moved: "Caracas west (with Bogotá)".
func (g *continental) pushWords(m move) string {
	s := g.cardName(m.Pushed[0]) + " " + rules.DirName(m.Dir)
	if len(m.Pushed) > 1 {
		s += " (with " + nameList(m.Pushed[1:], g.cardName) + ")"
	}
	return s
}

// sideOf returns the side a card shows in a zone.
func sideOf(z *rules.Zone, id rules.CardID) (rules.Side, bool) {
	p, ok := z.Find(id)
	if !ok {
		return 0, false
	}
	return z.At(p).Card.Side, true
}
