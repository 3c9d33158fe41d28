package wit

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

// The green halves are the bottom and right halves: a circle is right
// when the northern (western) card has the lower NS (WE) rank.
func TestCircleOrientation(t *testing.T) {
	for _, tc := range []struct {
		rows  []string
		right bool
	}{
		{[]string{"Caracas", "Sucre"}, true},  // north above south
		{[]string{"Sucre", "Caracas"}, false}, // south above north
		{[]string{"Lima|Sucre"}, true},        // west left of east
		{[]string{"Sucre|Lima"}, false},       // east left of west
	} {
		cs := allCircles(fixture, layoutOf(grid(t, tc.rows...)))
		if len(cs) != 1 || cs[0].Right() != tc.right {
			t.Errorf("%v: circles %+v, want one with Right()=%v", tc.rows, cs, tc.right)
		}
	}
}

// WIT-7: Punta del Este's right circle reads green 85 vs 91 (right, +1),
// its bottom circle green 81 vs 42 (wrong, 0): 1 point from the two.
func TestWIT7PuntaDelEsteCircles(t *testing.T) {
	l := layoutOf(grid(t, "Punta del Este|Brasília", "Piura|."))
	cs := circlesAround(fixture, l, rules.Pos{})
	if len(cs) != 2 {
		t.Fatalf("Punta del Este forms %d circles, want 2", len(cs))
	}
	east, south := cs[0], cs[1] // order north, east, south, west
	if east.GreenNum != 85 || east.DarkNum != 91 || !east.Right() || east.Vertical {
		t.Errorf("right circle %+v: want green 85 vs 91, right", east)
	}
	if south.GreenNum != 81 || south.DarkNum != 42 || south.Right() || !south.Vertical {
		t.Errorf("bottom circle %+v: want green 81 vs 42, wrong", south)
	}
	points := 0
	for _, c := range cs {
		if c.Right() {
			points++
		}
	}
	if points != 1 {
		t.Errorf("%d points from Punta del Este's circles, want 1", points)
	}
}

func TestAllCirclesCountsEachPairOnce(t *testing.T) {
	// A 2×3 block has 3 vertical and 4 horizontal pairs; a card apart
	// (diagonal only) forms none.
	l := layoutOf(grid(t, "Quito|Bogotá|Caracas", "Lima|Cobija|Sucre", ".|.|.|Brasília"))
	if n := len(allCircles(fixture, l)); n != 7 {
		t.Errorf("%d circles, want 7", n)
	}
}

func TestCircleGapAndDescribe(t *testing.T) {
	c := Circle{Green: wt(11), Dark: wt(12), GreenNum: 63, DarkNum: 64, Vertical: true}
	if c.Gap() != 1 || !c.Right() {
		t.Errorf("63/64: gap %d right %v", c.Gap(), c.Right())
	}
	if got, want := c.Describe(fixture), "Potosí above Belo Horizonte: green 63 < 64"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	w := Circle{GreenNum: 81, DarkNum: 42}
	if w.Gap() != 39 || w.Right() {
		t.Errorf("81/42: gap %d right %v", w.Gap(), w.Right())
	}
	if (Circle{GreenNum: 7, DarkNum: 7}).Right() {
		t.Error("equal numbers must not count as right")
	}
}
