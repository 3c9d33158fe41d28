package nsoe

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

var defaults = Rules{Strict: true, Tolerance: 2, ToleranceScope: ScopeSameLine, CompareWith: CompareAll}

// roma is the reference city in the central cell (4,4).
func roma(t *testing.T) Placed {
	return Placed{Pos: rules.Pos{Row: 4, Col: 4}, Card: cid(t, "Roma"), City: fixture[cid(t, "Roma")]}
}

func at(t *testing.T, name string, row, col int) Placed {
	return Placed{Pos: rules.Pos{Row: row, Col: col}, Card: cid(t, name), City: fixture[cid(t, name)]}
}

func judge(t *testing.T, r Rules, p Placed, board ...Placed) []Fault {
	t.Helper()
	return r.Judge(p, append([]Placed{roma(t)}, board...), cid(t, "Roma"))
}

func TestNSOE1NorthWestOfRoma(t *testing.T) {
	if f := judge(t, defaults, at(t, "P1", 3, 3)); len(f) != 0 {
		t.Fatalf("(45,9) NW of Roma: %v", f)
	}
}

func TestNSOE2SameRowWithinTolerance(t *testing.T) {
	if f := judge(t, defaults, at(t, "P2", 4, 5)); len(f) != 0 {
		t.Fatalf("(43,20) same row, east: %v", f)
	}
}

func TestNSOE3SameRowBeyondTolerance(t *testing.T) {
	f := judge(t, defaults, at(t, "P3", 4, 5))
	if len(f) != 1 || f[0].Why != "same row as Roma: latitude 44 is 3 away from 41, more than 2" {
		t.Fatalf("(44,20) same row, east: %v", f)
	}
}

func TestNSOE4SameColumnWithinTolerance(t *testing.T) {
	if f := judge(t, defaults, at(t, "P4", 2, 4)); len(f) != 0 {
		t.Fatalf("(52,13) two rows north, same column: %v", f)
	}
}

func TestNSOE5EqualLatitudeStrictAndNot(t *testing.T) {
	f := judge(t, defaults, at(t, "P5", 3, 3))
	if len(f) != 1 || f[0].Why != "north of Roma: latitude 41 is not above 41" {
		t.Fatalf("strict: %v", f)
	}
	loose := defaults
	loose.Strict = false
	if f := judge(t, loose, at(t, "P5", 3, 3)); len(f) != 0 {
		t.Fatalf("strict=false: %v", f)
	}
}

func TestNSOE6ComparedWithEveryCard(t *testing.T) {
	q := at(t, "Q6", 3, 2)
	if f := judge(t, defaults, at(t, "P6", 3, 3), q); len(f) != 0 {
		t.Fatalf("(50,5) beside Q(48,2): %v", f)
	}
	// The same card one column west of Q breaks the order with Q only.
	f := judge(t, defaults, at(t, "P6", 3, 1), q)
	if len(f) != 1 || f[0].Against.Card != q.Card || f[0].Why != "west of Q6: longitude 5 is not below 2" {
		t.Fatalf("(50,5) west of Q(48,2): %v", f)
	}
}

func TestToleranceScopeAllRelaxesEveryComparison(t *testing.T) {
	all := defaults
	all.ToleranceScope = ScopeAll
	// Madrid (40,-3) north of Roma (41): wrong strictly, right when
	// 40 > 41-2.
	p := at(t, "Madrid", 3, 3)
	if f := judge(t, defaults, p); len(f) != 1 {
		t.Fatalf("sameLine: %v", f)
	}
	if f := judge(t, all, p); len(f) != 0 {
		t.Fatalf("scope all: %v", f)
	}
	// Exactly at the relaxed bound: strict refuses, non-strict accepts.
	q := Placed{Pos: rules.Pos{Row: 3, Col: 3}, Card: cid(t, "Madrid"), City: City{"Edge", 39, 0}}
	if f := judge(t, all, q); len(f) != 1 || f[0].Why != "north of Roma: latitude 39 is not above 39" {
		t.Fatalf("strict at the bound: %v", f)
	}
	all.Strict = false
	if f := judge(t, all, q); len(f) != 0 {
		t.Fatalf("non-strict at the bound: %v", f)
	}
}

func TestToleranceOption(t *testing.T) {
	wide := defaults
	wide.Tolerance = 3
	if f := judge(t, wide, at(t, "P3", 4, 5)); len(f) != 0 {
		t.Fatalf("tolerance 3 admits |44-41|: %v", f)
	}
	// Same column: Berlino (52,13) above Roma passes |13-12| = 1 ≤ 2 but not ≤ 0.
	none := defaults
	none.Tolerance = 0
	f := judge(t, none, at(t, "Berlino", 2, 4))
	if len(f) != 1 || f[0].Why != "same column as Roma: longitude 13 is 1 away from 12, more than 0" {
		t.Fatalf("tolerance 0: %v", f)
	}
}

func TestCompareWithOrthogonalNeighbours(t *testing.T) {
	near := defaults
	near.CompareWith = CompareNeighbour
	// Lisbona (38,-9) sits north-east of Oslo (59,10), off both its row
	// and its column: wrong on both axes, but only "all" compares them.
	far := Placed{Pos: rules.Pos{Row: 0, Col: 8}, Card: cid(t, "Lisbona"), City: fixture[cid(t, "Lisbona")]}
	p := at(t, "Oslo", 1, 3)
	if f := judge(t, defaults, p, far); len(f) != 2 || f[0].Against.Card != far.Card || f[1].Against.Card != far.Card {
		t.Fatalf("all: %v", f)
	}
	if f := judge(t, near, p, far); len(f) != 0 {
		t.Fatalf("orthogonalNeighbours ignores a card off P's lines: %v", f)
	}
	// Along its column only the nearest card counts: Amburgo between Oslo
	// and a misplaced card further south.
	amburgo := at(t, "Amburgo", 2, 3)
	wrongFar := Placed{Pos: rules.Pos{Row: 3, Col: 3}, Card: cid(t, "Helsinki"), City: fixture[cid(t, "Helsinki")]}
	if f := judge(t, near, p, amburgo, wrongFar); len(f) != 0 {
		t.Fatalf("nearest only: %v", f)
	}
	if f := judge(t, defaults, p, amburgo, wrongFar); len(f) == 0 {
		t.Fatal("all compares with Helsinki too")
	}
}
