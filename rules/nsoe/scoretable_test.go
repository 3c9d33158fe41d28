package nsoe

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// TestJudgeBoardTable: a photo of the board judges the pairs as a
// placement would (NSOE-4: P4 above Roma in its column, valid; NSOE-3: P3
// beside Roma in its row, 3° away, invalid) and a pair that does not touch
// but breaks the rule (P1 north-west of P4 with a lower latitude). No
// scores: the winner is decided by the hands.
func TestJudgeBoardTable(t *testing.T) {
	s, err := mode.Check(rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	tab := board(t, "Roma@4,4", "P4@3,4", "P3@4,5", "P1@2,2")
	scores, evs, err := judgeBoardTable(s, tab, fixture)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, evs)
	if scores != nil {
		t.Errorf("scores %+v", scores)
	}
	type key struct{ a, b string }
	got := map[key]rules.Verdict{}
	for _, e := range evs {
		if e.Kind == rules.EventVerdict {
			got[key{e.Card.String(), strings.TrimPrefix(e.Action, "pair ")}] = e.Verdict
		}
	}
	id := func(n string) string { return cid(t, n).String() }
	want := map[key]rules.Verdict{
		{id("P4"), id("Roma")}: rules.Right, // reading order: P4 (row 3) first
		{id("Roma"), id("P3")}: rules.Wrong,
		{id("P1"), id("P4")}:   rules.Wrong,
	}
	if len(got) != len(want) {
		t.Errorf("verdicts %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s–%s: %q, want %s", k.a, k.b, got[k], v)
		}
	}
	last := evs[len(evs)-1]
	if last.Kind != rules.EventInfo || !strings.Contains(last.Long, "0 of the 4 cards") {
		t.Errorf("summary %+v", last)
	}
}

// TestJudgeBoardTableRefusesWhatABoardCannotHold: a card off the board is
// said, as the engine says it.
func TestJudgeBoardTableRefusesWhatABoardCannotHold(t *testing.T) {
	s, _ := mode.Check(rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}})
	_, evs, err := judgeBoardTable(s, board(t, "Roma@4,4", "Oslo@9,4"), fixture)
	if err != nil || len(evs) != 1 || evs[0].Kind != rules.EventWarning || !strings.Contains(evs[0].Long, "off the") {
		t.Errorf("%v %+v", err, evs)
	}
}
