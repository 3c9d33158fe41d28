package mapit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// expectCross is the shape of a finished cross (rules.Mode.Expect): the
// centre card at (0,0), and each arm a line of cards from the centre out
// to its last card. A hole in an arm is either a card the camera missed
// or a card taken away after a challenge; the photo cannot tell which,
// and a missed card changes which pairs are judged, so the hole is named
// and the players close it (or accept the gap).
func expectCross(s rules.Setup, t rules.Table) []rules.Expect {
	e := rules.Expect{Zone: Zone, What: "the cross", Filled: []rules.Pos{{}},
		Why: "a card there was missed, or taken off after a challenge: close the gap and take the photo again"}
	z := t.Zone(Zone)
	far := [4]int{}
	for _, p := range z.Positions() {
		if a, d, ok := armOf(p); ok {
			far[a] = max(far[a], d)
		}
	}
	step := [4]rules.Pos{North: rules.North, East: rules.East, South: rules.South, West: rules.West}
	for _, a := range arms {
		at := rules.Pos{}
		for d := 1; d < far[a]; d++ {
			at = at.Add(step[a])
			e.Filled = append(e.Filled, at)
		}
	}
	e.CellName = func(p rules.Pos) string {
		a, d, ok := armOf(p)
		if !ok {
			return "the centre"
		}
		return fmt.Sprintf("%s arm, card %d", a, d)
	}
	return []rules.Expect{e}
}
