package shakecity

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Placement statuses: a round ends when every player is settled (right
// or pass).
const (
	stNone    = "none"    // no new tile yet
	stPartial = "partial" // fewer tiles than cubes so far
	stWaiting = "waiting" // complete, but the manager's colour is not known yet
	stRight   = "right"
	stWrong   = "wrong"
	stBroken  = "broken" // an earlier tile was moved, removed or covered (L5)
	stPass    = "pass"   // nothing, and no allowed colour fits anywhere (L4)
)

func settled(status string) bool { return status == stRight || status == stPass }

// judgement is the verdict on one player's placement as it stands.
type judgement struct {
	Status string
	Colour rules.Colour
	Added  []rules.Pos
	Short  string // display line: the reason, or what was placed
	Long   string
}

// additions returns the squares newly covered since the last accepted
// board, and the squares whose earlier tile changed.
func additions(pl *player) (added, changed []rules.Pos) {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			q := rules.Pos{Row: r, Col: c}
			base, now := pl.Board.At(q), pl.Seen.At(q)
			switch {
			case base != "" && now != base:
				changed = append(changed, q)
			case base == "" && now != "":
				added = append(added, q)
			}
		}
	}
	return added, changed
}

// managerColour is the colour the manager takes this round: the colour of
// the manager's new tiles, else the colour the manager declared. Once the
// round is ending a manager with no tiles locks nothing.
func (g *Game) managerColour() (rules.Colour, bool) {
	pl := g.Players[g.Manager-1]
	added, _ := additions(pl)
	if len(added) > 0 {
		c := pl.Seen.At(added[0])
		for _, q := range added {
			if pl.Seen.At(q) != c {
				return pl.Declared, pl.Declared != "" || g.EndAsked
			}
		}
		return c, true
	}
	if pl.Declared != "" {
		return pl.Declared, true
	}
	return "", g.EndAsked
}

func (g *Game) rights(p int, mc rules.Colour) rights {
	return rights{Round: g.Round, Solo: g.cfg.solo, IsManager: p == g.Manager, ManagerColour: mc}
}

// judge checks player p's new tiles against the grid: L1 (empty,
// buildable squares), L2 (exact pattern by translation), L3 (all the
// tiles of one colour), L5 (earlier tiles untouched), L6 (colour rights).
func (g *Game) judge(p int, mc rules.Colour, mcKnown bool) judgement {
	pl := g.Players[p-1]
	added, changed := additions(pl)
	if len(changed) > 0 {
		return judgement{Status: stBroken, Short: "moved " + cellName(changed[0]),
			Long: fmt.Sprintf("the tiles at %s were placed in an earlier round: they may not be moved, removed or covered; put them back", joinCells(changed))}
	}
	if len(added) == 0 {
		return judgement{Status: stNone}
	}
	j := judgement{Colour: pl.Seen.At(added[0]), Added: added}
	wrong := func(short, long string) judgement {
		j.Status, j.Short, j.Long = stWrong, short, long
		return j
	}
	for _, q := range added {
		if pl.Seen.At(q) != j.Colour {
			return wrong("mixed colours", fmt.Sprintf("the new tiles are of several colours (%s and %s): take tiles of one colour only", j.Colour, pl.Seen.At(q)))
		}
	}
	for _, s := range g.sitesLeft(p) {
		for _, q := range added {
			if q == s {
				return wrong(fmt.Sprintf("on site %d", g.siteNumber(s)), fmt.Sprintf("a tile lies on %s, which still holds a construction site: remove the site first (adjacent %s)", cellName(q), g.Sites[g.siteNumber(s)-1].Label()))
			}
		}
	}
	for _, q := range added {
		if g.cfg.profile.IsSea(q) {
			return wrong("on the sea", fmt.Sprintf("%s is sea: nothing can be built there", cellName(q)))
		}
	}
	rt := g.rights(p, mc)
	if g.Grid.Count(j.Colour) == 0 {
		s, l := colourProblem(g.Grid, j.Colour, rt)
		return wrong(s, l)
	}
	rightsKnown := p == g.Manager || g.cfg.solo || !rt.locked() || mcKnown
	if rightsKnown {
		if s, l := colourProblem(g.Grid, j.Colour, rt); s != "" {
			return wrong(s, l)
		}
	}
	pattern := turnTableToBoard(g.Grid.Pattern(j.Colour), g.cfg.profile.Rotation)
	switch need := len(pattern); {
	case len(added) < need:
		j.Status = stPartial
		j.Short = fmt.Sprintf("%d of %d", len(added), need)
		j.Long = fmt.Sprintf("%d of the %s are placed", len(added), count(need, j.Colour))
		return j
	case len(added) > need:
		return wrong(fmt.Sprintf("%d too many", len(added)-need),
			fmt.Sprintf("%d %s tiles were placed but the grid has %d %s cubes: take back %d", len(added), j.Colour, need, j.Colour, len(added)-need))
	}
	if why := matchShape(pattern, added); why != shapeOK {
		return wrong(why, fmt.Sprintf("the %s tiles at %s are not arranged as the cubes (%s): lay them exactly as the cubes lie in the grid, seen from your seat (no turning, no mirroring)", j.Colour, joinCells(added), why))
	}
	if !rightsKnown {
		j.Status, j.Short = stWaiting, "wait for manager"
		j.Long = "the placement is complete; it is judged once the construction manager's colour is known"
		return j
	}
	j.Status = stRight
	j.Short = count(len(added), j.Colour) + ": OK"
	j.Long = fmt.Sprintf("%s at %s: right", count(len(added), j.Colour), joinCells(added))
	return j
}

// siteNumber returns the 1-based number of the site on square q.
func (g *Game) siteNumber(q rules.Pos) int {
	for i := range g.Sites {
		if g.cfg.profile.Site(i) == q {
			return i + 1
		}
	}
	return 0
}

// passCheck settles a player who placed nothing once the round is
// ending: a pass is legal only if no colour they may choose fits (L4).
func (g *Game) passCheck(p int, mc rules.Colour) judgement {
	pl := g.Players[p-1]
	c := fittingColour(g.Grid, g.rights(p, mc), &pl.Board, g.cfg.profile.Rotation, g.blocked(p))
	if c == "" {
		return judgement{Status: stPass, Short: "nothing fits: OK",
			Long: "no colour you may choose fits on your board: you place nothing this round"}
	}
	return judgement{Status: stNone, Colour: c, Short: string(c) + " fits",
		Long: fmt.Sprintf("you must place tiles: the %s pattern fits on your board (you may only place nothing when no allowed colour fits)", c)}
}
