package draw

import (
	"math"
	"testing"
)

// The embedded fonts cover every name the decks print, including Latin
// Extended-A (Ł, ź); a missing glyph would print as an empty box.
func TestFontsCoverAccents(t *testing.T) {
	for _, s := range []string{"Bogotá", "São Paulo", "Encarnación", "Łódź", "Asunción", "41°N – 12°E"} {
		for _, f := range []Font{Regular, Bold} {
			if !Covers(f, s) {
				t.Errorf("%s lacks a glyph of %q", FamilyName(f), s)
			}
		}
	}
	if Covers(Regular, "東京") {
		t.Error("Covers claims CJK glyphs the Go fonts do not have")
	}
}

func TestWidthAndFit(t *testing.T) {
	w10, w20 := Width(Bold, 10, "Bogotá"), Width(Bold, 20, "Bogotá")
	if w10 <= 0 || math.Abs(w20-2*w10) > 1e-9 {
		t.Errorf("width does not scale with size: %g, %g", w10, w20)
	}
	long := "Santa Cruz de la Sierra"
	size := Fit(Bold, 17, 7, 40, long)
	if Width(Bold, size, long) > 40 || size >= 17 {
		t.Errorf("Fit gave %g pt, %g mm wide", size, Width(Bold, size, long))
	}
	if got := Fit(Bold, 17, 7, 1, long); got != 7 {
		t.Errorf("Fit went below its minimum: %g", got)
	}
	if x := StartX(50, Regular, 10, Center, "ab"); math.Abs(x-(50-Width(Regular, 10, "ab")/2)) > 1e-9 {
		t.Errorf("centred start %g", x)
	}
}

// A ring's hole runs the other way round, so nonzero filling leaves it
// empty: its signed area is the outer disc minus the inner one.
func TestRingHoleIsReversed(t *testing.T) {
	area := func(p []Pt) float64 {
		a := 0.0
		for i := range p {
			q := p[(i+1)%len(p)]
			a += p[i].X*q.Y - q.X*p[i].Y
		}
		return a / 2
	}
	r := Ring(0, 0, 10, 2)
	if a0, a1 := area(r[0]), area(r[1]); a0*a1 >= 0 {
		t.Errorf("outer and inner loops wind the same way: %g, %g", a0, a1)
	}
	f := Frame(0, 0, 10, 10, 1)
	if a0, a1 := area(f[0]), area(f[1]); a0*a1 >= 0 || math.Abs(a0+a1-(100-64)) > 1e-9 {
		t.Errorf("frame areas %g, %g", a0, a1)
	}
}
