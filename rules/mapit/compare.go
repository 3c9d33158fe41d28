package mapit

import (
	"fmt"
	"math"
)

// inOrder reports whether the outer card O lies beyond the inner card I in
// the arm's direction: further north on the north arm, further east on the
// east arm, and so on. Longitude is signed with no wrap-around, as on the
// cards' flat map. Values level at the compared precision count as in
// order when tieIsCorrect (the placer is never wrong on a tie).
func inOrder(a Arm, inner, outer Place, tieIsCorrect bool) bool {
	var in, out int64
	switch a {
	case North, South:
		in, out = hundredths(inner.Lat), hundredths(outer.Lat)
	default:
		in, out = hundredths(inner.Lon), hundredths(outer.Lon)
	}
	if in == out {
		return tieIsCorrect
	}
	if a == North || a == East {
		return out > in
	}
	return out < in
}

// coord writes the coordinate an arm compares as the card prints it:
// "35.69° N", "77.04° W", or the deck file's own writing. It is "" for a
// card that does not print it.
func coord(a Arm, p Place) string {
	if p.Unprinted {
		return ""
	}
	v, pos, neg, text := p.Lon, "E", "W", p.LonText
	if a == North || a == South {
		v, pos, neg, text = p.Lat, "N", "S", p.LatText
	}
	if text != "" {
		return text
	}
	h := pos
	if v < 0 {
		h = neg
	}
	return fmt.Sprintf("%.2f° %s", math.Abs(v), h)
}

// relation says in words how the outer card must lie from the inner one.
func relation(a Arm) string {
	return [4]string{"north of", "east of", "south of", "west of"}[a]
}
