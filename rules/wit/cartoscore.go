package wit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableref/tableref/rules"
)

// mapScore is one finished Cartographer map's score.
type mapScore struct {
	Right, Circles int
	Closest        *Circle // the scored circle whose numbers are closest, nil if none scored
}

// scoreMap counts a map's right circles (a point each) and finds the
// tie-break circle: among the scored circles, the one with the smallest
// gap (the first in reading order when several share it).
func scoreMap(d *Deck, l layout) mapScore {
	var s mapScore
	for _, c := range allCircles(d, l) {
		s.Circles++
		if !c.Right() {
			continue
		}
		s.Right++
		if s.Closest == nil || c.Gap() < s.Closest.Gap() {
			c := c
			s.Closest = &c
		}
	}
	return s
}

// score turns a map score into a Score: the total, its breakdown and the
// tie-break value (the gap negated, since a smaller gap is better; no
// value at all when no circle scored, which loses any tie-break).
func (s mapScore) score(d *Deck, p int, name string) rules.Score {
	out := rules.Score{Player: p, Name: name, Total: s.Right,
		Parts: []rules.ScorePart{{Category: "circles", Points: s.Right, Detail: fmt.Sprintf("%d of %d right", s.Right, s.Circles)}}}
	switch {
	case s.Closest != nil && d.SaysNumbers():
		// A part worth no points, so the standings show the tie-break.
		out.Parts = append(out.Parts, rules.ScorePart{Category: "tie-break",
			Detail: fmt.Sprintf("closest %d/%d, gap %d", s.Closest.GreenNum, s.Closest.DarkNum, s.Closest.Gap())})
		out.TieBreak = []int{-s.Closest.Gap()}
	case s.Closest != nil:
		// The gap between the numbers the cards print decides, and the
		// referee does not know them: it gives no tie-break value rather
		// than one of its own.
		out.Parts = append(out.Parts, rules.ScorePart{Category: "tie-break",
			Detail: "on the cards: the scored circle with the closest numbers"})
		out.Unseen = settleWords
	}
	return out
}

// settleWords say how players break a tie on cards whose numbers tableref
// does not know (Score.Unseen, Undecided.Settle).
const settleWords = "each tied player finds the scored circle in their map whose two printed numbers are closest; " +
	"the smallest gap wins: tell tableref who won (the page's Settle, or the buttons)"

// Scores are zero until the end: nothing is judged before the maps are
// flipped.
func (g *cartographer) Scores() []rules.Score {
	out := make([]rules.Score, g.players())
	for i := range out {
		p := i + 1
		if g.Phase == phaseOver {
			out[i] = scoreMap(g.deck, layoutOf(g.Maps[i])).score(g.deck, p, g.name(p))
			continue
		}
		out[i] = rules.Score{Player: p, Name: g.name(p), Parts: []rules.ScorePart{{Category: "circles",
			Detail: fmt.Sprintf("%d cards placed; scored at the end", len(layoutOf(g.Maps[i])))}}}
	}
	if u := rules.UndecidedIn(out); u != nil && g.Settled != 0 {
		settle(out, u, g.Settled)
	}
	return out
}

// settle writes the players' own tie-break into the tied scores: the
// winner they named beats the others, and nothing is unseen any more.
func settle(scores []rules.Score, u *rules.Undecided, winner int) {
	for _, p := range u.Players {
		s := &scores[p-1]
		s.Unseen, s.TieBreak = "", []int{0}
		detail := "settled by the players: lost"
		if p == winner {
			s.TieBreak, detail = []int{1}, "settled by the players: won"
		}
		for j := range s.Parts {
			if s.Parts[j].Category == "tie-break" {
				s.Parts[j].Detail = detail
			}
		}
	}
}

// Input takes the players' settlement of a tie the referee cannot break
// (InputSettle, Player = the winner); every other input as base does.
func (g *cartographer) Input(in rules.Input) []rules.Event {
	if in.Type != rules.InputSettle {
		return g.base.Input(in)
	}
	u := rules.UndecidedIn(g.Scores())
	if g.Phase != phaseOver || u == nil {
		return []rules.Event{{Kind: rules.EventWarning, Player: in.Player, Short: rules.Say("Nothing to", "settle"),
			Long: "There is no undecided tie to settle: the referee names the winners itself."}}
	}
	if !slices.Contains(u.Players, in.Player) {
		var names []string
		for _, p := range u.Players {
			names = append(names, g.name(p))
		}
		return []rules.Event{{Kind: rules.EventWarning, Player: in.Player, Short: rules.Say("Settle: name", "a tied player"),
			Long: fmt.Sprintf("Only a tied player can win the tie-break: %s.", rules.JoinNames(names))}}
	}
	g.Settled = in.Player
	return []rules.Event{endEvent(g.Scores(), g.Winners(), g.Setup, tieSettled, "")}
}

// Winners returns the best total, the tie-break deciding between equals
// (rulebook); still equal players share the victory. A tie-break on
// numbers tableref does not know names nobody until the players settle
// it (rules.UndecidedIn, Input).
func (g *cartographer) Winners() []int {
	if g.Phase != phaseOver {
		return nil
	}
	return rules.Winners(g.Scores())
}

// end asks for the final flip and announces every map's score.
func (g *cartographer) end() []rules.Event {
	g.Phase = phaseOver
	evs := []rules.Event{{Kind: rules.EventDo, Action: "flip",
		Short: rules.Say("Flip all cards", "map side up"),
		Long:  "The deck is empty: everyone flips all their cards to the map side, keeping every position. The referee scores the maps it has seen."}}
	scores := g.Scores()
	for i, s := range scores {
		ms := scoreMap(g.deck, layoutOf(g.Maps[i]))
		long := fmt.Sprintf("%s's map: %d of %s right, %s.", s.Name, ms.Right, rules.Count(ms.Circles, "circle"), rules.Count(s.Total, "point"))
		if ms.Closest != nil && g.deck.SaysNumbers() {
			long += fmt.Sprintf(" Closest scored circle: %s (gap %d).", ms.Closest.Describe(g.deck), ms.Closest.Gap())
		}
		if w := wrongCircles(allCircles(g.deck, layoutOf(g.Maps[i]))); len(w) > 0 {
			long += " Wrong: " + describeCircles(g.deck, w) + "."
		}
		evs = append(evs, rules.Event{Kind: rules.EventPoints, Player: s.Player, Points: s.Total,
			Short: rules.Say(fmt.Sprintf("%s %d", rules.ShortName(s.Name, 9), s.Total), fmt.Sprintf("%d/%d circles", ms.Right, ms.Circles)),
			Long:  long})
	}
	extra := g.tieWords(scores)
	tie := ""
	switch {
	case extra != "" && g.deck.SaysNumbers():
		tie = "closest circle"
	case extra != "":
		tie = tieOnCards
	}
	return append(evs, endEvent(scores, g.Winners(), g.Setup, tie, extra))
}

// tieWords explains the tie-break when the best total is shared.
func (g *cartographer) tieWords(scores []rules.Score) string {
	best := 0
	for _, s := range scores {
		best = max(best, s.Total)
	}
	var tied []string
	for i, s := range scores {
		if s.Total != best {
			continue
		}
		if !g.deck.SaysNumbers() {
			tied = append(tied, s.Name)
			continue
		}
		ms := scoreMap(g.deck, layoutOf(g.Maps[i]))
		if ms.Closest == nil {
			tied = append(tied, s.Name+" has no scored circle")
			continue
		}
		tied = append(tied, fmt.Sprintf("%s's closest scored circle is %d/%d (gap %d)", s.Name, ms.Closest.GreenNum, ms.Closest.DarkNum, ms.Closest.Gap()))
	}
	if len(tied) < 2 {
		return ""
	}
	if !g.deck.SaysNumbers() {
		return "The tie-break is each map's scored circle whose two numbers are closest, and tableref does not know the numbers these cards print: " +
			"each of you finds that circle in your map, and the smallest gap wins ('tableref decks learn' teaches tableref your box's numbers)."
	}
	return fmt.Sprintf("Tie on %d: %s; the smallest gap wins.", best, strings.Join(tied, ", "))
}
