package wit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// start is the map the move tests start from:
//
//	Bogotá  Caracas
//	Lima    Sucre
func startMap(t *testing.T) layout { return layoutOf(grid(t, "Bogotá|Caracas", "Lima|Sucre")) }

func TestInferMoveLegal(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cur    []string
		origin rules.Pos
		scope  string
		dir    rules.Pos
		pushed string
	}{
		{"beside east", []string{"Bogotá|Caracas|Cobija", "Lima|Sucre"}, rules.Pos{}, ScopeContiguous, rules.Pos{}, ""},
		{"beside north-west", []string{"Cobija|.", "Bogotá|Caracas", "Lima|Sucre"}, rules.Pos{Row: -1}, ScopeContiguous, rules.Pos{}, ""},
		{"push Caracas east", []string{"Bogotá|Cobija|Caracas", "Lima|Sucre"}, rules.Pos{}, ScopeContiguous, rules.East, "Caracas"},
		{"push Caracas west with Bogotá", []string{"Bogotá|Caracas|Cobija", ".|Lima|Sucre"}, rules.Pos{Col: -1}, ScopeContiguous, rules.West, "Caracas Bogotá"},
		{"push Caracas south with Sucre", []string{"Bogotá|Cobija", "Lima|Caracas", ".|Sucre"}, rules.Pos{}, ScopeContiguous, rules.South, "Caracas Sucre"},
		{"push Caracas north", []string{".|Caracas", "Bogotá|Cobija", "Lima|Sucre"}, rules.Pos{Row: -1}, ScopeContiguous, rules.North, "Caracas"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cur := layoutOf(shifted(grid(t, tc.cur...), tc.origin))
			m, ok, bm := inferMove(startMap(t), cur, tc.scope, fixture.Name)
			if bm != nil || !ok {
				t.Fatalf("ok %v, error %+v; want a legal move", ok, bm)
			}
			if m.Card != id(t, "Cobija") || m.Dir != tc.dir || names(m.Pushed) != tc.pushed {
				t.Errorf("move %s at %v dir %v pushed %q; want Cobija dir %v pushed %q", m.Card, m.At, m.Dir, names(m.Pushed), tc.dir, tc.pushed)
			}
			if !m.after(startMap(t)).equal(cur) {
				t.Error("applying the inferred move to the old map does not give the new one")
			}
		})
	}
}

func names(ids []rules.CardID) string {
	var out []string
	for _, id := range ids {
		out = append(out, fixture.Name(id))
	}
	return strings.Join(out, " ")
}

// A push moves the run of touching cards up to the first gap; with
// pushScope=wholeLine the cards beyond the gap move too.
func TestInferMovePushScope(t *testing.T) {
	prev := layoutOf(grid(t, "Lima|Cobija|.|Sucre"))
	run := layoutOf(shifted(grid(t, "Lima|Cobija|Quito|.|Sucre"), rules.Pos{Col: -1})) // Quito into Cobija's cell pushes Cobija and Lima west
	if m, ok, bm := inferMove(prev, run, ScopeContiguous, fixture.Name); !ok || bm != nil || names(m.Pushed) != "Cobija Lima" {
		t.Errorf("contiguous west push: %+v %v %+v", m, ok, bm)
	}
	east := layoutOf(grid(t, "Lima|Quito|Cobija|Sucre"))
	if _, ok, bm := inferMove(prev, east, ScopeContiguous, fixture.Name); !ok || bm != nil {
		t.Errorf("contiguous east push up to the gap: %v %+v", ok, bm)
	}
	if _, _, bm := inferMove(prev, east, ScopeWholeLine, fixture.Name); bm == nil || !strings.Contains(bm.Long, "Sucre must move") {
		t.Errorf("whole-line push that leaves Sucre: %+v, want Sucre must move too", bm)
	}
	whole := layoutOf(grid(t, "Lima|Quito|Cobija|.|Sucre"))
	if m, ok, bm := inferMove(prev, whole, ScopeWholeLine, fixture.Name); !ok || bm != nil || names(m.Pushed) != "Cobija Sucre" {
		t.Errorf("whole-line push: %+v %v %+v", m, ok, bm)
	}
	if _, _, bm := inferMove(prev, whole, ScopeContiguous, fixture.Name); bm == nil || !strings.Contains(bm.Long, "Sucre moved") {
		t.Errorf("contiguous push that also moves Sucre beyond the gap: %+v", bm)
	}
}

func TestInferMoveRejects(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cur   []string
		short string // the first short line must contain this
		long  string // and the long message this
	}{
		{"diagonal only", []string{"Bogotá|Caracas|.", "Lima|Sucre|.", ".|.|Cobija"}, "diagonal", "only at a corner"},
		{"gap", []string{"Bogotá|Caracas|.|Cobija", "Lima|Sucre"}, "gap", "does not touch the map"},
		{"two new cards", []string{"Bogotá|Caracas|Cobija", "Lima|Sucre|Quito"}, "2 new cards", "Cobija and Quito appeared at once"},
		{"card gone", []string{"Bogotá|Caracas", "Lima|."}, "Sucre missing", "Sucre is gone"},
		{"moved two cells", []string{"Bogotá|Cobija|.|Caracas", "Lima|Sucre"}, "Caracas moved", "moved 2 cells"},
		{"moved diagonally", []string{"Bogotá|Cobija|.", "Lima|Sucre|Caracas"}, "Caracas moved", "moved diagonally"},
		{"different ways", []string{"Bogotá|Cobija|Caracas", "Lima|.", ".|Sucre"}, "Cards moved", "the same way"},
		{"moved, no new card", []string{"Bogotá|.|Caracas", "Lima|Sucre"}, "Moved: Caracas", "no new card"},
		{"not in the freed cell", []string{"Bogotá|.|Caracas", "Lima|Sucre|Cobija"}, "Cobija: cell?", "not in the cell it left"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ok, bm := inferMove(startMap(t), layoutOf(grid(t, tc.cur...)), ScopeContiguous, fixture.Name)
			if bm == nil || ok {
				t.Fatalf("ok %v, no error; want a rejection", ok)
			}
			if !strings.Contains(bm.Short[0], tc.short) || !strings.Contains(bm.Long, tc.long) {
				t.Errorf("rejection %q / %q; want %q / %q", bm.Short, bm.Long, tc.short, tc.long)
			}
		})
	}
}

// A push stops at the first gap; every card of the run moves exactly one
// cell the same way.
func TestInferMoveRunMustMoveTogether(t *testing.T) {
	prev := layoutOf(grid(t, "Bogotá|Caracas", "Lima|.", ".|Sucre"))
	cur := layoutOf(grid(t, "Bogotá|Cobija", "Lima|Caracas", ".|Sucre"))
	if _, ok, bm := inferMove(prev, cur, ScopeContiguous, fixture.Name); !ok || bm != nil {
		t.Errorf("Caracas into the gap above Sucre: %v %+v, want legal", ok, bm)
	}
	prev = layoutOf(grid(t, "Quito|Bogotá|Caracas"))
	cur = layoutOf(grid(t, "Quito|Cobija|Bogotá|.|Caracas"))
	_, _, bm := inferMove(prev, cur, ScopeContiguous, fixture.Name)
	if bm == nil || !strings.Contains(bm.Long, "Caracas moved 2 cells") {
		t.Errorf("Caracas jumping 2 cells: %+v", bm)
	}
	cur = layoutOf(grid(t, "Quito|Cobija|Bogotá", ".|.|Caracas"))
	_, _, bm = inferMove(prev, cur, ScopeContiguous, fixture.Name)
	if bm == nil || !strings.Contains(bm.Long, "same way") {
		t.Errorf("Caracas pushed off the line: %+v", bm)
	}
}

func TestInferMoveNothingNew(t *testing.T) {
	flipped := layoutOf(grid(t, "Bogotá/B|Caracas", "Lima|Sucre/B"))
	if _, ok, bm := inferMove(startMap(t), flipped, ScopeContiguous, fixture.Name); ok || bm != nil {
		t.Errorf("flips only: ok %v error %+v; want no move and no error", ok, bm)
	}
}
