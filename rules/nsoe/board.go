package nsoe

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/warn"
)

// readBoard lists the cards on the board zone and refuses what cannot be
// on a board: a card off the board, a colour, a face-down card without
// identity. A card lying name side up is being placed: the rulebook turns
// it over to reveal its coordinates and judges it then (REFERENCE.md
// §5.3), so it is left out until it lies coordinates up, wherever it lies
// (issue 29: the scanner files a name-side card among the board's cards
// to the board and one beyond them to the hands, so judging it name side
// up made the verdict's moment depend on where it lay).
func (g *Game) readBoard(z *rules.Zone) (map[rules.Pos]rules.CardID, error) {
	out := map[rules.Pos]rules.CardID{}
	for _, p := range z.Positions() {
		id := z.At(p).Card.ID
		switch {
		case id.IsZero():
			return nil, warn.New("Not a card at", p.String(), "the board holds a colour at %v, not a card", p)
		case id.Anonymous():
			return nil, warn.New("Turn card over", p.String(), "a card at %v shows no name", p)
		case z.At(p).Card.Side != rules.Back:
			continue
		case p.Row < 0 || p.Col < 0 || p.Row >= g.Opt.Rows || p.Col >= g.Opt.Cols:
			return nil, warn.New("Off the board:", rules.ShortName(g.name(id), 16), "%s at %v is off the %d×%d board", g.name(id), p, g.Opt.Rows, g.Opt.Cols)
		}
		out[p] = id
	}
	return out, nil
}

// newCard infers the one card placed since the accepted board: ok is
// false when nothing changed; an error says what the rules forbid (a card
// moved or taken away, a card on an occupied square, two cards at once).
func (g *Game) newCard(seen map[rules.Pos]rules.CardID) (Placed, bool, error) {
	var placed []Placed
	onBoard := map[rules.Pos]Placed{}
	for _, q := range g.Board {
		onBoard[q.Pos] = q
	}
	for p, id := range seen {
		if q, ok := onBoard[p]; ok && q.Card == id {
			continue
		}
		placed = append(placed, Placed{Pos: p, Card: id})
	}
	for _, q := range g.Board {
		if seen[q.Pos] == q.Card {
			continue
		}
		if id, ok := seen[q.Pos]; ok {
			return Placed{}, false, warn.New("Square taken:", rules.ShortName(g.name(q.Card), 16), "%s lies on %s's square %v: a card goes on a free square", g.name(id), g.name(q.Card), q.Pos)
		}
		return Placed{}, false, warn.New("Cards can't move", "Put back "+rules.ShortName(g.name(q.Card), 7), "%s left its square %v: cards placed correctly stay where they are", g.name(q.Card), q.Pos)
	}
	switch len(placed) {
	case 0:
		return Placed{}, false, nil
	case 1:
		return placed[0], true, nil
	}
	var names []string
	for _, p := range placed {
		names = append(names, g.name(p.Card))
	}
	return Placed{}, false, warn.New("One card a turn", fmt.Sprintf("%d new cards", len(placed)), "%d new cards (%s): place one card per turn", len(placed), strings.Join(names, ", "))
}
