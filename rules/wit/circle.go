package wit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Circle is the full circle two touching map-side cards form. The green
// half is the bottom or right half of a card, so the green card is the
// northern or western one of the pair; the circle is right when its green
// number is the lower one (rulebook), i.e. when the pair lies in the
// deck's order along that axis.
type Circle struct {
	Green, Dark       rules.CardID // the card showing the green half, and the other
	GreenNum, DarkNum int          // the two printed numbers
	Vertical          bool         // Green lies above Dark (NS ranks); else left of it (WE ranks)
}

// Right reports whether the green number is the lower one. Equal numbers
// cannot happen in a checked Deck and would count as wrong.
func (c Circle) Right() bool { return c.GreenNum < c.DarkNum }

// Gap is how far apart the two numbers are: the Cartographer tie-break.
func (c Circle) Gap() int {
	if c.GreenNum > c.DarkNum {
		return c.GreenNum - c.DarkNum
	}
	return c.DarkNum - c.GreenNum
}

// Describe says where the circle is and whether it is right, for long
// messages: "Lima above Sucre: green 37 < 50" with the cards' numbers, and
// in words where the cards do not print the deck's numbers: "Sucre above
// Lima: wrong, Lima is north of Sucre".
func (c Circle) Describe(d *Deck) string {
	where, op := "left of", ">"
	if c.Vertical {
		where = "above"
	}
	if c.Right() {
		op = "<"
	}
	if d.SaysNumbers() {
		return fmt.Sprintf("%s %s %s: green %d %s %d", d.Name(c.Green), where, d.Name(c.Dark), c.GreenNum, op, c.DarkNum)
	}
	return fmt.Sprintf("%s %s %s: %s", d.Name(c.Green), where, d.Name(c.Dark), c.Words(d))
}

// Words says what is right about the pair without a number: "right, Lima
// is north of Sucre" or "wrong, Manaus is west of Quito".
func (c Circle) Words(d *Deck) string {
	first, second, verdict := c.Green, c.Dark, "right"
	if !c.Right() {
		first, second, verdict = c.Dark, c.Green, "wrong"
	}
	dir := "west"
	if c.Vertical {
		dir = "north"
	}
	return fmt.Sprintf("%s, %s is %s of %s", verdict, d.Name(first), dir, d.Name(second))
}

// circleBetween returns the circle formed by the card at p and the card
// one step d away (d = South or East), if both are known to the deck.
func circleBetween(d *Deck, a, b rules.CardID, vertical bool) (Circle, bool) {
	ca, okA := d.Card(a)
	cb, okB := d.Card(b)
	if !okA || !okB {
		return Circle{}, false
	}
	if vertical {
		return Circle{Green: a, Dark: b, GreenNum: ca.NS, DarkNum: cb.NS, Vertical: true}, true
	}
	return Circle{Green: a, Dark: b, GreenNum: ca.WE, DarkNum: cb.WE}, true
}

// circlesAround returns the circles the card at p forms with its
// neighbours, in the order north, east, south, west.
func circlesAround(d *Deck, l layout, p rules.Pos) []Circle {
	id, ok := l[p]
	if !ok {
		return nil
	}
	var out []Circle
	for _, s := range rules.Steps {
		n, ok := l[p.Add(s)]
		if !ok {
			continue
		}
		var c Circle
		var found bool
		switch s {
		case rules.North:
			c, found = circleBetween(d, n, id, true)
		case rules.South:
			c, found = circleBetween(d, id, n, true)
		case rules.West:
			c, found = circleBetween(d, n, id, false)
		case rules.East:
			c, found = circleBetween(d, id, n, false)
		}
		if found {
			out = append(out, c)
		}
	}
	return out
}

// allCircles returns every circle of a layout once, in reading order of
// the northern or western card (its east circle before its south one).
func allCircles(d *Deck, l layout) []Circle {
	var out []Circle
	for _, p := range l.positions() {
		for _, s := range []rules.Pos{rules.East, rules.South} {
			n, ok := l[p.Add(s)]
			if !ok {
				continue
			}
			if c, ok := circleBetween(d, l[p], n, s == rules.South); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// wrongCircles keeps the circles whose green number is not the lower.
func wrongCircles(cs []Circle) []Circle {
	var out []Circle
	for _, c := range cs {
		if !c.Right() {
			out = append(out, c)
		}
	}
	return out
}
