package shakecity

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// BoardZone is the zone name of player p's city board.
func BoardZone(p int) string { return fmt.Sprintf("board:p%d", p) }

// ShakerZone is the zone name of the shaker's 3×3 output.
const ShakerZone = "shaker"

// Observe takes a stable snapshot: the shaker grid and every city board.
//
// Round flow: a valid 3×3 grid starts the placement step; each player's
// new tiles accumulate over snapshots and are judged once as many as the
// cubes are down (and again if they change). The round ends when every
// placement is right, or, once the cubes are back in the shaker (the
// shaker zone empty or changed) or "next" was pressed, when every player
// has either placed correctly or may legally place nothing.
func (g *Game) Observe(t rules.Table) []rules.Event {
	sp := g.newSpeech()
	if g.Phase == phaseOver {
		sp.complain("over", g.event(rules.EventInfo, 0, "Game over", "", "the game is over; start a new game to play again"))
		return g.done(sp)
	}
	g.readBoards(t, sp)
	grid, gerr := ReadGrid(t.Zone(ShakerZone), g.cfg.wild)
	if errors.Is(gerr, errShakerEmpty) {
		g.ShakerCleared = true
	}
	if g.Phase == phasePlace {
		// The round ends when the cubes are back in the shaker (the zone
		// is empty) or a new grid lies there. A grid that is only partly
		// seen (a hand over the cubes, cubes being collected) or misread
		// is neither: taking it as the end would judge a manager who is
		// still choosing as having placed nothing, and give the others a
		// verdict the manager's tiles then reverse (REFERENCE.md §6.4–§6.5).
		if errors.Is(gerr, errShakerEmpty) || (gerr == nil && grid != *g.Grid) {
			g.EndAsked = true
		}
		g.placements(sp)
		if g.Phase == phaseShake && errors.Is(gerr, errShakerEmpty) {
			g.ShakerCleared = true
		}
	}
	if g.Phase == phaseShake {
		g.shake(grid, gerr, sp)
	}
	return g.done(sp)
}

// readBoards updates what each board shows. A board zone missing from the
// snapshot was not seen (a hand over it): its last view stands.
func (g *Game) readBoards(t rules.Table, sp *speech) {
	for i, pl := range g.Players {
		p := i + 1
		z, ok := t.Zones[BoardZone(p)]
		if !ok {
			continue
		}
		b, problems := BoardFromZone(z)
		for _, pr := range problems {
			sp.complain(fmt.Sprintf("zone:%d:%s", p, pr), g.event(rules.EventWarning, p, g.short(p)+": board?", "not a tile", g.about(p, pr)))
		}
		pl.Seen = b
	}
}

// shake waits for a usable grid and starts the placement step.
func (g *Game) shake(grid Grid, gerr error, sp *speech) {
	for i, pl := range g.Players {
		p := i + 1
		added, changed := additions(pl)
		switch {
		case len(changed) > 0:
			sp.complain(fmt.Sprintf("moved:%d:%v", p, changed), g.event(rules.EventWarning, p, g.short(p)+": put back", "tile "+cellName(changed[0]),
				g.about(p, fmt.Sprintf("the tiles at %s were placed earlier and may not be moved, removed or covered", joinCells(changed)))))
		case len(added) > 0:
			sp.complain(fmt.Sprintf("early:%d", p), g.event(rules.EventWarning, p, g.short(p)+": wait", "for the shake",
				g.about(p, fmt.Sprintf("new tiles at %s before the cubes are shaken out", joinCells(added)))))
		}
	}
	var ge *GridError
	switch {
	case errors.Is(gerr, errShakerEmpty):
		return
	case errors.As(gerr, &ge) && ge.Misread:
		sp.complain("misread:"+ge.Reason, g.event(rules.EventWarning, 0, "Camera: cubes?", ge.Short, ge.Reason))
		return
	case gerr != nil:
		if g.ShakerCleared { // else: cubes from the last round being put back
			e := g.event(rules.EventDo, g.Manager, "Reshake!", ge.Short, ge.Reason)
			e.Action = "reshake"
			sp.complain("reshake:"+ge.Reason, e)
		}
		return
	}
	if !g.ShakerCleared && g.LastGrid != nil && grid == *g.LastGrid {
		return // last round's cubes still lie there
	}
	g.Grid = &grid
	g.Phase = phasePlace
	g.EndAsked = false
	for _, pl := range g.Players {
		pl.Status, pl.Reason, pl.Declared, pl.Announced = "", "", "", nil
	}
	long := fmt.Sprintf("Round %d of %d: the grid shows %s (%s). %s, the construction manager, chooses a colour first",
		g.Round, Rounds, grid.Summary(), strings.Join(grid.Rows(), "/"), g.name(g.Manager))
	switch {
	case g.cfg.solo && g.Round <= Rounds-FreeRounds:
		if most, unique := grid.Most(); unique {
			long += fmt.Sprintf("; %s has the most cubes and may not be chosen", most)
		} else {
			long += "; the most cubes are tied, so every colour may be chosen"
		}
	case g.cfg.solo:
		long += "; in rounds 13–15 every colour may be chosen"
	case g.Round <= Rounds-FreeRounds:
		long += "; that colour is locked for everyone else"
	default:
		long += "; in rounds 13–15 everyone may take any colour"
	}
	l2 := g.short(g.Manager) + " first"
	if g.cfg.solo {
		l2 = grid.Rows()[0] + " " + grid.Rows()[1] + " " + grid.Rows()[2]
	}
	sp.add(g.event(rules.EventRound, g.Manager, fmt.Sprintf("Round %d/%d", g.Round, Rounds), l2, long+"."))
	g.placements(sp)
}

// placements judges every player's tiles as they stand, says what
// changed, and ends the round when everybody is settled.
func (g *Game) placements(sp *speech) {
	mc, known := g.managerColour()
	allRight := true
	for i, pl := range g.Players {
		p := i + 1
		j := g.judge(p, mc, known)
		if j.Status == stNone && g.EndAsked {
			j = g.passCheck(p, mc)
		}
		g.report(p, pl, j, sp)
		allRight = allRight && j.Status == stRight
	}
	everyone := true
	for _, pl := range g.Players {
		everyone = everyone && settled(pl.Status)
	}
	if everyone && (g.EndAsked || allRight) {
		g.endRound(sp)
	}
}

// report says a new judgement once, and what is still missing when the
// round is ending.
func (g *Game) report(p int, pl *player, j judgement, sp *speech) {
	changed := j.Status != pl.Status || j.Short != pl.Reason
	pl.Status, pl.Reason = j.Status, j.Short
	if changed {
		switch j.Status {
		case stRight, stPass:
			e := g.event(rules.EventVerdict, p, g.short(p), j.Short, g.about(p, j.Long))
			e.Verdict = rules.Right
			sp.add(e)
			if j.Status == stRight {
				g.announce(p, &pl.Seen, sp)
			}
		case stWrong, stBroken:
			pl.Wrong++
			e := g.event(rules.EventVerdict, p, g.short(p)+": wrong", j.Short, g.about(p, "wrong: "+j.Long))
			e.Verdict = rules.Wrong
			sp.add(e)
		}
	}
	if !g.EndAsked {
		return
	}
	switch j.Status {
	case stNone:
		sp.complain(fmt.Sprintf("must:%d", p), g.event(rules.EventWarning, p, g.short(p)+" must place", j.Short, g.about(p, j.Long)))
	case stPartial:
		sp.complain(fmt.Sprintf("partial:%d:%s", p, j.Short), g.event(rules.EventWarning, p, g.short(p)+": "+j.Short, "place the rest", g.about(p, j.Long)))
	case stWrong, stBroken:
		sp.complain(fmt.Sprintf("fix:%d:%s", p, j.Short), g.event(rules.EventWarning, p, g.short(p)+": fix", j.Short, g.about(p, "the round cannot end yet: "+j.Long)))
	}
}

// announce tells player p which construction sites to remove and which
// scoring tiles to flip now that board b holds (§6.6, §6.11).
func (g *Game) announce(p int, b *Board, sp *speech) {
	pl := g.Players[p-1]
	for i, s := range g.Sites {
		n := i + 1
		if pl.Removed[i] || containsInt(pl.Announced, n) || !s.Met(b) {
			continue
		}
		pl.Announced = append(pl.Announced, n)
		e := g.event(rules.EventDo, p, g.short(p)+": remove", fmt.Sprintf("site %d (%s)", n, s), g.about(p,
			fmt.Sprintf("a %s lies next to a %s: remove construction site %d at %s", Building(s.A), Building(s.B), n, cellName(g.cfg.profile.Site(i)))))
		e.Action = "remove"
		sp.add(e)
	}
	for _, s := range Slots(g.cfg.profile, g.Layout) {
		if containsString(pl.Flipped, s.Name) || !s.Fulfilled(b) {
			continue
		}
		pl.Flipped = append(pl.Flipped, s.Name)
		l2 := s.Name + " " + string(s.Kind)
		if s.Kind == TileCorner {
			l2 = "corner tile"
		}
		e := g.event(rules.EventDo, p, g.short(p)+": flip", l2, g.about(p, fmt.Sprintf("scoring tile %s is fulfilled: turn it to its yellow back (+%d)", s.Label(), PointsPerTile)))
		e.Action = "flip"
		sp.add(e)
	}
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func containsString(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
