package mapit

import (
	"encoding/json"
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/internal/warn"
)

// Phase is where a round stands.
type Phase string

const (
	PhaseCentre Phase = "centre" // waiting for the round's centre card on the empty rose
	PhasePlay   Phase = "play"   // players lay cards; the last one may be challenged
	PhaseGuess  Phase = "guess"  // the pile is played: last challenge, then the guesses
	PhaseClear  Phase = "clear"  // the round is scored: waiting for the cross to be cleared
	PhaseOver   Phase = "over"   // the game is over
)

// Placement is a card a player laid, remembered while it may be challenged.
type Placement struct {
	Player     int          `json:"player"`
	Card       rules.CardID `json:"card"`
	Arm        Arm          `json:"arm"`
	Challenged bool         `json:"challenged,omitzero"`
}

// Pending is what the referee asked players to do and waits to see done.
type Pending struct {
	Action string       `json:"action"` // "remove" or "swap"
	Card   rules.CardID `json:"card"`
	With   rules.CardID `json:"with,omitzero"` // the other card of a swap
}

// Game is one game of Map It! in play. Every field but the catalogue is
// saved, so a restored game goes on exactly where it stopped.
type Game struct {
	Players    []string              `json:"players"`
	Opt        Options               `json:"options"`
	Phase      Phase                 `json:"phase"`
	Round      int                   `json:"round"` // 1-based once the first centre card lies
	Turn       int                   `json:"turn"`  // the player who lays the next card
	Cross      Cross                 `json:"cross"`
	Placed     int                   `json:"placed"` // cards laid this round, the centre not counted
	Last       *Placement            `json:"last,omitzero"`
	Pending    *Pending              `json:"pending,omitzero"`
	Guesses    map[int]int           `json:"guesses,omitzero"` // player → guess, this round
	Tokens     []int                 `json:"tokens"`
	Challenges []int                 `json:"challenges"` // net tokens won in challenges, per player
	Guessing   []int                 `json:"guessing"`   // tokens won from the bank for guesses
	Bank       int                   `json:"bank"`
	Used       map[rules.CardID]bool `json:"used"` // every card laid in this game
	// Print is who printed the cards seen so far (seePrint).
	Print geo.Print `json:"print,omitzero"`
	cat   Catalogue
}

// seePrint follows who printed the cards on the table (an empty table,
// as on restoring, tells nothing new) and points the deck's catalogue at
// the coordinates they print; a test's catalogue is left as it is.
func (g *Game) seePrint(t rules.Table) {
	g.Print = g.Print.See(t)
	if d, ok := g.cat.(deckCatalogue); ok {
		g.cat = deckCatalogue{g.Print.InPlay(d.InPlay, g.Opt.PrintedByTableref)}
	}
}

// name is a card's printed name, or its ID when the catalogue lacks it.
func (g *Game) name(id rules.CardID) string {
	if p, ok := g.cat.Place(id); ok {
		return p.Name
	}
	return rules.CardName(id)
}

func (g *Game) place(id rules.CardID) Place {
	p, _ := g.cat.Place(id)
	return p
}

// Start says how to set the game up.
func (g *Game) Start() []rules.Event {
	set := "all the cards"
	if g.Opt.Cards == CardsBeginner {
		set = "the beginner cards (black bars)"
	}
	return []rules.Event{{
		Kind:  rules.EventSetup,
		Short: rules.Say("Map It! "+rules.Count(g.Opt.Rounds, "round"), "Lay centre card"),
		Long: fmt.Sprintf("Map It! for %d players. Each takes %s. Shuffle %s into %s of %d and lay the top card of %s on the compass rose; %s lays the first card.",
			len(g.Players), rules.Count(g.Opt.StartTokens, "token"), set, rules.Count(g.Opt.Rounds, "pile"), g.Opt.PileSize, pileWord(g.Opt.Rounds), g.pname(1)),
	}}
}

// pileWord says which pile the first centre card comes from.
func pileWord(piles int) string {
	if piles == 1 {
		return "the pile"
	}
	return "one pile"
}

// Observe takes the next stable snapshot of the table.
func (g *Game) Observe(t rules.Table) []rules.Event {
	g.seePrint(t)
	z := t.Zone(Zone)
	switch g.Phase {
	case PhaseOver:
		return nil
	case PhaseClear:
		return g.observeClear(z)
	}
	next, err := ReadCross(z, g.name)
	if err != nil {
		return warn.Events(err)
	}
	if g.Phase == PhaseCentre {
		return g.observeCentre(next)
	}
	var evs []rules.Event
	if g.Pending != nil {
		if !g.Pending.doneIn(g.Cross, next) {
			if next.Equal(g.Cross) {
				return nil
			}
			return warn.Events(g.Pending.problem(g.name))
		}
		want := g.Pending.result(g.Cross)
		if _, _, err := Added(want, next, g.name); err != nil {
			return warn.Events(err)
		}
		evs = append(evs, g.Pending.done(g.name))
		g.Cross, g.Pending = want, nil
	}
	add, ok, err := Added(g.Cross, next, g.name)
	if err != nil {
		return append(evs, warn.Events(err)...)
	}
	if ok {
		evs = append(evs, g.lay(add, next)...)
	}
	return evs
}

// checkNew says why a card may not come into play, or nil.
func (g *Game) checkNew(id rules.CardID) error {
	if _, ok := g.cat.Place(id); !ok {
		return warn.New("Unknown card", id.String(), "%s is not a card of this game: take it off", id)
	}
	if g.Used[id] {
		return warn.New("Played before:", g.name(id), "%s was played before in this game: take it off", g.name(id))
	}
	return nil
}

// lay accepts a card laid on an arm by the player whose turn it is.
func (g *Game) lay(add Addition, next Cross) []rules.Event {
	if g.Phase == PhaseGuess {
		return warn.Events(warn.New("All cards played", "take it off", "all %d cards of this round are played: take %s off", g.Opt.PileSize, g.name(add.Card)))
	}
	if err := g.checkNew(add.Card); err != nil {
		return warn.Events(err)
	}
	player := g.Turn
	g.Cross = next
	g.Used[add.Card] = true
	g.Placed++
	g.Last = &Placement{Player: player, Card: add.Card, Arm: add.Arm}
	where := "at the end of the " + add.Arm.String() + " arm"
	if add.Index < len(next.Arms[add.Arm])-1 {
		where = fmt.Sprintf("on the %s arm between %s and %s", add.Arm, g.name(g.inner(add.Arm, add.Index)), g.name(next.Arms[add.Arm][add.Index+1]))
	}
	name := g.name(add.Card)
	evs := []rules.Event{{
		Kind: rules.EventInfo, Player: player, Card: add.Card, Round: g.Round, Action: rules.ActionOffer,
		Short: rules.Say(rules.ShortName(name, rules.ShortWidth-2-len(add.Arm.String()))+": "+add.Arm.String(), "Challenge?"),
		Long:  fmt.Sprintf("%s laid %s %s (card %d of %d). Anyone may challenge it now.", g.pname(player), name, where, g.Placed, g.Opt.PileSize-1),
	}}
	if g.Opt.Cards == CardsBeginner && g.place(add.Card).Expert {
		evs = append(evs, rules.Event{Kind: rules.EventWarning, Card: add.Card,
			Short: rules.Say("Expert card:", rules.ShortName(name, 16)),
			Long:  fmt.Sprintf("%s is an expert card, but this game uses the beginner cards only; it stays in play.", name)})
	}
	g.Turn = g.Turn%len(g.Players) + 1
	if g.Placed == g.Opt.PileSize-1 {
		g.Phase = PhaseGuess
		g.Guesses = map[int]int{}
		return append(evs, rules.Event{Kind: rules.EventRound, Round: g.Round,
			Short: rules.Say("Last card laid", "Challenge/guess"),
			Long:  fmt.Sprintf("That was the last card of round %d. Challenge it now, or everyone enter a guess of how many cards are misplaced.", g.Round)})
	}
	return append(evs, g.turnEvent())
}

// inner is the card on the centre side of index i on arm a.
func (g *Game) inner(a Arm, i int) rules.CardID {
	if i == 0 {
		return g.Cross.Centre
	}
	return g.Cross.Arms[a][i-1]
}

func (g *Game) turnEvent() rules.Event {
	return rules.Event{Kind: rules.EventTurn, Player: g.Turn, Round: g.Round,
		Short: rules.Say(rules.ShortName(g.pname(g.Turn), 9)+"'s turn", "Lay the top card"),
		Long:  fmt.Sprintf("%s's turn: take the top card of the pile and lay it on the cross.", g.pname(g.Turn))}
}

// observeCentre starts a round when its centre card lies alone on the rose.
func (g *Game) observeCentre(next Cross) []rules.Event {
	if next.Empty() {
		return nil
	}
	if next.Len() > 0 {
		return warn.Events(warn.New("Lay only the", "centre card", "round %d starts with the centre card alone on the compass rose: take the other cards off", g.Round+1))
	}
	if err := g.checkNew(next.Centre); err != nil {
		return warn.Events(err)
	}
	g.Round++
	g.Phase = PhasePlay
	g.Cross = next
	g.Used[next.Centre] = true
	g.Placed, g.Last, g.Pending, g.Guesses = 0, nil, nil, nil
	name := g.name(next.Centre)
	return []rules.Event{{
		Kind: rules.EventRound, Round: g.Round, Card: next.Centre,
		Short: rules.Say(fmt.Sprintf("Round %d centre:", g.Round), rules.ShortName(name, rules.ShortWidth)),
		Long:  fmt.Sprintf("Round %d starts with %s on the compass rose.", g.Round, name),
	}, g.turnEvent()}
}

// observeClear waits for the scored round's cards to leave the table. A
// new centre card alone on the rose also ends the wait (players cleared
// and laid it between two snapshots).
func (g *Game) observeClear(z *rules.Zone) []rules.Event {
	old := map[rules.CardID]bool{}
	for _, id := range g.Cross.Cards() {
		old[id] = true
	}
	var fresh []rules.CardID
	for _, p := range z.Positions() {
		if id := z.At(p).Card.ID; !old[id] {
			fresh = append(fresh, id)
		}
	}
	if len(fresh) == 0 {
		if len(z.Positions()) > 0 {
			return nil // still clearing
		}
		g.Phase, g.Cross = PhaseCentre, Cross{}
		return []rules.Event{{Kind: rules.EventInfo, Round: g.Round + 1,
			Short: rules.Say("Table clear", "Lay centre card"),
			Long:  fmt.Sprintf("The cross is clear. Lay the top card of a new pile on the compass rose for round %d.", g.Round+1)}}
	}
	if len(z.Positions()) == 1 && z.At(rules.Pos{}).Card.ID == fresh[0] {
		g.Phase, g.Cross = PhaseCentre, Cross{}
		next, err := ReadCross(z, g.name)
		if err != nil {
			return warn.Events(err)
		}
		return g.observeCentre(next)
	}
	return warn.Events(warn.New("Clear the cross", "first", "clear every card of round %d from the table before laying the next centre card", g.Round))
}

// Scores are the tokens each player holds, with where they came from.
func (g *Game) Scores() []rules.Score {
	out := make([]rules.Score, len(g.Players))
	for i, name := range g.Players {
		out[i] = rules.Score{Player: i + 1, Name: name, Total: g.Tokens[i], Parts: []rules.ScorePart{
			{Category: "start", Points: g.Opt.StartTokens},
			{Category: "challenges", Points: g.Challenges[i]},
			{Category: "guesses", Points: g.Guessing[i]},
		}}
	}
	return out
}

// Finished reports whether all rounds are scored.
func (g *Game) Finished() bool { return g.Phase == PhaseOver }

// Winners are the players with the most tokens; equal counts share.
func (g *Game) Winners() []int {
	if !g.Finished() {
		return nil
	}
	return rules.Winners(g.Scores())
}

// MarshalJSONState saves the game's state (what encoding/json writes).
func (g *Game) MarshalJSONState() ([]byte, error) { return json.Marshal(g) }
