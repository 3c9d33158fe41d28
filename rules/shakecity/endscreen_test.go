package shakecity

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// endOf scores finished boards as a photo does and returns the end event.
func endOf(t *testing.T, players []string, opts map[string]string, boards ...Board) rules.Event {
	t.Helper()
	m, _ := rules.LookupMode(ModeID)
	if opts == nil {
		opts = map[string]string{}
	}
	opts["tiles"] = stc10Tiles.String()
	s := checkedSetup(t, players, opts)
	tab := rules.Table{Zones: map[string]*rules.Zone{}}
	for i, b := range boards {
		tab.Zones[BoardZone(i+1)] = zoneOf(b)
	}
	_, evs, err := m.ScoreTable(s, tab)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, evs)
	for _, e := range evs {
		if e.Kind == rules.EventEnd {
			return e
		}
	}
	t.Fatal("no end event")
	return rules.Event{}
}

func lines(e rules.Event) string { return strings.Join(e.AllLines(), " / ") }

// Issue 18 item 4: Shake That City's end screen names tied winners and
// says when a tie-break decided (the old screen said "Winner: / Ana, Ben"
// from a photo and "Shared win / 34 points" in play, and never named the
// tie-break).
func TestEndScreenTieBreaks(t *testing.T) {
	a := stc10(t) // 34 points, 4 scoring tiles, 7 empty squares
	// 34 points too, but 3 scoring tiles: the home moves off column 3.
	b := typeBoard(t,
		"R R S . H P",
		"F R . H P F",
		"F . S S R .",
		"H P R R R S",
		"H F . S . H",
		"R . H H P R")
	if ra, rb := Evaluate(profile(t, SideStandard), a, ScoreOptions{Tiles: stc10Tiles}), Evaluate(profile(t, SideStandard), b, ScoreOptions{Tiles: stc10Tiles}); ra.Total != rb.Total || len(ra.Fulfilled) != 4 || len(rb.Fulfilled) != 3 {
		t.Fatalf("fixture: %d/%d tiles vs %d/%d", ra.Total, len(ra.Fulfilled), rb.Total, len(rb.Fulfilled))
	}
	e := endOf(t, []string{"Ana", "Ben"}, nil, b, a)
	if e.Short != [2]string{"Ben wins", "34 points"} || len(e.More) != 1 || e.More[0] != [2]string{"tie-break: more", "scoring tiles"} {
		t.Errorf("tiles tie-break: %q", lines(e))
	}
	if !strings.Contains(e.Long, "more fulfilled scoring tiles decide") {
		t.Errorf("long %q does not say the tie-break", e.Long)
	}

	// Family variant: 12 points each (4 tiles); one more tile leaves
	// Ben 6 empty squares against Ana's 7.
	fuller := a
	fuller[2][5] = Home
	e = endOf(t, []string{"Ana", "Ben"}, map[string]string{"family": "true"}, a, fuller)
	if e.Short != [2]string{"Ben wins", "12 points"} || len(e.More) != 1 || e.More[0] != [2]string{"tie-break: fewer", "empty squares"} {
		t.Errorf("empty-squares tie-break: %q", lines(e))
	}

	e = endOf(t, []string{"Ana", "Ben"}, nil, a, a)
	if e.Short != [2]string{"Ana & Ben win", "34 points each"} || len(e.More) != 1 || !strings.HasPrefix(e.More[0][0], "tie-breaks equal") {
		t.Errorf("shared win: %q", lines(e))
	}
	if !strings.Contains(e.Long, "Ana & Ben win") {
		t.Errorf("long %q", e.Long)
	}
}

// "1 site left", not "1 site(s) left".
func TestSoloEndScreenSingular(t *testing.T) {
	e := endOf(t, []string{"Ana"}, nil, stc10(t)) // square (4,4) is empty: its site stays
	all := lines(e)
	if e.Short != [2]string{"Solo lost: 34", "1 site left"} {
		t.Errorf("solo loss screen %q", all)
	}
}
