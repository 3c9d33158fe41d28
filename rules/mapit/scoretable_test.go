package mapit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

func wld(n int) rules.CardRef { return rules.CardRef{ID: rules.CardID{Deck: "WLD", Num: n}} }

// TestJudgeCrossTable: MI-1, MI-2 and MI-3 in one photo of the cross.
// Washington D.C. in the centre; Athens then Tokyo on the east arm (both
// right); São Paulo then Rio de Janeiro on the south arm: Rio is not south
// of São Paulo (wrong). No scores: tokens are paid during play.
func TestJudgeCrossTable(t *testing.T) {
	s, z := photoCross(t)
	scores, evs, err := mode.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{Zone: z}})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, evs)
	if scores != nil {
		t.Errorf("scores %+v from a photo", scores)
	}
	want := map[rules.CardID]struct {
		v     rules.Verdict
		inner rules.CardID
	}{wld(3).ID: {rules.Right, wld(1).ID}, wld(2).ID: {rules.Right, wld(3).ID}, wld(5).ID: {rules.Right, wld(1).ID}, wld(4).ID: {rules.Wrong, wld(5).ID}}
	n := 0
	for _, e := range evs {
		if e.Kind != rules.EventVerdict {
			continue
		}
		n++
		w := want[e.Card]
		if e.Verdict != w.v || e.Action != "pair "+w.inner.String() {
			t.Errorf("%s: %s %q, want %s against %s", e.Card, e.Verdict, e.Action, w.v, w.inner)
		}
	}
	last := evs[len(evs)-1]
	if n != 4 || last.Kind != rules.EventInfo || last.Points != 1 || !strings.Contains(last.Long, "1 card of 4") {
		t.Errorf("%d verdicts, last event %+v", n, last)
	}
}

// TestJudgeCrossAfterRemoval: the card after a wrong one is judged
// against the nearest card still standing towards the centre, and a card
// off the cross is said, not judged.
func TestJudgeCrossAfterRemoval(t *testing.T) {
	s, _ := mode.Check(rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}})
	z := &rules.Zone{}
	z.Set(rules.Pos{}, rules.Cell{Card: wld(5)})               // São Paulo
	z.Set(rules.Pos{Row: 1, Col: 0}, rules.Cell{Card: wld(4)}) // Rio: not south of São Paulo
	z.Set(rules.Pos{Row: 2, Col: 0}, rules.Cell{Card: wld(1)}) // Washington, compared with São Paulo: wrong too
	_, evs, _ := mode.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{Zone: z}})
	for _, e := range evs {
		if e.Card == wld(1).ID && (e.Verdict != rules.Wrong || e.Action != "pair "+wld(5).ID.String()) {
			t.Errorf("Washington: %+v", e)
		}
	}
	z.Set(rules.Pos{Row: 1, Col: 1}, rules.Cell{Card: wld(2)})
	_, evs, _ = mode.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{Zone: z}})
	if len(evs) != 1 || evs[0].Kind != rules.EventWarning || !strings.Contains(evs[0].Long, "Off the cross") {
		t.Errorf("a card off the cross: %+v", evs)
	}
}

// photoCross is the cross of TestJudgeCrossTable as a photo reads it, with
// a checked two-player setup.
func photoCross(t *testing.T) (rules.Setup, *rules.Zone) {
	t.Helper()
	s, err := mode.Check(rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	z := &rules.Zone{}
	z.Set(rules.Pos{}, rules.Cell{Card: wld(1)})
	z.Set(rules.Pos{Row: 0, Col: 1}, rules.Cell{Card: wld(3)})
	z.Set(rules.Pos{Row: 0, Col: 2}, rules.Cell{Card: wld(2)})
	z.Set(rules.Pos{Row: 1, Col: 0}, rules.Cell{Card: wld(5)})
	z.Set(rules.Pos{Row: 2, Col: 0}, rules.Cell{Card: wld(4)})
	return s, z
}
