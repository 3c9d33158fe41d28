package nsoe

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/internal/warn"
)

// Phase is where the game stands.
type Phase string

const (
	PhaseReference Phase = "reference" // waiting for the reference city in the central slot
	PhasePlay      Phase = "play"
	PhaseOver      Phase = "over"
)

// Stats count what a player did, for the score breakdown.
type Stats struct {
	Right int `json:"right"`
	Wrong int `json:"wrong"`
	Swaps int `json:"swaps"`
	Drawn int `json:"drawn"`
}

// Game is one game of Nord Sud Ovest Est in play. Hands and piles are
// hidden from the camera: the engine counts them from the rules (3 cards
// dealt, −1 for a placement, +2 drawn after a wrong one).
type Game struct {
	Players   []string       `json:"players"`
	Rules     Rules          `json:"rules"`
	Opt       Options        `json:"options"`
	Phase     Phase          `json:"phase"`
	Turn      int            `json:"turn"`
	Ref       rules.CardID   `json:"ref,omitzero"`
	Board     []Placed       `json:"board"` // the reference city first, then in order of placement
	Hands     []int          `json:"hands"`
	Piles     int            `json:"piles"` // cards left in the three piles together
	Discards  []rules.CardID `json:"discards,omitzero"`
	Pending   *Placed        `json:"pending,omitzero"` // a wrong card to take off the board
	Finisher  int            `json:"finisher,omitzero"`
	FinalLeft int            `json:"finalLeft,omitzero"` // turns still to play in the final round
	Stats     []Stats        `json:"stats"`
	Reason    string         `json:"reason,omitzero"` // why the game ended
	Won       []int          `json:"won,omitzero"`    // the winners, fixed at the end
	// Print is who printed the cards seen so far (seePrint).
	Print geo.Print `json:"print,omitzero"`
	cat   Catalogue
}

// seePrint follows who printed the cards on the table (an empty table,
// as on restoring, tells nothing new) and points the deck's catalogue at
// the degrees they print; a test's catalogue is left as it is.
func (g *Game) seePrint(t rules.Table) {
	g.Print = g.Print.See(t)
	if d, ok := g.cat.(deckCatalogue); ok {
		g.cat = deckCatalogue{g.Print.InPlay(d.InPlay, g.Opt.PrintedByTableref)}
	}
}

func (g *Game) name(id rules.CardID) string {
	if c, ok := g.cat.City(id); ok {
		return c.Name
	}
	return rules.CardName(id)
}

// Start says how to set the game up.
func (g *Game) Start() []rules.Event {
	return []rules.Event{{
		Kind:  rules.EventSetup,
		Short: rules.Say("Deal 3 each", "Ref city: centre"),
		Long: fmt.Sprintf("Nord Sud Ovest Est for %d players. Shuffle the %d city cards into three piles, name side up; deal %d to each player; put one card in the central slot %v, coordinates up: the reference city. %s starts.",
			len(g.Players), g.Opt.DeckSize, HandSize, g.Opt.Centre, g.pname(1)),
	}}
}

// Observe takes the next stable snapshot of the board.
func (g *Game) Observe(t rules.Table) []rules.Event {
	if g.Phase == PhaseOver {
		return nil
	}
	g.seePrint(t)
	seen, err := g.readBoard(t.Zone(Zone))
	if err != nil {
		return warn.Events(err)
	}
	if g.Phase == PhaseReference {
		return g.observeReference(seen)
	}
	var evs []rules.Event
	if p := g.Pending; p != nil {
		if seen[p.Pos] == p.Card {
			delete(seen, p.Pos)
			if _, changed, err := g.newCard(seen); err == nil && !changed {
				return nil // not removed yet
			}
			return warn.Events(warn.New("Remove first:", rules.ShortName(p.City.Name, 16), "first take %s off the board, and change nothing else", p.City.Name))
		}
		g.Pending = nil
		evs = append(evs, rules.Event{Kind: rules.EventDone, Action: "remove", Card: p.Card,
			Short: rules.Say("Removed:", rules.ShortName(p.City.Name, 16)),
			Long:  fmt.Sprintf("%s is off the board.", p.City.Name)}, g.turnEvent())
	}
	add, ok, err := g.newCard(seen)
	if err != nil {
		return append(evs, warn.Events(err)...)
	}
	if ok {
		evs = append(evs, g.place(add)...)
	}
	return evs
}

// observeReference starts play once the reference city lies alone in the
// central slot.
func (g *Game) observeReference(seen map[rules.Pos]rules.CardID) []rules.Event {
	if len(seen) == 0 {
		return nil
	}
	id, ok := seen[g.Opt.Centre]
	if !ok || len(seen) > 1 {
		return warn.Events(warn.New("Only the ref.", "city in centre", "put only the reference city in the central slot %v", g.Opt.Centre))
	}
	c, known := g.cat.City(id)
	if !known {
		return warn.Events(warn.New("Unknown card", id.String(), "%s is not a card of this game", id))
	}
	g.Ref, g.Phase = id, PhasePlay
	g.Board = []Placed{{Pos: g.Opt.Centre, Card: id, City: c}}
	return []rules.Event{{Kind: rules.EventInfo, Card: id,
		Short: rules.Say("Ref: "+rules.ShortName(c.Name, 11), or(degrees(c), "reference city")),
		Long:  fmt.Sprintf("The reference city is %s.", named(c)),
	}, g.turnEvent()}
}

// used reports whether a card has been in play already.
func (g *Game) used(id rules.CardID) bool {
	return slices.ContainsFunc(g.Board, func(q Placed) bool { return q.Card == id }) || slices.Contains(g.Discards, id)
}

// place judges the card the player on turn has laid.
func (g *Game) place(p Placed) []rules.Event {
	c, ok := g.cat.City(p.Card)
	switch {
	case !ok:
		return warn.Events(warn.New("Unknown card", p.Card.String(), "%s is not a card of this game: take it off", p.Card))
	case g.used(p.Card):
		return warn.Events(warn.New("Played before:", rules.ShortName(c.Name, 16), "%s was played before: take it off", c.Name))
	}
	p.City = c
	player := g.Turn
	faults := g.Rules.Judge(p, g.Board, g.Ref)
	g.Hands[player-1]--
	short := rules.ShortName(c.Name, 9)
	if len(faults) == 0 {
		g.Board = append(g.Board, p)
		g.Stats[player-1].Right++
		evs := []rules.Event{{Kind: rules.EventVerdict, Player: player, Card: p.Card, Verdict: rules.Right,
			Short: rules.Say(short+": RIGHT", or(degrees(c), "it stays there")),
			Long:  fmt.Sprintf("%s placed %s at %v: right against every card it is compared with. %s holds %s.", g.pname(player), named(c), p.Pos, g.pname(player), cards(g.Hands[player-1]))}}
		return append(evs, g.endTurn(player)...)
	}
	var why []string
	for _, f := range faults {
		why = append(why, f.Why)
	}
	g.Pending = &p
	g.Discards = append(g.Discards, p.Card)
	g.Stats[player-1].Wrong++
	drawn := min(2, g.Piles)
	g.Piles -= drawn
	g.Hands[player-1] += drawn
	g.Stats[player-1].Drawn += drawn
	evs := []rules.Event{
		{Kind: rules.EventVerdict, Player: player, Card: p.Card, Verdict: rules.Wrong,
			Short: rules.Say(short+": WRONG", or(degrees(c), "wrong place")),
			Long:  fmt.Sprintf("%s placed %s at %v: wrong (%s).", g.pname(player), named(c), p.Pos, strings.Join(why, "; "))},
		{Kind: rules.EventDo, Action: "remove", Card: p.Card,
			Short: rules.Say("Remove "+short, "to the discards"),
			Long:  fmt.Sprintf("Take %s off the board and put it face down on the discard pile.", c.Name)},
		{Kind: rules.EventDo, Action: "draw", Player: player, Points: drawn,
			Short: rules.Say(fmt.Sprintf("%s: draw %d", rules.ShortName(g.pname(player), 8), drawn), cards(g.Hands[player-1])+" now"),
			Long:  fmt.Sprintf("%s draws %d from the piles and now holds %s; %s left in the piles.", g.pname(player), drawn, cards(g.Hands[player-1]), cards(g.Piles))},
	}
	return append(evs, g.endTurn(player)...)
}

// endTurn closes a player's turn: the last card starts the final round,
// the final round counts down, empty piles end the game, and otherwise
// the next player is on (announced once a wrong card is off the board).
func (g *Game) endTurn(player int) []rules.Event {
	var evs []rules.Event
	switch {
	case g.Finisher == 0 && g.Hands[player-1] == 0:
		g.Finisher = player
		g.FinalLeft = len(g.Players) - 1
		if g.Opt.FinalRound == FinalCompleteRound {
			g.FinalLeft = len(g.Players) - player
		}
		evs = append(evs, rules.Event{Kind: rules.EventRound, Player: player,
			Short: rules.Say(rules.ShortName(g.pname(player), 7)+": 0 cards", "Last round"),
			Long:  fmt.Sprintf("%s has placed their last card: %s.", g.pname(player), map[bool]string{true: "that was the last turn", false: fmt.Sprintf("last round, %d more turn(s)", g.FinalLeft)}[g.FinalLeft == 0])})
	case g.Finisher != 0:
		g.FinalLeft--
	}
	switch {
	case g.Finisher != 0 && g.FinalLeft == 0:
		return append(evs, g.end(fmt.Sprintf("%s placed their last card and the final round is over", g.pname(g.Finisher))))
	case g.Piles == 0:
		return append(evs, g.end("the piles are empty"))
	}
	g.Turn = g.Turn%len(g.Players) + 1
	if g.Pending == nil {
		evs = append(evs, g.turnEvent())
	}
	return evs
}

func (g *Game) turnEvent() rules.Event {
	p := g.Turn
	return rules.Event{Kind: rules.EventTurn, Player: p,
		Short: rules.Say(rules.ShortName(g.pname(p), 9)+"'s turn", "Place or swap"),
		Long:  fmt.Sprintf("%s's turn (%s in hand): place a card on a free square, or swap one for a pile's top card.", g.pname(p), cards(g.Hands[p-1]))}
}

// Input takes a swap: Player (the player on turn; 0 means them) gives up
// Card for Other from a pile top. Both cards are optional, as the camera
// does not see them; named ones must not be in play already.
func (g *Game) Input(in rules.Input) []rules.Event {
	switch {
	case g.Phase == PhaseOver:
		return warn.Events(warn.New("Game over", "", "the game is over"))
	case in.Type != rules.InputSwap:
		return warn.Events(warn.New("Not used here:", string(in.Type), "Nord Sud Ovest Est takes swap inputs only, not %q", in.Type))
	case g.Phase != PhasePlay:
		return warn.Events(warn.New("Ref city first", "", "put the reference city in the central slot first"))
	case g.Pending != nil:
		return warn.Events(warn.New("Remove first:", rules.ShortName(g.Pending.City.Name, 16), "first take %s off the board", g.Pending.City.Name))
	case in.Player != 0 && in.Player != g.Turn:
		return warn.Events(warn.New("Not your turn:", rules.ShortName(g.pname(g.Turn), 9)+"'s turn", "it is %s's turn, not %s's", g.pname(g.Turn), g.pname(in.Player)))
	case g.Piles == 0:
		return warn.Events(warn.New("Piles are empty", "no swap", "the piles are empty: nothing to swap with"))
	}
	for _, id := range []rules.CardID{in.Card, in.Other} {
		if !id.IsZero() && g.used(id) {
			return warn.Events(warn.New("In play already:", rules.ShortName(g.name(id), 16), "%s is on the board or discarded, not in a hand or a pile", g.name(id)))
		}
	}
	player := g.Turn
	g.Stats[player-1].Swaps++
	what := "a card"
	if !in.Card.IsZero() {
		what = g.name(in.Card)
	}
	took := "a pile's top card"
	if !in.Other.IsZero() {
		took = g.name(in.Other) + " from a pile"
	}
	evs := []rules.Event{{Kind: rules.EventInfo, Player: player, Card: in.Other,
		Short: rules.Say(rules.ShortName(g.pname(player), 8)+" swaps", "Turn passes"),
		Long:  fmt.Sprintf("%s swaps %s for %s; the card given up goes on that pile.", g.pname(player), what, took)}}
	return append(evs, g.endTurn(player)...)
}

// end finishes the game and announces the standings.
func (g *Game) end(reason string) rules.Event {
	g.Phase, g.Reason = PhaseOver, reason
	scores := g.Scores()
	winners := rules.Winners(scores)
	g.Won = winners
	var names, hands []string
	for _, w := range winners {
		names = append(names, g.pname(w))
	}
	for i, n := range g.Hands {
		hands = append(hands, fmt.Sprintf("%s %s", g.Players[i], cards(n)))
	}
	left := g.Hands[winners[0]-1]
	held := rules.Count(left, "card") + " left"
	if left == 0 {
		held = "no cards left"
	}
	verb := "wins"
	if len(names) > 1 {
		verb = "share the win"
		if left > 0 {
			held = rules.Count(left, "card") + " each"
		}
	}
	e := rules.Event{Kind: rules.EventEnd, Scores: scores, Winners: winners,
		Long: fmt.Sprintf("Game over: %s. Cards in hand: %s. %s %s.", reason, strings.Join(hands, ", "), rules.JoinNames(names), verb)}
	e.SetScreens(rules.EndScreens(names, held))
	return e
}

// Scores: the total is the cards still in hand, and fewer is better
// (LowerWins); the other parts count what each player did.
func (g *Game) Scores() []rules.Score {
	out := make([]rules.Score, len(g.Players))
	for i, name := range g.Players {
		s := g.Stats[i]
		out[i] = rules.Score{Player: i + 1, Name: name, Total: g.Hands[i], LowerWins: true, Parts: []rules.ScorePart{
			{Category: "cards in hand", Points: g.Hands[i]},
			{Category: "placed right", Points: s.Right},
			{Category: "wrong", Points: s.Wrong},
			{Category: "drawn", Points: s.Drawn},
			{Category: "swaps", Points: s.Swaps},
		}}
	}
	return out
}

// Finished reports whether the game is over.
func (g *Game) Finished() bool { return g.Phase == PhaseOver }

// Winners are the players who held the fewest cards at the end (none,
// after a player went out); equal counts share the win. Nil before the end.
func (g *Game) Winners() []int { return g.Won }

func cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// or is s, or alt when s is empty.
func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
