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
	var screens [][2]string
	switch {
	case g.cfg.solo && len(winners) == 1:
		screens = [][2]string{rules.Say(fmt.Sprintf("Solo win: %d", scores[0].Total), fmt.Sprintf("target %d", g.cfg.soloTarget))}
		b.WriteString("Solo: all construction sites removed and the target reached: you win!")
	case g.cfg.solo:
		l2 := fmt.Sprintf("target %d", g.cfg.soloTarget)
		if left := len(g.sitesLeft(1)); left > 0 {
			l2 = rules.Count(left, "site") + " left"
		}
		screens = [][2]string{rules.Say(fmt.Sprintf("Solo lost: %d", scores[0].Total), l2)}
		fmt.Fprintf(&b, "Solo: you need all 4 construction sites removed and at least %d points: not this time.", g.cfg.soloTarget)
	case len(winners) == 0:
		screens = rules.EndScreens(nil, "sites left")
		b.WriteString("Nobody removed all their construction sites, so nobody wins.")
	default:
		names := make([]string, len(winners))
		for i, w := range winners {
			names[i] = g.name(w)
		}
		best := scores[winners[0]-1].Total
		points := rules.Count(best, "point")
		if len(winners) > 1 {
			points += " each"
		}
		tie := decidedBy(g.eligible(scores), winners)
		var more [][2]string
		switch tie {
		case tieTiles:
			more = append(more, [2]string{"tie-break: more", "scoring tiles"})
		case tieEmpty:
			more = append(more, [2]string{"tie-break: fewer", "empty squares"})
		case tieEqual:
			more = append(more, [2]string{"tie-breaks equal", "too"})
		}
		screens = rules.EndScreens(names, points, more...)
		fmt.Fprintf(&b, "%s with %s.", rules.Wins(names), points)
		switch tie {
		case tieTiles:
			b.WriteString(" Equal on points: more fulfilled scoring tiles decide (rulebook tie-break 1).")
		case tieEmpty:
			b.WriteString(" Equal on points and scoring tiles: fewer empty squares decide (rulebook tie-break 2).")
		case tieEqual:
			b.WriteString(" Equal on points, scoring tiles and empty squares: a shared victory.")
		}
	}
	e := g.event(rules.EventEnd, 0, "", "", b.String())
	e.SetScreens(screens)
	e.Scores, e.Winners = scores, winners
	return e
}

// The tie-break that decided a Shake That City win (§6.9).
const (
	tieNone  = ""
	tieTiles = "tiles" // more fulfilled scoring tiles
	tieEmpty = "empty" // fewer empty squares
	tieEqual = "equal" // every tie-break equal: shared
)

// decidedBy says which tie-break separated the winners from the eligible
// players with the same total (the deepest one needed), or tieEqual when
// winners share the best total and no tie-break separated anyone. Scores
// carry TieBreak = [fulfilled tiles, -empty squares].
func decidedBy(eligible []rules.Score, winners []int) string {
	won := map[int]bool{}
	for _, w := range winners {
		won[w] = true
	}
	var w rules.Score
	for _, s := range eligible {
		if won[s.Player] {
			w = s
			break
		}
	}
	depth := -1
	for _, s := range eligible {
		if won[s.Player] || s.Total != w.Total {
			continue
		}
		i := 0
		for i < len(s.TieBreak) && i < len(w.TieBreak) && s.TieBreak[i] == w.TieBreak[i] {
			i++
		}
		depth = max(depth, i)
	}
	switch {
	case depth == 0:
		return tieTiles
	case depth > 0:
		return tieEmpty
	case len(winners) > 1:
		return tieEqual
	}
	return tieNone
}
