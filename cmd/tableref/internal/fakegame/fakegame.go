// Package fakegame registers a tiny game mode, "test-counter", for the
// daemon's tests: they need an engine whose verdicts are obvious from the
// input (so a test can say what must happen) and that does not change when
// the real engines do. Only tests import it.
//
// Rules: players take turns laying cards in zone "map". A new card with an
// even number is right (+1 point for the player whose turn it is), an odd
// one is wrong (the player must remove it; "done" when it is gone). A
// "next" input passes the turn. The game ends when Cards right placements
// have been made (option "cards", default 6).
package fakegame

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tableref/tableref/rules"
)

// ModeID is the mode's ID.
const ModeID = "test-counter"

func init() {
	rules.RegisterMode(&rules.Mode{
		ID: ModeID, Name: "Test counter", MinPlayers: 1, MaxPlayers: 6,
		Options: []rules.Option{{Key: "cards", Default: "6", Help: "right placements that end the game"}},
		Inputs:  []rules.InputUse{{Type: rules.InputNext, Label: "Next", Help: "the next player's turn"}},
		New: func(s rules.Setup) (rules.Game, error) {
			n, err := s.IntOption("cards")
			if err != nil || n < 1 {
				return nil, fmt.Errorf("option cards=%q: want a whole number ≥ 1", s.Options["cards"])
			}
			return &Game{Setup: s, Goal: n, Turn: 1, Points: make([]int, len(s.Players)), Seen: map[string]bool{}}, nil
		},
		Restore: func(b []byte) (rules.Game, error) {
			var g Game
			err := json.Unmarshal(b, &g)
			return &g, err
		},
	})
}

// Game is the whole state.
type Game struct {
	Setup   rules.Setup
	Goal    int
	Turn    int
	Points  []int
	Right   int
	Seen    map[string]bool // cards on the map that were judged
	Pending string          // a wrong card that must be removed
}

// Start implements rules.Game.
func (g *Game) Start() []rules.Event {
	return []rules.Event{{Kind: rules.EventSetup, Short: rules.Say("Test counter", g.short()+" to play"), Long: "Lay even cards."}}
}

func (g *Game) short() string { return rules.ShortName(g.Setup.PlayerName(g.Turn), 9) }

// Observe implements rules.Game.
func (g *Game) Observe(t rules.Table) []rules.Event {
	if g.Finished() {
		return nil
	}
	z := t.Zone("map")
	on := map[string]bool{}
	var evs []rules.Event
	if z != nil {
		for _, p := range z.Positions() {
			c := z.At(p)
			if c.Card.IsZero() {
				continue
			}
			id := c.Card.ID.String()
			on[id] = true
			if g.Seen[id] || id == g.Pending {
				continue
			}
			if g.Pending != "" {
				evs = append(evs, rules.Event{Kind: rules.EventWarning, Card: c.Card.ID, Short: rules.Say("Remove first", g.Pending),
					Long: "Remove " + g.Pending + " first."})
				continue
			}
			if c.Card.ID.Num%2 == 0 {
				g.Seen[id] = true
				g.Points[g.Turn-1]++
				g.Right++
				evs = append(evs,
					rules.Event{Kind: rules.EventVerdict, Player: g.Turn, Card: c.Card.ID, Verdict: rules.Right, Points: 1, Short: rules.Say(id+": RIGHT", g.short()+" +1"), Long: id + " is right."},
					rules.Event{Kind: rules.EventPoints, Player: g.Turn, Points: 1, Short: rules.Say(g.short()+" +1", ""), Long: "+1"})
			} else {
				g.Pending = id
				evs = append(evs, rules.Event{Kind: rules.EventVerdict, Player: g.Turn, Card: c.Card.ID, Verdict: rules.Wrong, Short: rules.Say(id+": WRONG", "Remove it"), Long: id + " is wrong: remove it."},
					rules.Event{Kind: rules.EventDo, Action: "remove", Card: c.Card.ID, Short: rules.Say("Remove", id), Long: "Remove " + id + "."})
			}
		}
	}
	if g.Pending != "" && !on[g.Pending] {
		evs = append(evs, rules.Event{Kind: rules.EventDone, Short: rules.Say(g.Pending+" removed", ""), Long: g.Pending + " removed."})
		g.Pending = ""
	}
	for id := range g.Seen {
		if !on[id] {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Short: rules.Say("Card missing", id), Long: id + " was taken away: put it back."})
		}
	}
	if g.Right >= g.Goal {
		evs = append(evs, rules.Event{Kind: rules.EventEnd, Short: rules.Say("Game over", ""), Long: "Game over.", Scores: g.Scores(), Winners: g.Winners()})
	}
	return evs
}

// Input implements rules.Game.
func (g *Game) Input(in rules.Input) []rules.Event {
	if in.Type != rules.InputNext {
		return []rules.Event{{Kind: rules.EventInfo, Short: rules.Say("Not used", string(in.Type)), Long: "not used: " + string(in.Type)}}
	}
	g.Turn = g.Turn%len(g.Setup.Players) + 1
	return []rules.Event{{Kind: rules.EventTurn, Player: g.Turn, Short: rules.Say(g.short()+" to play", ""), Long: g.Setup.PlayerName(g.Turn) + " to play."}}
}

// Scores implements rules.Game.
func (g *Game) Scores() []rules.Score {
	out := make([]rules.Score, len(g.Points))
	for i, p := range g.Points {
		out[i] = rules.Score{Player: i + 1, Name: g.Setup.PlayerName(i + 1), Total: p,
			Parts: []rules.ScorePart{{Category: "cards", Points: p, Detail: strconv.Itoa(p) + " even"}}}
	}
	return out
}

// Finished implements rules.Game.
func (g *Game) Finished() bool { return g.Right >= g.Goal }

// Winners implements rules.Game.
func (g *Game) Winners() []int {
	if !g.Finished() {
		return nil
	}
	return rules.Winners(g.Scores())
}

// Table is the table with the cards of deck SA numbered nums laid in a
// row in zone "map", from column 0: what tests show the referee.
func Table(nums ...int) rules.Table {
	z := &rules.Zone{}
	for i, n := range nums {
		z.Set(rules.Pos{Col: i}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "SA", Num: n}}})
	}
	return rules.Table{Zones: map[string]*rules.Zone{"map": z}}
}
