package layout

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestPokerOnA4AndLetter(t *testing.T) {
	for _, p := range []Paper{A4, Letter} {
		c, err := NewCards(p, Poker, 3, 3, 0)
		if err != nil {
			t.Fatal(err)
		}
		first, last := c.Front(0), c.Front(8)
		// Centred: equal margins left/right and top/bottom.
		if !near(first.X, p.W-(last.X+Poker.W)) || !near(first.Y, p.H-(last.Y+Poker.H)) {
			t.Errorf("%s: grid not centred: first %v, last %v", p.Name, first, last)
		}
		// Touching cards share their cut: 4 cuts per axis.
		if n := len(c.cutXs()); n != 4 {
			t.Errorf("%s: %d vertical cuts, want 4", p.Name, n)
		}
		if got := c.Front(4); !near(got.X, first.X+Poker.W) || !near(got.Y, first.Y+Poker.H) {
			t.Errorf("%s: middle card at %v", p.Name, got)
		}
	}
}

func TestBleedSpacesCards(t *testing.T) {
	c, err := NewCards(A4, Poker, 3, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	if gap := c.Front(1).X - (c.Front(0).X + Poker.W); !near(gap, 6) {
		t.Errorf("gap between cards with 3 mm bleed: %g, want 6", gap)
	}
	if n := len(c.cutXs()); n != 6 {
		t.Errorf("%d vertical cuts with bleed, want 6", n)
	}
	// 3 mm bleed needs 278.7 mm of height: not on Letter inside the margins.
	if _, err := NewCards(Letter, Poker, 3, 3, 3); err == nil {
		t.Error("3×3 poker cards with 3 mm bleed accepted on Letter")
	}
}

// A back lies where its front is once the sheet is turned over its long
// (vertical) edge: mirrored left to right, same height.
func TestBacksMirrorForLongEdgeDuplex(t *testing.T) {
	c, _ := NewCards(A4, Poker, 3, 3, 0)
	for i := 0; i < 9; i++ {
		f, b := c.Front(i), c.Back(i, 0, 0)
		if !near(b.X, A4.W-f.X-Poker.W) || !near(b.Y, f.Y) {
			t.Errorf("card %d: front %v, back %v", i, f, b)
		}
	}
	// The left column's backs are in the right column.
	if !near(c.Back(0, 0, 0).X, c.Front(2).X) || !near(c.Back(3, 0, 0).X, c.Front(5).X) {
		t.Error("backs of the left column are not on the right")
	}
	if b := c.Back(0, 1.5, -0.5); !near(b.X, c.Front(2).X+1.5) || !near(b.Y, c.Front(0).Y-0.5) {
		t.Errorf("offset not applied: %v", b)
	}
}

func TestAveryGeometry(t *testing.T) {
	for _, l := range []Labels{L7160, Avery5160} {
		if err := l.Validate(); err != nil {
			t.Error(err)
		}
		last := l.Pos(l.PerSheet()-1, 0, 0)
		// Avery sheets are symmetric: the right and bottom margins equal
		// the left and top ones.
		if math.Abs(l.Paper.W-(last.X+l.W)-l.Left) > 0.01 || math.Abs(l.Paper.H-(last.Y+l.H)-l.Top) > 0.01 {
			t.Errorf("%s: asymmetric margins, last label at %v", l.Name, last)
		}
	}
	if L7160.PerSheet() != 21 || Avery5160.PerSheet() != 30 {
		t.Error("label counts")
	}
}

func TestSlotsStartAtLabel(t *testing.T) {
	s, err := L7160.Slots(3, 20)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{0, 19}, {0, 20}, {1, 0}}
	for i := range want {
		if s[i] != want[i] {
			t.Errorf("slot %d = %v, want %v", i, s[i], want[i])
		}
	}
	if _, err := L7160.Slots(1, 22); err == nil {
		t.Error("label 22 of 21 accepted")
	}
}

func TestParse(t *testing.T) {
	if l, err := ParseLabels("grid:4x8", Letter); err != nil || l.PerSheet() != 32 || l.Validate() != nil {
		t.Errorf("grid:4x8: %v %v", l, err)
	}
	for _, bad := range []string{"grid:x", "l9999", "grid:20x40"} {
		if _, err := ParseLabels(bad, A4); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := ParsePaper("A5"); err == nil {
		t.Error("A5 accepted")
	}
}
