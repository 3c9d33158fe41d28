package strangeworld

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// SoloRank is a solo score's place on the rulebook's scale (1–5) with its
// verdict, short for the display and in full.
type SoloRank struct {
	Rank  int
	Short string
	Long  string
}

var soloScale = []struct {
	min int
	SoloRank
}{
	{80, SoloRank{5, "Tzimimes bow", "Amazing! The Tzimimes bow, they have found their master. The strange World above the clouds is yours."}},
	{75, SoloRank{4, "You are home", "Wonderful! The Tzimimes are impressed, you are now home. Sit back and enjoy your strange World."}},
	{70, SoloRank{3, "Tolerated", "Oh, now we are happy, the Tzimimes are calm and tolerate you."}},
	{60, SoloRank{2, "Kicked out", "It is a good start but the Tzimimes decide to kick you out of the skies."}},
	{0, SoloRank{1, "Devoured!", "Who gave the right to create a world? Whoops! A Tzimime devours you."}},
}

// RankSolo places a solo total on the scale: ≤59, 60–69, 70–74, 75–79, ≥80.
func RankSolo(total int) SoloRank {
	for _, s := range soloScale {
		if total >= s.min {
			return s.SoloRank
		}
	}
	return soloScale[len(soloScale)-1].SoloRank
}

// finish scores the worlds and ends the game.
func (g *Game) finish() rules.Event {
	g.Phase = phaseOver
	g.Pending, g.Offer = nil, nil
	g.Final = g.scores()
	var lines []string
	for _, s := range g.Final {
		var parts []string
		for _, pt := range s.Parts {
			parts = append(parts, fmt.Sprintf("%s %d", pt.Category, pt.Points))
		}
		lines = append(lines, fmt.Sprintf("%s %d (%s)", s.Name, s.Total, strings.Join(parts, ", ")))
	}
	e := rules.Event{Kind: rules.EventEnd, Scores: g.Scores(), Winners: rules.Winners(g.Final)}
	if g.Solo != nil {
		r := RankSolo(g.Final[0].Total)
		e.Short = rules.Say(fmt.Sprintf("Score %d", g.Final[0].Total), r.Short)
		e.Long = fmt.Sprintf("World complete: %s. %s", lines[0], r.Long)
		return e
	}
	best := g.Final[e.Winners[0]-1]
	var names []string
	for _, p := range e.Winners {
		names = append(names, g.name(p))
	}
	stars := rules.Count(best.Total, "star")
	if len(names) > 1 {
		stars += " each"
	}
	e.SetScreens(rules.EndScreens(names, stars))
	if len(names) == 1 {
		e.Long = fmt.Sprintf("Game over: %s. %s wins.", strings.Join(lines, "; "), best.Name)
	} else {
		e.Long = fmt.Sprintf("Game over: %s. Shared win, %s: %s.", strings.Join(lines, "; "), stars, rules.JoinNames(names))
	}
	return e
}
