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

// NSOE-1…NSOE-5: a card against ROMA (41, 12) in the central cell (4,4),
// with the default rules; want is "" for a right card, else the fault.
func TestNSOEExamplesAgainstRoma(t *testing.T) {
	for _, c := range []struct {
		id, card string
		row, col int
		want     string
	}{
		{"NSOE-1 (45,9) north-west", "P1", 3, 3, ""},
		{"NSOE-2 (43,20) same row, |43-41| = 2", "P2", 4, 5, ""},
		{"NSOE-3 (44,20) same row, |44-41| = 3", "P3", 4, 5, "same row as Roma: latitude 44 is 3 away from 41, more than 2"},
		{"NSOE-4 (52,13) same column, |13-12| = 1", "P4", 2, 4, ""},
		{"NSOE-5 (41,2) north-west, equal latitude, strict", "P5", 3, 3, "north of Roma: latitude 41 is not above 41"},
	} {
		t.Run(c.id, func(t *testing.T) {
			f := judge(t, defaults, at(t, c.card, c.row, c.col))
			switch {
			case c.want == "" && len(f) != 0:
				t.Errorf("want right, got %v", f)
			case c.want != "" && (len(f) != 1 || f[0].Why != c.want):
				t.Errorf("want %q, got %v", c.want, f)
			}
		})
	}
}

// NSOE-5 with strict=false: equal latitude in different rows is fine.
func TestNSOE5NonStrictAcceptsEqual(t *testing.T) {
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
	q := Placed{Pos: rules.Pos{Row: 3, Col: 3}, Card: cid(t, "Madrid"), City: City{Name: "Edge", Lat: 39, Lon: 0}}
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
