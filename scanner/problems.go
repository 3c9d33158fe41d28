package scanner

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Short says the problem in two lines of a 16×2 display: what is wrong
// and what to do. Text says it in full, with the cards and cells, for the
// page and the log.
func (p Problem) Short() [2]string {
	where := p.Zone
	switch p.Kind {
	case ProblemSameCell:
		return rules.Say("2 cards, 1 cell", "one card a cell")
	case ProblemBetween:
		return rules.Say("Card off the grid", "push it in line")
	case ProblemTurned:
		return rules.Say("Card turned", "lay it square")
	case ProblemUnknown:
		if len(p.Cells) > 0 {
			where = fmt.Sprintf("%s: %s", rules.Count(len(p.Cells), "cell"), p.Zone)
		}
		return rules.Say("Colour unknown", where)
	case ProblemCorners:
		return rules.Say("Corner not seen", where)
	case ProblemNoZone:
		return rules.Say("Whose cards?", "check markers")
	case ProblemTwice:
		return rules.Say("Card seen twice", "take the copy")
	case ProblemPlane:
		return rules.Say("Table not found", "calibrate table")
	case ProblemCovered:
		return rules.Say("Hand over table", "take it away")
	case ProblemReshake:
		return rules.Say("Shake again", "cubes not 3x3")
	case ProblemNotCaptured:
		return rules.Say("Board not", "captured empty")
	case ProblemMarker:
		return rules.Say("Move the markers", "see the page")
	}
	return rules.Say("Table unreadable", "see the page")
}
