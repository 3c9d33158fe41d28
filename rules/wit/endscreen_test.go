package wit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// screens are every display line of an event, screen after screen.
func screens(e rules.Event) string { return strings.Join(e.AllLines(), " / ") }

// Issue 18 item 4: a tie names the winners on the display, within 16×2;
// one point is "1 point". On the old code a shared Continental win said
// "Shared win / 12 each" without a name, and a win "1 points".
func TestContinentalEndScreenNamesTiedWinners(t *testing.T) {
	c := newCSU(t, []string{"Jane", "Marco", "Eva"}, nil)
	add := func(p int, pts ...int) {
		for _, n := range pts {
			c.g.Placements = append(c.g.Placements, placement{Player: p, Card: wt(6), Circles: max(n, 1), Right: n > 0, Points: n})
		}
	}
	add(1, 3, 2, 4, 0, 3)
	add(2, 2, 2, 1, 3, 4)
	add(3, 1)
	e := find(t, c.g.end(), rules.EventEnd)
	rulestest.CheckEvents(t, []rules.Event{e})
	if e.Short != [2]string{"Jane & Marco win", "12 points each"} {
		t.Errorf("tie screen %q, want Jane & Marco win / 12 points each", screens(e))
	}
	if !strings.Contains(e.Long, "Jane & Marco") {
		t.Errorf("long %q does not name both winners", e.Long)
	}

	one := newCSU(t, []string{"Ana", "Ben"}, nil)
	one.g.Placements = []placement{{Player: 1, Card: wt(6), Circles: 1, Right: true, Points: 1}}
	if e := find(t, one.g.end(), rules.EventEnd); e.Short != [2]string{"Ana wins", "1 point"} {
		t.Errorf("single point: %q, want Ana wins / 1 point", screens(e))
	}
}

// Long names that do not fit one screen spill onto a second screen, never
// cut.
func TestEndScreenLongNamesTakeTwoScreens(t *testing.T) {
	c := newCSU(t, []string{"Alexandra", "Bartholomew", "Constantin"}, nil)
	for p := 1; p <= 3; p++ {
		c.g.Placements = append(c.g.Placements, placement{Player: p, Card: wt(6), Circles: 2, Right: true, Points: 2})
	}
	e := find(t, c.g.end(), rules.EventEnd)
	rulestest.CheckEvents(t, []rules.Event{e})
	all := screens(e)
	for _, n := range []string{"Alexandra", "Bartholomew", "Constantin", "2 points each"} {
		if !strings.Contains(all, n) {
			t.Errorf("screens %q lack %q", all, n)
		}
	}
	if len(e.More) == 0 {
		t.Errorf("three long names on one screen? %q", all)
	}
}

// A Cartographer's Corner win decided by the closest circle says so on
// the display (WIT-10 played out).
func TestCartographerEndScreenSaysTieBreak(t *testing.T) {
	c := newCC(t, []string{"Left", "Right"}, map[string]string{OptCardsPerPlayer: "1"})
	c.see(grid(t, "Potosí"), grid(t, "Chiclayo"))
	c.see(grid(t, "Potosí", "Belo Horizonte"), grid(t, "Chiclayo"))
	evs := c.see(grid(t, "Potosí", "Belo Horizonte"), grid(t, "Piura|Chiclayo"))
	e := find(t, evs, rules.EventEnd)
	rulestest.CheckEvents(t, []rules.Event{e})
	all := screens(e)
	if e.Short != [2]string{"Left wins", "1 point"} || len(e.More) != 1 || e.More[0] != [2]string{"tie-break:", "closest circle"} {
		t.Errorf("tie-break win screens %q, want Left wins / 1 point, then tie-break: / closest circle", all)
	}
}
