package decide

import (
	"fmt"
	"math"
	"strings"

	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
)

// PlaceRead is what was made of a Nord Sud Ovest Est or Map It! card's
// printed coordinates.
type PlaceRead struct {
	// LatText and LonText are the proposal as the card writes it ("41°N",
	// "38°54'N"); empty when nothing is proposed.
	LatText string `json:"lat,omitempty"`
	LonText string `json:"lon,omitempty"`
	// Lat and Lon are the proposal, signed (north and east positive).
	Lat  float64 `json:"-"`
	Lon  float64 `json:"-"`
	Sure bool    `json:"sure"`
	Why  string  `json:"why,omitempty"`
}

// Proposed says whether the read proposes coordinates.
func (p PlaceRead) Proposed() bool { return p.LatText != "" && p.LonText != "" }

// Tolerance is how far, in degrees, what a card prints may lie from
// tableref's coordinates for that card and still be taken: a Nord Sud
// Ovest Est card prints whole degrees (truncated or rounded: up to a
// degree off, and a publisher's town centre a little more); a Map It!
// card prints its place to a tenth of a degree or a minute. A figure
// misread is mostly further off than that ("41" as "47", "12.5" as
// "17.5"); those closer are caught by the readings disagreeing.
func Tolerance(game string) float64 {
	if game == geo.GameNSOE {
		return 1.5
	}
	return 0.5
}

// DecidePlace makes a card's proposal from the readings of its
// coordinates line (cardtext.CoordSide.Coords; seen is what its rows
// read, for the question). known is tableref's card of the sticker's
// number (ok false for a card tableref's deck lacks).
//
// The coordinates are sure when the same reading comes at two sizes or
// more, no other reading comes at all, the best is confident (three
// quarters of threshold) or read at three sizes, a Nord Sud Ovest Est card's are whole degrees, and they fit
// tableref's place for the card: each within Tolerance of tableref's
// coordinate and in the same hemisphere. A reading that does not fit is
// set aside when others fit; readings that still disagree propose
// nothing; a reading that does not fit, or came at one size only, is not
// even proposed (a user pressing Enter would take it). A card tableref
// does not know is always asked, proposing the one reading if there is
// one.
func DecidePlace(game string, readings []cardtext.Coords, seen []string, known geo.Card, ok bool, threshold float64) PlaceRead {
	type tally struct {
		c    cardtext.Coords
		n    int
		conf float64
	}
	var votes []*tally
	for _, r := range readings {
		var t *tally
		for _, v := range votes {
			if v.c.LatText == r.LatText && v.c.LonText == r.LonText {
				t = v
			}
		}
		if t == nil {
			t = &tally{c: r}
			votes = append(votes, t)
		}
		t.n++
		t.conf = math.Max(t.conf, r.Conf)
	}
	var out PlaceRead
	if len(votes) == 0 {
		out.Why = "no coordinates found on the card"
		if len(seen) > 0 {
			out.Why = fmt.Sprintf("the card reads %s: no coordinates in it", quoteAll(seen))
		}
		return out
	}
	// A reading that does not fit tableref's place for the card cannot be
	// what the card prints (the premise of every check below): where
	// others fit, it is a misread and set aside ("39.9°N" beside "59.9°N"
	// for Oslo), so the ones that fit must still agree.
	if ok && known.HasCoords && len(votes) > 1 {
		var fit []*tally
		for _, v := range votes {
			if fits(game, v.c, known) == "" {
				fit = append(fit, v)
			}
		}
		if len(fit) > 0 {
			votes = fit
		}
	}
	if len(votes) > 1 {
		var vs []string
		for _, v := range votes {
			vs = append(vs, v.c.String())
		}
		out.Why = fmt.Sprintf("the card reads %s", strings.Join(vs, " or "))
		return out
	}
	best := votes[0]
	c := best.c
	if !ok || !known.HasCoords {
		out.LatText, out.LonText, out.Lat, out.Lon = c.LatText, c.LonText, c.Lat, c.Lon
		out.Why = "a card the deck does not have yet: check its coordinates"
		return out
	}
	if why := fits(game, c, known); why != "" {
		out.Why = fmt.Sprintf("read %s, but %s", c, why)
		return out
	}
	if best.n < 2 {
		// Read at one size only: not even proposed. The full learn run
		// had a Map It! card printing 43.7° N read once as 43.77°N, which
		// fits Toronto: a user pressing Enter would have taken it.
		out.Why = fmt.Sprintf("read %s once only", c)
		return out
	}
	out.LatText, out.LonText, out.Lat, out.Lon = c.LatText, c.LonText, c.Lat, c.Lon
	switch {
	case best.conf < placeConfidence*threshold && best.n < 3:
		out.Why = fmt.Sprintf("read %s, but not clearly (%.0f%% sure)", c, best.conf)
	default:
		out.Sure = true
	}
	return out
}

// placeConfidence scales the confidence a number needs for coordinates:
// they must also lie where tableref places the card, which a misread
// figure rarely does, and Tesseract is less confident of a line of marks
// than of a number (a clear "59.9°N 10.7°E" scored 53 to 79).
const placeConfidence = 0.75

// fits says why coordinates read cannot be known's ("" when they can).
func fits(game string, c cardtext.Coords, known geo.Card) string {
	if game == geo.GameNSOE && !c.Whole {
		return "the cards of Nord Sud Ovest Est print whole degrees"
	}
	tol := Tolerance(game)
	for _, ax := range []struct {
		read, want float64
		word       string
	}{{c.Lat, known.Lat, "latitude"}, {c.Lon, known.Lon, "longitude"}} {
		if math.Abs(ax.read-ax.want) > tol {
			return fmt.Sprintf("tableref places %s at %s %.2f, more than %g° away", known.Name, ax.word, ax.want, tol)
		}
		// A letter misread (N for S) on a place far from the equator
		// or the meridian is caught above; near them, the hemisphere
		// letter must still agree where tableref's is clear.
		if math.Abs(ax.want) >= tol && math.Signbit(ax.read) != math.Signbit(ax.want) && ax.read != 0 {
			return fmt.Sprintf("tableref places %s in the other hemisphere (%s %.2f)", known.Name, ax.word, ax.want)
		}
	}
	return ""
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}
