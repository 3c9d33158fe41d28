package strangeworld

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Input takes what players tell the referee:
//   - choose, Choice "left" or "right": the Sun's arrow for this turn (if
//     zone "sun" is not watched). Before the first card of the game,
//     Player names the Sun holder too.
//   - pass (or next): the player welcomes no Traveller after a portal.
func (g *Game) Input(in rules.Input) []rules.Event {
	warn := func(s1, s2, long string) []rules.Event {
		return []rules.Event{{Kind: rules.EventWarning, Player: in.Player, Short: rules.Say(s1, s2), Long: long}}
	}
	if g.Phase == phaseOver {
		return warn("Game over", string(in.Type), fmt.Sprintf("The game is over; %q is ignored.", in.Type))
	}
	switch in.Type {
	case rules.InputChoose:
		return g.chooseSun(in, warn)
	case rules.InputPass, rules.InputNext:
		of := g.Offer
		if of == nil || (in.Player != 0 && in.Player != of.Player) {
			return warn("Nothing to skip", "", "No Traveller is on offer for this player; nothing to pass.")
		}
		g.Offer = nil
		evs := []rules.Event{{Kind: rules.EventInfo, Player: of.Player,
			Short: rules.Say(g.short(of.Player), "no Traveller"),
			Long:  fmt.Sprintf("%s welcomes no Traveller through this portal.", g.name(of.Player))}}
		if of.Final {
			g.endTurn(&evs)
		}
		return evs
	case rules.InputUndo:
		return warn("Undo", "by the journal", "Undo is done by the daemon, which replays the journal without the last step.")
	}
	return warn("Not used here", string(in.Type), fmt.Sprintf("Strange World does not use the input %q.", in.Type))
}

func (g *Game) chooseSun(in rules.Input, warn func(s1, s2, long string) []rules.Event) []rules.Event {
	if g.Solo != nil {
		return warn("No Sun in solo", "", "The solo game has no Sun card.")
	}
	dir := strings.ToLower(strings.TrimSpace(in.Choice))
	if dir != dirLeft && dir != dirRight {
		return warn("Sun: left/right", "", fmt.Sprintf("choose %q: the Sun's arrow is left or right.", in.Choice))
	}
	first := g.Phase == phaseStart || (g.Turn == 1 && g.Step == 0)
	if in.Player != 0 && in.Player != g.Holder {
		if !first {
			return warn("Not Sun holder", g.short(in.Player), fmt.Sprintf("%s holds the Sun this turn, not %s.", g.name(g.Holder), g.name(in.Player)))
		}
		g.Holder = in.Player
		g.Told = false
	}
	if g.Locked && dir != g.Dir {
		return warn("Sun is set", "for this turn", fmt.Sprintf("The play order of this turn is fixed (%s); turn the Sun when the turn ends.", g.Dir))
	}
	g.Dir = dir
	return []rules.Event{{Kind: rules.EventInfo, Player: g.Holder,
		Short: rules.Say("Sun: "+dir, g.short(g.Holder)+" first"),
		Long:  fmt.Sprintf("%s holds the Sun, arrow %s: play order %s.", g.name(g.Holder), dir, g.orderNames())}}
}
