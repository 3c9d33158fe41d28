package nsoe

import (
	"fmt"
	"sort"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/warn"
)

// A photo of the board (rules.Mode.ScoreTable): the winner is whoever has
// no cards left in hand, which the camera cannot see, so a photo gives no
// scores; it checks every card on the board against the others as a
// placement would be (§5.4). Mode.ScoreTable (mode.go) calls it.

// judgeBoardTable gives a verdict per pair of cards that touch, and per
// pair anywhere on the board that breaks a rule, then counts the cards
// that hold against every other.
func judgeBoardTable(s rules.Setup, t rules.Table, cat Catalogue) ([]rules.Score, []rules.Event, error) {
	g, err := newGame(s, cat)
	if err != nil {
		return nil, nil, err
	}
	g.seePrint(t) // a photo of tableref's own cards: the degrees they print
	seen, err := g.readBoard(t.Zone(Zone))
	if err != nil {
		return nil, warn.Events(err), nil
	}
	var board []Placed
	for p, id := range seen {
		c, ok := g.cat.City(id)
		if !ok {
			return nil, warn.Events(warn.New("Unknown card", id.String(), "%s is not a city of this game: take it off the board", id)), nil
		}
		board = append(board, Placed{Pos: p, Card: id, City: c})
	}
	sort.Slice(board, func(i, j int) bool {
		if board[i].Pos.Row != board[j].Pos.Row {
			return board[i].Pos.Row < board[j].Pos.Row
		}
		return board[i].Pos.Col < board[j].Pos.Col
	})
	ref := seen[g.Opt.Centre] // zero when the central slot is empty
	var evs []rules.Event
	bad := map[rules.CardID]bool{}
	for i, p := range board {
		for _, q := range board[i+1:] {
			faults := append(g.Rules.Judge(p, []Placed{q}, ref), g.Rules.Judge(q, []Placed{p}, ref)...)
			touching := gridDist(p.Pos, q.Pos) == 1
			if len(faults) == 0 && !touching {
				continue
			}
			v, word, why := rules.Right, "right", fmt.Sprintf("%s and %s agree", named(p.City), named(q.City))
			if len(faults) > 0 {
				v, word = rules.Wrong, "wrong"
				why = fmt.Sprintf("%s: %s", named(faultCard(faults[0], p, q).City), faults[0].Why)
				bad[p.Card], bad[q.Card] = true, true
			}
			evs = append(evs, rules.Event{Kind: rules.EventVerdict, Card: p.Card, Verdict: v, Action: "pair " + q.Card.String(),
				Short: rules.Say(rules.ShortName(p.City.Name, 16), rules.ShortName(q.City.Name, 10)+": "+word),
				Long:  why + "."})
		}
	}
	evs = append(evs, rules.Event{Kind: rules.EventInfo, Points: len(board) - len(bad),
		Short: rules.Say(fmt.Sprintf("%d/%d cards ok", len(board)-len(bad), len(board)), "winner: by hands"),
		Long: fmt.Sprintf("%d of the %d cards on the board agree with every other card. The winner is whoever has no card left in hand, which the camera cannot see, so a photo gives no scores.",
			len(board)-len(bad), len(board))})
	return nil, evs, nil
}

// faultCard is the card a fault was found on: the one compared against
// the other.
func faultCard(f Fault, p, q Placed) Placed {
	if f.Against.Card == p.Card {
		return q
	}
	return p
}
