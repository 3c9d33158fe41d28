package shakecity

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

func zoneOf(b Board) *rules.Zone {
	z := &rules.Zone{}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			z.Set(rules.Pos{Row: r, Col: c}, rules.Cell{Colour: b.At(rules.Pos{Row: r, Col: c})})
		}
	}
	return z
}

func checkedSetup(t *testing.T, players []string, opts map[string]string) rules.Setup {
	t.Helper()
	m, _ := rules.LookupMode(ModeID)
	s, err := m.Check(rules.Setup{Mode: ModeID, Players: players, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestScoreCityTable: STC-10 from a photo. The board scores 34 (22 from
// tiles, 4 scoring tiles); the per-square events add up to the 22; the
// other player's board is missing from the photo and scores 0 with a
// warning; the STC-10 player wins.
func TestScoreCityTable(t *testing.T) {
	m, _ := rules.LookupMode(ModeID)
	s := checkedSetup(t, []string{"Ana", "Ben"}, map[string]string{"tiles": stc10Tiles.String()})
	scores, evs, err := m.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{BoardZone(1): zoneOf(stc10(t))}})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, evs)
	if len(scores) != 2 || scores[0].Total != 34 || scores[1].Total != 0 {
		t.Fatalf("scores %+v, want 34 and 0", scores)
	}
	sum, squares, missing := 0, 0, false
	var end *rules.Event
	for i, e := range evs {
		switch e.Kind {
		case rules.EventPoints:
			if e.Player != 1 || !strings.HasPrefix(e.Action, "cell board:p1 ") {
				t.Errorf("square event %+v", e)
			}
			sum += e.Points
			squares++
		case rules.EventWarning:
			missing = missing || (e.Player == 2 && strings.Contains(e.Long, "not in the photo"))
		case rules.EventEnd:
			end = &evs[i]
		}
	}
	if sum != 22 || squares != 29 {
		t.Errorf("%d squares worth %d, want 29 tiles worth 22", squares, sum)
	}
	if !missing {
		t.Error("no warning for the missing board")
	}
	if end == nil || len(end.Winners) != 1 || end.Winners[0] != 1 {
		t.Errorf("end %+v, want Ana winning", end)
	}
}

// TestScoreCityTableSites: with construction sites, an empty site square
// counts as a site still there (said in a note), so its player cannot win;
// when nobody can, the end event says so.
func TestScoreCityTableSites(t *testing.T) {
	m, _ := rules.LookupMode(ModeID)
	s := checkedSetup(t, []string{"Ana", "Ben"}, map[string]string{"tiles": stc10Tiles.String(), "constructionSites": "true"})
	scores, evs, err := m.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{BoardZone(1): zoneOf(stc10(t)), BoardZone(2): &rules.Zone{}}})
	if err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, e := range evs {
		if e.Kind == rules.EventInfo && strings.Contains(e.Long, "still holding their sites") {
			notes++
		}
	}
	end := evs[len(evs)-1]
	if notes != 2 || end.Kind != rules.EventEnd || len(end.Winners) != 0 || end.Winners == nil {
		t.Errorf("%d site notes, end %+v: want both boards noted and nobody winning", notes, end)
	}
	// STC-10's board keeps its 34 (a site at r4c4 only blocks a line).
	if scores[0].Total != 34 {
		t.Errorf("Ana %d, want 34", scores[0].Total)
	}
}
