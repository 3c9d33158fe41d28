package shakecity

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// endRound accepts every board as it stands, takes off the construction
// sites whose pair now lies adjacent, and moves on to the next round (or
// scores the game after round 15).
func (g *Game) endRound(sp *speech) {
	for i, pl := range g.Players {
		p := i + 1
		if pl.Status == stPass {
			pl.Passes++
		}
		pl.Board = pl.Seen
		g.announce(p, &pl.Board, sp) // anything not yet said (never more than the board shows)
		for i, s := range g.Sites {
			if !pl.Removed[i] && s.Met(&pl.Board) {
				pl.Removed[i] = true
			}
		}
		pl.Status, pl.Reason, pl.Declared, pl.Announced = "", "", "", nil
	}
	g.LastGrid, g.Grid = g.Grid, nil
	g.EndAsked = false
	g.ShakerCleared = false
	if g.Round == Rounds {
		g.Phase = phaseOver
		sp.add(g.endEvent())
		return
	}
	g.Round++
	if !g.cfg.solo {
		g.Manager = g.Manager%len(g.Players) + 1
	}
	g.Phase = phaseShake
	sp.add(g.event(rules.EventRound, g.Manager, fmt.Sprintf("Round %d next", g.Round), g.short(g.Manager)+" shakes",
		fmt.Sprintf("Round %d is over. Cubes back in the shaker; %s is the construction manager for round %d and shakes.", g.Round-1, g.name(g.Manager), g.Round)))
}

// endEvent is the final word: scores with breakdown and the winners.
func (g *Game) endEvent() rules.Event {
	scores := g.Scores()
	winners := g.Winners()
	var b strings.Builder
	b.WriteString("Game over. ")
	for _, s := range scores {
		fmt.Fprintf(&b, "%s %d (", s.Name, s.Total)
		for i, part := range s.Parts {
			if i > 0 {
				b.WriteString(", ")
			}
			if part.Category == "construction sites" || part.Category == "solo target" {
				fmt.Fprintf(&b, "%s: %s", part.Category, part.Detail)
				continue
			}
			fmt.Fprintf(&b, "%s %d", part.Category, part.Points)
		}
		b.WriteString("). ")
	}
	var l1, l2 string
	switch {
	case g.cfg.solo && len(winners) == 1:
		l1, l2 = fmt.Sprintf("Solo win: %d", scores[0].Total), fmt.Sprintf("target %d", g.cfg.soloTarget)
		b.WriteString("Solo: all construction sites removed and the target reached: you win!")
	case g.cfg.solo:
		l1, l2 = fmt.Sprintf("Solo lost: %d", scores[0].Total), fmt.Sprintf("target %d", g.cfg.soloTarget)
		if left := len(g.sitesLeft(1)); left > 0 {
			l2 = fmt.Sprintf("%d site(s) left", left)
		}
		fmt.Fprintf(&b, "Solo: you need all 4 construction sites removed and at least %d points: not this time.", g.cfg.soloTarget)
	case len(winners) == 0:
		l1, l2 = "Nobody wins", "sites left"
		b.WriteString("Nobody removed all their construction sites, so nobody wins.")
	default:
		names := make([]string, len(winners))
		for i, w := range winners {
			names[i] = g.name(w)
		}
		best := scores[winners[0]-1].Total
		if len(winners) == 1 {
			l1 = fmt.Sprintf("%s wins", g.short(winners[0]))
		} else {
			l1 = "Shared win"
		}
		l2 = fmt.Sprintf("%d points", best)
		fmt.Fprintf(&b, "Winner: %s with %d points.", strings.Join(names, " and "), best)
	}
	e := g.event(rules.EventEnd, 0, l1, l2, b.String())
	e.Scores, e.Winners = scores, winners
	return e
}
