package shakecity

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Input takes "next" (the round is ending: like cubes back in the
// shaker) and "choose" (a colour a player takes this round; before the
// first shake also "tiles=…" or "sites=…" to say how the scoring tiles and
// construction sites were laid).
func (g *Game) Input(in rules.Input) []rules.Event {
	sp := g.newSpeech()
	sp.prev = nil // an input is answered even if it repeats
	switch {
	case g.Phase == phaseOver:
		sp.add(g.event(rules.EventInfo, in.Player, "Game over", "", "the game is over"))
	case in.Type == rules.InputNext && g.Phase == phasePlace:
		g.EndAsked = true
		g.placements(sp)
	case in.Type == rules.InputNext:
		sp.add(g.event(rules.EventWarning, in.Player, "Shake first", g.short(g.Manager)+" shakes",
			fmt.Sprintf("there is no round to end: %s shakes 9 cubes out first", g.name(g.Manager))))
	case in.Type == rules.InputChoose:
		g.choose(in, sp)
	default:
		sp.add(g.event(rules.EventWarning, in.Player, "Not used here", string(in.Type),
			fmt.Sprintf("Shake That City does not use the %q input (it takes next and choose)", in.Type)))
	}
	evs := sp.events
	g.Said = append(g.Said, sp.keys...)
	return evs
}

func (g *Game) choose(in rules.Input, sp *speech) {
	choice := strings.TrimSpace(in.Choice)
	key, value, isSetting := strings.Cut(choice, "=")
	if isSetting {
		if g.Round != 1 || g.Phase != phaseShake {
			sp.add(g.event(rules.EventWarning, in.Player, "Too late", "set before shake",
				"scoring tiles and construction sites are set before the first shake"))
			return
		}
		var err error
		switch strings.TrimSpace(key) {
		case "tiles":
			var l Layout
			if l, err = ParseLayout(value); err == nil {
				g.Layout = l
			}
		case "sites":
			var s []Site
			if s, err = ParseSites(value); err == nil && g.Sites != nil {
				g.Sites = s
			} else if err == nil {
				err = fmt.Errorf("this game is played without construction sites")
			}
		default:
			err = fmt.Errorf("%q: want tiles=… or sites=…", key)
		}
		if err != nil {
			sp.add(g.event(rules.EventWarning, in.Player, "Setup not taken", strings.TrimSpace(key), err.Error()))
			return
		}
		sp.add(g.event(rules.EventInfo, in.Player, "Setup taken", strings.TrimSpace(key), fmt.Sprintf("%s set to %s", strings.TrimSpace(key), strings.TrimSpace(value))))
		return
	}
	c, ok := rules.ParseColour(choice)
	if !ok || !isTileColour(c) || in.Player < 1 || in.Player > len(g.Players) || g.Phase != phasePlace {
		sp.add(g.event(rules.EventWarning, in.Player, "Choice?", rules.ShortName(choice, 16),
			fmt.Sprintf("choose takes a player and a tile colour (red, blue, black, green, grey) during the placement step, got %q", choice)))
		return
	}
	mc, _ := g.managerColour()
	if in.Player == g.Manager {
		mc = c
	}
	if s, l := colourProblem(g.Grid, c, g.rights(in.Player, mc)); s != "" {
		e := g.event(rules.EventVerdict, in.Player, g.short(in.Player)+": no", s, g.about(in.Player, l))
		e.Verdict = rules.Wrong
		sp.add(e)
		return
	}
	g.Players[in.Player-1].Declared = c
	sp.add(g.event(rules.EventInfo, in.Player, g.short(in.Player)+" takes", string(c), g.about(in.Player, fmt.Sprintf("takes %s this round", c))))
	g.placements(sp)
}
