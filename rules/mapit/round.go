package mapit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/warn"
)

// Input takes a challenge, a guess, or "next" to close the guessing.
func (g *Game) Input(in rules.Input) []rules.Event {
	if g.Phase == PhaseOver {
		return warn.Events(warn.New("Game over", "", "the game is over"))
	}
	switch in.Type {
	case rules.InputChallenge:
		return g.challenge(in)
	case rules.InputGuess:
		return g.guess(in)
	case rules.InputNext:
		if g.Phase != PhaseGuess {
			return warn.Events(warn.New("Nothing to end", "", "\"next\" ends the guessing at the end of a round; play goes on by laying cards"))
		}
		if g.Pending != nil {
			return warn.Events(g.Pending.problem(g.name))
		}
		return g.check()
	}
	return warn.Events(warn.New("Not used here:", string(in.Type), "Map It! takes challenge, guess and next inputs, not %q", in.Type))
}

// guess records a player's guess of the misplaced cards; the check runs
// once every player has guessed. A player may change a guess until then.
func (g *Game) guess(in rules.Input) []rules.Event {
	switch {
	case g.Phase != PhaseGuess:
		return warn.Events(warn.New("No guess yet", "", "guesses come once all %d cards of the round are laid", g.Opt.PileSize))
	case g.Pending != nil:
		return warn.Events(g.Pending.problem(g.name))
	case in.Player < 1 || in.Player > len(g.Players):
		return warn.Events(warn.New("Who guesses?", "", "a guess needs the player's number (1 to %d)", len(g.Players)))
	case in.Number < 0:
		return warn.Events(warn.New("Guess 0 or more", "", "a guess is a number of cards, 0 or more"))
	}
	g.Guesses[in.Player] = in.Number
	ev := rules.Event{Kind: rules.EventInfo, Player: in.Player, Round: g.Round,
		Short: rules.Say(rules.ShortName(g.pname(in.Player), 9)+" guessed", fmt.Sprintf("%d of %d in", len(g.Guesses), len(g.Players))),
		Long:  fmt.Sprintf("%s has guessed (kept secret until all have).", g.pname(in.Player))}
	if len(g.Guesses) < len(g.Players) {
		return []rules.Event{ev}
	}
	return append([]rules.Event{ev}, g.check()...)
}

// misplaced checks each arm from the centre outwards, each card against
// the nearest card still standing towards the centre, and returns the
// cards to remove with the pair each failed on.
func (g *Game) misplaced() []pair {
	var out []pair
	for _, a := range arms {
		ref := g.Cross.Centre
		for _, id := range g.Cross.Arms[a] {
			p := pair{a, ref, id}
			if _, ok := g.judge([]pair{p}); ok {
				ref = id
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

// check ends the round: it lists the misplaced cards, pays the guessers
// from the bank and either readies the next round or ends the game.
func (g *Game) check() []rules.Event {
	wrong := g.misplaced()
	k := len(wrong)
	var evs []rules.Event
	for _, p := range wrong {
		name := g.name(p.outer)
		evs = append(evs, rules.Event{Kind: rules.EventDo, Action: actRemove, Card: p.outer, Verdict: rules.Wrong, Round: g.Round,
			Short: rules.Say("Remove "+rules.ShortName(name, 9), "placed wrong"),
			Long:  fmt.Sprintf("%s: remove it.", warn.Capital(g.explain(p, false)))})
	}
	evs = append(evs, rules.Event{Kind: rules.EventInfo, Round: g.Round, Points: k,
		Short: rules.Say(plural(k, "card")+" wrong", g.guessLine()),
		Long:  fmt.Sprintf("%s placed wrong this round. Guesses: %s.", warn.Capital(plural(k, "card")), g.guessList())})
	evs = append(evs, g.award(k)...)
	g.Last, g.Guesses = nil, nil
	if g.Round >= g.Opt.Rounds {
		g.Phase = PhaseOver
		return append(evs, g.endEvent())
	}
	g.Phase = PhaseClear
	return append(evs, rules.Event{Kind: rules.EventRound, Round: g.Round,
		Short: rules.Say(fmt.Sprintf("Round %d over", g.Round), "Clear the table"),
		Long:  fmt.Sprintf("Round %d is over. Clear the cross, then lay the top card of a new pile on the compass rose; %s lays first.", g.Round, g.pname(g.Turn))})
}

// award pays 2 tokens to every exact guess, or 1 to the closest guesses
// when nobody is exact. The bank pays in seat order while it lasts.
func (g *Game) award(k int) []rules.Event {
	if len(g.Guesses) == 0 {
		return []rules.Event{{Kind: rules.EventInfo, Round: g.Round, Short: rules.Say("No guesses", "no tokens"), Long: "Nobody guessed, so nobody takes tokens."}}
	}
	best := -1
	for _, n := range g.Guesses {
		if d := abs(n - k); best < 0 || d < best {
			best = d
		}
	}
	amount, why := 2, "exact guess"
	if best > 0 {
		amount, why = 1, "closest guess"
	}
	var evs []rules.Event
	for p := 1; p <= len(g.Players); p++ {
		n, ok := g.Guesses[p]
		if !ok || abs(n-k) != best {
			continue
		}
		pay := min(amount, g.Bank)
		if pay < amount {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: p, Short: rules.Say("Bank is empty", ""),
				Long: fmt.Sprintf("The bank has only %d token(s) left for %s.", pay, g.pname(p))})
		}
		if pay == 0 {
			continue
		}
		g.Bank -= pay
		g.Tokens[p-1] += pay
		g.Guessing[p-1] += pay
		evs = append(evs, rules.Event{Kind: rules.EventPoints, Player: p, Points: pay, Round: g.Round,
			Short: rules.Say(fmt.Sprintf("%s +%d %s", rules.ShortName(g.pname(p), 6), pay, tokenWord(pay)), why),
			Long:  fmt.Sprintf("%s guessed %d, the %s: +%d %s from the bank (now %d).", g.pname(p), n, why, pay, tokenWord(pay), g.Tokens[p-1])})
	}
	return evs
}

// guessList writes every guess in seat order: "Ana 2, Ben 1, Caro -".
func (g *Game) guessList() string {
	var parts []string
	for p := 1; p <= len(g.Players); p++ {
		if n, ok := g.Guesses[p]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", g.pname(p), n))
		} else {
			parts = append(parts, g.pname(p)+" none")
		}
	}
	return strings.Join(parts, ", ")
}

// guessLine is the guesses on one display line: "Guesses 2 1 4".
func (g *Game) guessLine() string {
	s := "Guesses"
	for p := 1; p <= len(g.Players); p++ {
		if n, ok := g.Guesses[p]; ok {
			s += fmt.Sprintf(" %d", n)
		} else {
			s += " -"
		}
	}
	return s
}

// endEvent announces the final standings.
func (g *Game) endEvent() rules.Event {
	scores := g.Scores()
	winners := rules.Winners(scores)
	var names []string
	for _, w := range winners {
		names = append(names, g.pname(w))
	}
	order := append([]rules.Score(nil), scores...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].Total > order[j].Total })
	var table []string
	for _, s := range order {
		table = append(table, fmt.Sprintf("%s %d", s.Name, s.Total))
	}
	best := scores[winners[0]-1].Total
	tokens := rules.Count(best, "token")
	verb := "wins"
	if len(names) > 1 {
		tokens += " each"
		verb = "share the win"
	}
	e := rules.Event{Kind: rules.EventEnd, Round: g.Round, Scores: scores, Winners: winners,
		Long: fmt.Sprintf("Game over after %s. Tokens: %s. %s %s.", rules.Count(g.Round, "round"), strings.Join(table, ", "), rules.JoinNames(names), verb)}
	e.SetScreens(rules.EndScreens(names, tokens))
	return e
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func tokenWord(n int) string {
	if n == 1 {
		return "token"
	}
	return "tokens"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
