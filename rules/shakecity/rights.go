package shakecity

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Rounds is the length of a game; in the last FreeRounds the manager's
// colour (and the solo "most cubes" colour) is no longer locked (§6.4).
const (
	Rounds     = 15
	FreeRounds = 3
)

// rights is what decides which colours a player may choose (L6).
type rights struct {
	Round     int
	Solo      bool
	IsManager bool
	// ManagerColour is the colour the manager takes this round, "" when
	// the manager takes none (or has not yet shown it).
	ManagerColour rules.Colour
}

func (rt rights) locked() bool { return rt.Round <= Rounds-FreeRounds }

// colourProblem says why colour c may not be chosen from g ("" when it
// may): short fits a display line.
func colourProblem(g *Grid, c rules.Colour, rt rights) (short, long string) {
	if g.Count(c) == 0 {
		return fmt.Sprintf("no %s cubes", c), fmt.Sprintf("there is no %s cube in the grid", c)
	}
	if !rt.locked() {
		return "", ""
	}
	if rt.Solo {
		if most, unique := g.Most(); unique && most == c {
			return fmt.Sprintf("%s is most", c), fmt.Sprintf("solo: %s has the most cubes (%d) and may not be chosen before round %d", c, g.Count(c), Rounds-FreeRounds+1)
		}
		return "", ""
	}
	if !rt.IsManager && c == rt.ManagerColour {
		return fmt.Sprintf("%s is locked", c), fmt.Sprintf("the construction manager took %s, so it is locked for everyone else until round %d", c, Rounds-FreeRounds+1)
	}
	return "", ""
}

// allowedColours lists the colours a player may choose, in TileColours
// order.
func allowedColours(g *Grid, rt rights) []rules.Colour {
	var out []rules.Colour
	for _, c := range g.Present() {
		if s, _ := colourProblem(g, c, rt); s == "" {
			out = append(out, c)
		}
	}
	return out
}

// fittingColour returns an allowed colour whose whole pattern fits on
// the board, or "" when none does: placing nothing is legal only then
// (L4).
func fittingColour(g *Grid, rt rights, b *Board, rot int, blocked func(rules.Pos) bool) rules.Colour {
	for _, c := range allowedColours(g, rt) {
		if fitsSomewhere(turnTableToBoard(g.Pattern(c), rot), b, blocked) {
			return c
		}
	}
	return ""
}
