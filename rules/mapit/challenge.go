package mapit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/warn"
)

// The actions the referee asks for after a challenge finds a card wrong.
const (
	actRemove = "remove"
	actSwap   = "swap"
)

// result is the cross once the action is done.
func (p *Pending) result(c Cross) Cross {
	if p.Action == actSwap {
		return c.swapped(p.Card, p.With)
	}
	return c.without(p.Card)
}

// doneIn reports whether next shows the action done on cur: the card gone,
// or the two cards where the swap puts them.
func (p *Pending) doneIn(cur, next Cross) bool {
	want := p.result(cur)
	for _, id := range []rules.CardID{p.Card, p.With} {
		if id.IsZero() {
			continue
		}
		wa, wi, won := want.Locate(id)
		na, ni, non := next.Locate(id)
		if won != non || (won && (wa != na || wi != ni)) {
			return false
		}
	}
	return true
}

// problem says what the referee still waits for.
func (p *Pending) problem(name func(rules.CardID) string) error {
	if p.Action == actSwap {
		return warn.New("Swap first:", rules.ShortName(name(p.Card), 16), "first swap %s and %s, and change nothing else", name(p.Card), name(p.With))
	}
	return warn.New("Remove first:", rules.ShortName(name(p.Card), 16), "first take %s off the cross, and change nothing else", name(p.Card))
}

// done is the event saying the action was seen done.
func (p *Pending) done(name func(rules.CardID) string) rules.Event {
	if p.Action == actSwap {
		return rules.Event{Kind: rules.EventDone, Action: actSwap, Card: p.Card,
			Short: rules.Say("Swapped:", rules.ShortName(name(p.Card), 16)),
			Long:  fmt.Sprintf("%s and %s have changed places.", name(p.Card), name(p.With))}
	}
	return rules.Event{Kind: rules.EventDone, Action: actRemove, Card: p.Card,
		Short: rules.Say("Removed:", rules.ShortName(name(p.Card), 16)),
		Long:  fmt.Sprintf("%s is off the cross.", name(p.Card))}
}

// pair is two neighbouring cards of an arm, inner then outer.
type pair struct {
	arm          Arm
	inner, outer rules.CardID
}

// judge checks the pairs in order and returns the first one out of order.
func (g *Game) judge(pairs []pair) (pair, bool) {
	for _, p := range pairs {
		if !inOrder(p.arm, g.place(p.inner), g.place(p.outer), g.Opt.TieIsCorrect) {
			return p, false
		}
	}
	return pair{}, true
}

// explain says why a pair is in order or not, with the coordinates.
func (g *Game) explain(p pair, right bool) string {
	not := ""
	if !right {
		not = "not "
	}
	return fmt.Sprintf("%s is %s%s %s", withCoord(g.name(p.outer), coord(p.arm, g.place(p.outer))), not,
		relation(p.arm), withCoord(g.name(p.inner), coord(p.arm, g.place(p.inner))))
}

// challenge judges the last placement for the challenger in.Player. The
// challenger may name the neighbour they flipped (in.Other); without it
// the card is judged against both its neighbours on the arm.
func (g *Game) challenge(in rules.Input) []rules.Event {
	last := g.Last
	switch {
	case g.Phase != PhasePlay && (g.Phase != PhaseGuess || len(g.Guesses) > 0):
		return warn.Events(warn.New("No challenge now", "", "a challenge comes right after a card is laid, before the next card or the guesses"))
	case last == nil:
		return warn.Events(warn.New("Nothing to", "challenge yet", "no card has been laid this round yet"))
	case last.Challenged:
		return warn.Events(warn.New("Already", "challenged", "%s was already challenged: one challenge per card", g.name(last.Card)))
	case g.Pending != nil:
		return warn.Events(g.Pending.problem(g.name))
	case in.Player < 1 || in.Player > len(g.Players):
		return warn.Events(warn.New("Who challenges?", "", "a challenge needs the challenger's player number (1 to %d)", len(g.Players)))
	case in.Player == last.Player:
		return warn.Events(warn.New("Own card:", "no challenge", "%s laid %s and cannot challenge it", g.pname(in.Player), g.name(last.Card)))
	case !in.Card.IsZero() && in.Card != last.Card:
		return warn.Events(warn.New("Only the last", "card: "+g.name(last.Card), "only the last card laid, %s, can be challenged, not %s", g.name(last.Card), g.name(in.Card)))
	}
	a, i, ok := g.Cross.Locate(last.Card)
	if !ok {
		return warn.Events(warn.New("Card not on", "the cross", "%s is no longer on the cross", g.name(last.Card)))
	}
	arm := g.Cross.Arms[a]
	pairs := []pair{{a, g.inner(a, i), last.Card}}
	if i+1 < len(arm) {
		pairs = append(pairs, pair{a, last.Card, arm[i+1]})
	}
	if !in.Other.IsZero() {
		var chosen []pair
		for _, p := range pairs {
			if p.inner == in.Other || p.outer == in.Other {
				chosen = append(chosen, p)
			}
		}
		if len(chosen) == 0 {
			return warn.Events(warn.New("Not a neighbour:", rules.ShortName(g.name(in.Other), 16), "%s is not next to %s on its arm: flip a neighbouring card", g.name(in.Other), g.name(last.Card)))
		}
		pairs = chosen
	}
	last.Challenged = true
	failed, right := g.judge(pairs)
	shown := pairs[0]
	if !right {
		shown = failed
	}
	name := g.name(last.Card)
	placer, challenger := last.Player, in.Player
	verdict, word, payer, payee := rules.Right, "RIGHT", challenger, placer
	if !right {
		verdict, word, payer, payee = rules.Wrong, "WRONG", placer, challenger
	}
	evs := []rules.Event{{
		Kind: rules.EventVerdict, Player: placer, Card: last.Card, Verdict: verdict, Round: g.Round,
		Short: rules.Say(rules.ShortName(name, 9)+": "+word, "by "+rules.ShortName(g.pname(challenger), 13)),
		Long:  fmt.Sprintf("%s challenges %s's %s: %s, so it was placed %s.", g.pname(challenger), g.pname(placer), name, g.explain(shown, right), verdict),
	}}
	evs = append(evs, g.pay(payer, payee))
	if right {
		return evs
	}
	other := shown.inner
	if other == last.Card {
		other = shown.outer
	}
	return append(evs, g.afterWrong(last.Card, other)...)
}

// pay moves one token from payer to payee in a challenge; a player with
// no token pays nothing (counts never go negative).
func (g *Game) pay(payer, payee int) rules.Event {
	if g.Tokens[payer-1] == 0 {
		return rules.Event{Kind: rules.EventInfo, Player: payer, Round: g.Round,
			Short: rules.Say(rules.ShortName(g.pname(payer), 7)+": 0 tokens", "nothing to pay"),
			Long:  fmt.Sprintf("%s has no token left, so %s gets nothing.", g.pname(payer), g.pname(payee))}
	}
	g.Tokens[payer-1]--
	g.Tokens[payee-1]++
	g.Challenges[payer-1]--
	g.Challenges[payee-1]++
	return rules.Event{Kind: rules.EventPoints, Player: payee, Points: 1, Round: g.Round,
		Short: rules.Say(rules.ShortName(g.pname(payee), 7)+" +1 token", "from "+rules.ShortName(g.pname(payer), 11)),
		Long:  fmt.Sprintf("%s gives 1 token to %s (%s has %d, %s has %d).", g.pname(payer), g.pname(payee), g.pname(payer), g.Tokens[payer-1], g.pname(payee), g.Tokens[payee-1])}
}

// afterWrong applies the onWrongChallenge option to a card found wrong
// against its neighbour other.
func (g *Game) afterWrong(card, other rules.CardID) []rules.Event {
	name := g.name(card)
	switch {
	case g.Opt.OnWrongChallenge == WrongRemove:
		g.Pending = &Pending{Action: actRemove, Card: card}
		return []rules.Event{{Kind: rules.EventDo, Action: actRemove, Card: card, Round: g.Round,
			Short: rules.Say("Remove "+rules.ShortName(name, 9), "from the cross"),
			Long:  fmt.Sprintf("Take %s off the cross; turn the other cards back to their name side.", name)}}
	case g.Opt.OnWrongChallenge == WrongSwap && other != g.Cross.Centre:
		g.Pending = &Pending{Action: actSwap, Card: card, With: other}
		return []rules.Event{{Kind: rules.EventDo, Action: actSwap, Card: card, Round: g.Round,
			Short: rules.Say("Swap "+rules.ShortName(name, 11), "and "+rules.ShortName(g.name(other), 12)),
			Long:  fmt.Sprintf("Swap %s and %s on the cross and turn them back to their name side.", name, g.name(other))}}
	}
	return []rules.Event{{Kind: rules.EventInfo, Card: card, Round: g.Round,
		Short: rules.Say(rules.ShortName(name, 10)+" stays", "Flip cards back"),
		Long:  fmt.Sprintf("%s stays where it is (the centre card never moves, or this game keeps wrong cards); turn the cards back to their name side.", name)}}
}

// withCoord is a card's name with the coordinate it prints, if any:
// "Tokyo (139.69° E)".
func withCoord(name, coord string) string {
	if coord == "" {
		return name
	}
	return name + " (" + coord + ")"
}
