package nsoe

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Rules are the placement rules' options (REFERENCE.md §5.4).
type Rules struct {
	Strict         bool   `json:"strict"`         // strict order between different rows or columns
	Tolerance      int    `json:"tolerance"`      // degrees
	ToleranceScope string `json:"toleranceScope"` // "sameLine" or "all"
	CompareWith    string `json:"compareWith"`    // "all" or "orthogonalNeighbours"
}

// Values of the toleranceScope and compareWith options.
const (
	ScopeSameLine    = "sameLine"
	ScopeAll         = "all"
	CompareAll       = "all"
	CompareNeighbour = "orthogonalNeighbours"
)

// axis is one of the two tests between two cards: latitude against rows,
// longitude against columns.
type axis struct {
	line          string // "row" or "column": the same index on this axis
	coord         string // "latitude" or "longitude"
	before, after string // what a smaller / bigger grid index means: "north of" / "south of"
	beforeLarger  bool   // north of Q needs a larger latitude; west of Q a smaller longitude
}

var (
	rowAxis = axis{"row", "latitude", "north of", "south of", true}
	colAxis = axis{"column", "longitude", "west of", "east of", false}
)

// test checks one axis between P at grid index p with value v and Q (named
// qname) at q with value w, and says why it fails ("" when it holds). With
// words set the cards do not print v and w, so the reason says none of
// them: "same row as Roma, but more than 2° of latitude away".
func (r Rules) test(ax axis, p, q, v, w int, qname string, words bool) string {
	if p == q {
		if abs(v-w) <= r.Tolerance {
			return ""
		}
		if words {
			return fmt.Sprintf("same %s as %s, but more than %d° of %s away", ax.line, qname, r.Tolerance, ax.coord)
		}
		return fmt.Sprintf("same %s as %s: %s %d is %d away from %d, more than %d", ax.line, qname, ax.coord, v, abs(v-w), w, r.Tolerance)
	}
	slack := 0
	if r.ToleranceScope == ScopeAll {
		slack = r.Tolerance
	}
	where, larger := ax.after, !ax.beforeLarger
	if p < q {
		where, larger = ax.before, ax.beforeLarger
	}
	// P must be larger than w - slack, or smaller than w + slack; equal
	// passes only when the order is not strict.
	bound, d, word := w-slack, v-(w-slack), "above"
	if !larger {
		bound, d, word = w+slack, (w+slack)-v, "below"
	}
	if d > 0 || (!r.Strict && d == 0) {
		return ""
	}
	if !r.Strict {
		word = map[bool]string{true: "at least", false: "at most"}[larger]
	}
	if words {
		switch {
		case v == w:
			return fmt.Sprintf("%s %s, but at the same whole degree of %s", where, qname, ax.coord)
		case slack > 0:
			return fmt.Sprintf("%s %s, but more than %d° the other way", where, qname, slack)
		}
		return fmt.Sprintf("%s %s, but it lies %s it", where, qname, map[bool]string{true: ax.after, false: ax.before}[p < q])
	}
	return fmt.Sprintf("%s %s: %s %d is not %s %d", where, qname, ax.coord, v, word, bound)
}

// Placed is a card on the board: where and which city.
type Placed struct {
	Pos  rules.Pos
	Card rules.CardID
	City City
}

// Fault is one failed test: the card compared with and why.
type Fault struct {
	Against Placed
	Why     string
}

// Judge checks P against the cards it is compared with and returns every
// fault (none: the placement is right).
func (r Rules) Judge(p Placed, others []Placed, ref rules.CardID) []Fault {
	var out []Fault
	for _, q := range r.comparedWith(p, others, ref) {
		for _, why := range []string{
			r.test(rowAxis, p.Pos.Row, q.Pos.Row, p.City.Lat, q.City.Lat, q.City.Name, p.City.Unprinted || q.City.Unprinted),
			r.test(colAxis, p.Pos.Col, q.Pos.Col, p.City.Lon, q.City.Lon, q.City.Name, p.City.Unprinted || q.City.Unprinted),
		} {
			if why != "" {
				out = append(out, Fault{q, why})
			}
		}
	}
	return out
}

// comparedWith is every card on the board, or with compareWith =
// orthogonalNeighbours the reference city and the nearest card in each of
// the four directions along P's row and column.
func (r Rules) comparedWith(p Placed, others []Placed, ref rules.CardID) []Placed {
	if r.CompareWith != CompareNeighbour {
		return others
	}
	var nearest [4]*Placed
	var out []Placed
	for i, q := range others {
		if q.Card == ref {
			out = append(out, q)
			continue
		}
		dir, dist := -1, 0
		switch {
		case q.Pos.Col == p.Pos.Col && q.Pos.Row < p.Pos.Row:
			dir, dist = 0, p.Pos.Row-q.Pos.Row
		case q.Pos.Row == p.Pos.Row && q.Pos.Col > p.Pos.Col:
			dir, dist = 1, q.Pos.Col-p.Pos.Col
		case q.Pos.Col == p.Pos.Col && q.Pos.Row > p.Pos.Row:
			dir, dist = 2, q.Pos.Row-p.Pos.Row
		case q.Pos.Row == p.Pos.Row && q.Pos.Col < p.Pos.Col:
			dir, dist = 3, p.Pos.Col-q.Pos.Col
		}
		if dir >= 0 && (nearest[dir] == nil || dist < gridDist(p.Pos, nearest[dir].Pos)) {
			nearest[dir] = &others[i]
		}
	}
	for _, q := range nearest {
		if q != nil {
			out = append(out, *q)
		}
	}
	return out
}

func gridDist(a, b rules.Pos) int { return abs(a.Row-b.Row) + abs(a.Col-b.Col) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// degrees writes printed coordinates: "41N 12E", "64N 22W", and a 0
// with the hemisphere its card prints ("39N 0W" for Valencia). It is ""
// for a card that does not print them.
func degrees(c City) string {
	if c.Unprinted {
		return ""
	}
	ns, ew := "N", "E"
	if c.Lat < 0 || (c.Lat == 0 && c.South) {
		ns = "S"
	}
	if c.Lon < 0 || (c.Lon == 0 && c.West) {
		ew = "W"
	}
	return fmt.Sprintf("%d%s %d%s", abs(c.Lat), ns, abs(c.Lon), ew)
}

// named is a card's name with its printed degrees when it has them:
// "Napoli (40N 14E)", else "Napoli".
func named(c City) string {
	if d := degrees(c); d != "" {
		return c.Name + " (" + d + ")"
	}
	return c.Name
}
