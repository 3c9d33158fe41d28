package wit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// holeInRow plays up to a hole in the top row: Ana pushes Caracas east
// with Piura, which is wrong (Bogotá's 15 is not below Piura's 3) and
// discarded, leaving Bogotá, a hole, Caracas. Ben is to play.
func holeInRow(t *testing.T, opts map[string]string) *csu {
	t.Helper()
	c := started(t, []string{"Ana", "Ben"}, opts)
	evs := c.see(0, 0, "Bogotá/B|Piura|Caracas/B", "Lima/B|Sucre/B|.")
	if v := find(t, evs, rules.EventVerdict); v.Verdict != rules.Wrong {
		t.Fatalf("Piura: %s", dump(evs))
	}
	c.see(0, 0, "Bogotá/B|.|Caracas/B", "Lima/B|Sucre/B|.")
	if c.g.Phase != phasePlay || c.g.active() != 2 {
		t.Fatalf("after the discard: phase %s, player %d", c.g.Phase, c.g.active())
	}
	return c
}

// Issue 18 item 1: the rulebook says "all cards in the chosen direction
// must also shift one space along with it" and never mentions a gap. Ben
// lays Quito on Bogotá's cell and shifts the whole row east, Bogotá into
// the hole and Caracas one further: by default that is as legal as
// pushing Bogotá alone, the circles that result are judged, and the
// verdict says which reading it saw. The old default (contiguous) warned
// "Caracas moved but is not in line" and scored nothing.
func TestContinentalPushAcrossAGapEitherReading(t *testing.T) {
	for _, tc := range []struct {
		name, row0, says string
	}{
		{"whole line", "Quito|Bogotá/B|.|Caracas/B", "the whole line moved, across the gap"},
		{"touching run", "Quito|Bogotá/B|Caracas/B", "the touching cards moved, up to the gap"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := holeInRow(t, nil)
			evs := c.see(0, 0, tc.row0, "Lima/B|Sucre/B")
			v := find(t, evs, rules.EventVerdict)
			if v.Verdict != rules.Right || v.Points != 2 || v.Player != 2 {
				t.Fatalf("Quito: %s", dump(evs))
			}
			if !strings.Contains(v.Long, tc.says) {
				t.Errorf("verdict %q does not say %q", v.Long, tc.says)
			}
			if i := find(t, evs, rules.EventInfo); !strings.Contains(strings.ToLower(i.Short[0]), "push") || i.Short[1] != "accepted" {
				t.Errorf("the display does not say which push it saw: %q", i.Short)
			}
		})
	}
	// Either reading can still be forced.
	c := holeInRow(t, map[string]string{OptPushScope: ScopeContiguous})
	if w := find(t, c.see(0, 0, "Quito|Bogotá/B|.|Caracas/B", "Lima/B|Sucre/B"), rules.EventWarning); !strings.Contains(w.Long, "Caracas moved but is not in line") {
		t.Errorf("contiguous forced: %q", w.Long)
	}
	c = holeInRow(t, map[string]string{OptPushScope: ScopeWholeLine})
	if w := find(t, c.see(0, 0, "Quito|Bogotá/B|Caracas/B", "Lima/B|Sucre/B"), rules.EventWarning); !strings.Contains(w.Long, "Caracas must move") {
		t.Errorf("whole line forced: %q", w.Long)
	}
	// Neither reading: moving a card beyond a second gap is refused.
	c = holeInRow(t, nil)
	if w := find(t, c.see(0, 0, "Quito|Bogotá/B|Caracas/B|.", "Lima/B|.|Sucre/B"), rules.EventWarning); !strings.Contains(w.Short[0]+w.Long, "moved") {
		t.Errorf("a card pushed off the line: %s", dump([]rules.Event{w}))
	}
}
