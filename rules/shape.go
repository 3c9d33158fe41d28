package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Expect is the shape one zone of a finished table must have, as its mode
// knows it (Mode.Expect): a Strange World world is a full 4×4, a
// Cartographer's map holds 13 cards, a city board has 36 squares to read,
// a Map It! arm has no hole. A photo that does not show the whole shape
// has missed something (a card under a glare, a sticker too small), and a
// score taken from it would mislead: the missed card's points silently
// vanish.
type Expect struct {
	Zone string
	// What names the zone for people: "Ana's world".
	What string
	// Filled are cells that must each hold a card or a colour.
	Filled []Pos
	// Read are cells the photo must have read, empty or not (a city
	// board's squares: an empty square is fine, an unreadable one is not).
	Read []Pos
	// Cards is how many cards the zone must hold when the shape cannot say
	// which cells (a map grows any way); 0 means no count.
	Cards int
	// Why says what a gap means or what to do about it ("a card missed,
	// or one taken off after a challenge").
	Why string
	// Origin is the north-west cell of the shape: messages count rows and
	// columns from it, 1-based ("row 2 col 3" of a world), as players do.
	Origin Pos
	// CellName, when set, names a cell instead ("north arm, card 2").
	CellName func(Pos) string
}

// Gap is what a photo missed of an expected shape.
type Gap struct {
	Zone string `json:"zone"`
	What string `json:"what"`
	// Cells are the cells expected and not read, when the shape names
	// them.
	Cells []Pos `json:"cells,omitempty"`
	// Want and Got count the cards expected and read, when the cells
	// named do not account for every card missing.
	Want int `json:"want,omitempty"`
	Got  int `json:"got,omitempty"`
	// Text says what is missing, for people.
	Text string `json:"text"`
}

// ReadFunc reports whether a photo read cell p of a zone for sure: a
// card, a colour, or a square seen empty. Nil means the table is all
// there is: a cell in it was read, and an absent cell was seen empty.
type ReadFunc func(zone string, p Pos) bool

// FindGaps compares a table with the shapes its mode expects and returns
// what is missing, in the order of exp.
func FindGaps(exp []Expect, t Table, read ReadFunc) []Gap {
	var out []Gap
	for _, e := range exp {
		z := t.Zone(e.Zone)
		var missing []Pos
		for _, p := range e.Filled {
			if z.At(p).Empty() {
				missing = append(missing, p)
			}
		}
		if read != nil {
			for _, p := range e.Read {
				if !read(e.Zone, p) && !hasPos(missing, p) {
					missing = append(missing, p)
				}
			}
		}
		sortPos(missing)
		g := Gap{Zone: e.Zone, What: e.What, Cells: missing}
		var says []string
		if len(missing) > 0 {
			says = append(says, fmt.Sprintf("%s not read (%s)", Count(len(missing), "cell"), e.cellList(missing)))
		}
		if got := cardCount(z); e.Cards > 0 && got+len(missing) < e.Cards {
			g.Want, g.Got = e.Cards, got
			says = append(says, fmt.Sprintf("%d of %s read", got, Count(e.Cards, "card")))
		}
		if len(says) > 0 && e.Why != "" {
			says = append(says, e.Why)
		}
		if len(says) > 0 {
			g.Text = e.What + ": " + strings.Join(says, "; ")
			out = append(out, g)
		}
	}
	return out
}

// GridCells lists the cells of the rectangle from nw to se, in reading
// order.
func GridCells(nw, se Pos) []Pos {
	var out []Pos
	for r := nw.Row; r <= se.Row; r++ {
		for c := nw.Col; c <= se.Col; c++ {
			out = append(out, Pos{r, c})
		}
	}
	return out
}

func cardCount(z *Zone) int {
	n := 0
	for _, c := range z.cells() {
		if !c.Card.IsZero() {
			n++
		}
	}
	return n
}

func sortPos(ps []Pos) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Row != ps[j].Row {
			return ps[i].Row < ps[j].Row
		}
		return ps[i].Col < ps[j].Col
	})
}

// cellList names cells: "row 1 col 3, row 4 col 2", counted 1-based from
// the shape's origin, or as CellName says.
func (e Expect) cellList(ps []Pos) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		if e.CellName != nil {
			s[i] = e.CellName(p)
			continue
		}
		s[i] = fmt.Sprintf("row %d col %d", p.Row-e.Origin.Row+1, p.Col-e.Origin.Col+1)
	}
	return strings.Join(s, ", ")
}

func hasPos(ps []Pos, p Pos) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}
