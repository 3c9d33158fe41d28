package wit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// ericaMap is WIT-9's final map (11 of 16 circles right) as the scanner
// would read it: every card map side up.
func ericaMap(t *testing.T, side rules.Side) *rules.Zone {
	t.Helper()
	res := rules.Resolver{Decks: []string{deckSA}}
	z := &rules.Zone{}
	for r, row := range []string{"Georgetown|Valencia|.", "Trujillo|Manaus|Belém", "Bogotá|Goiânia|Cuiabá",
		"Mendoza|Rosario|.", ".|Salta|.", ".|Ushuaia|Río Gallegos"} {
		for col, name := range strings.Split(row, "|") {
			if name == "." {
				continue
			}
			ref, err := res.Resolve(name)
			if err != nil {
				t.Fatal(err)
			}
			ref.Side = side
			z.Set(rules.Pos{Row: r, Col: col}, rules.Cell{Card: ref})
		}
	}
	return z
}

// TestScoreCartographerTable: WIT-9 from a photo. Erica's map scores 11
// with one verdict per circle (5 wrong); the other map, two cards one
// above the other in the right order, scores 1; Erica wins.
func TestScoreCartographerTable(t *testing.T) {
	m, _ := rules.LookupMode(ModeCartographer)
	s, err := m.Check(rules.Setup{Mode: ModeCartographer, Players: []string{"Erica", "Tom"}})
	if err != nil {
		t.Fatal(err)
	}
	res := rules.Resolver{Decks: []string{deckSA}}
	caracas, _ := res.Resolve("Caracas")
	ushuaia, _ := res.Resolve("Ushuaia")
	caracas.Side, ushuaia.Side = rules.Back, rules.Back
	tom := &rules.Zone{}
	tom.Set(rules.Pos{Row: 0, Col: 0}, rules.Cell{Card: caracas})
	tom.Set(rules.Pos{Row: 1, Col: 0}, rules.Cell{Card: ushuaia})
	scores, evs, err := m.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{"p1": ericaMap(t, rules.Back), "p2": tom}})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, evs)
	if len(scores) != 2 || scores[0].Total != 11 || scores[1].Total != 1 || scores[0].Name != "Erica" {
		t.Fatalf("scores %+v, want Erica 11, Tom 1", scores)
	}
	if w := rules.Winners(scores); len(w) != 1 || w[0] != 1 {
		t.Errorf("winners %v", w)
	}
	right, wrong := 0, 0
	for _, e := range evs {
		if e.Kind != rules.EventVerdict {
			continue
		}
		if !strings.HasPrefix(e.Action, "pair ") || e.Card.IsZero() {
			t.Errorf("verdict without its pair: %+v", e)
		}
		if e.Verdict == rules.Right {
			right++
		} else {
			wrong++
		}
	}
	if right != 12 || wrong != 5 {
		t.Errorf("%d right and %d wrong circles, want 11+1 right and 5 wrong", right, wrong)
	}
}

// TestScoreTableFlagsUpAndUnknown: a map photographed flag side up is
// scored with a note to flip it; a card of another deck is left out with
// a warning.
func TestScoreTableFlagsUpAndUnknown(t *testing.T) {
	m, _ := rules.LookupMode(ModeCartographer)
	s, _ := m.Check(rules.Setup{Mode: ModeCartographer, Players: []string{"Erica", "Tom"}})
	z := ericaMap(t, rules.Front)
	z.Set(rules.Pos{Row: 5, Col: 0}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "WLD", Num: 3}}})
	scores, evs, err := m.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{"p1": z}})
	if err != nil {
		t.Fatal(err)
	}
	if scores[0].Total != 11 || scores[1].Total != 0 {
		t.Errorf("scores %d %d, want 11 and 0", scores[0].Total, scores[1].Total)
	}
	var info, warning bool
	for _, e := range evs {
		info = info || (e.Kind == rules.EventInfo && strings.Contains(e.Long, "flag side up"))
		warning = warning || (e.Kind == rules.EventWarning && e.Card == rules.CardID{Deck: "WLD", Num: 3})
	}
	if !info || !warning {
		t.Errorf("flip note %v, unknown-card warning %v", info, warning)
	}
}

// TestJudgeContinentalTable: no points from a photo, a verdict per circle
// and a note saying why.
func TestJudgeContinentalTable(t *testing.T) {
	m, _ := rules.LookupMode(ModeContinental)
	s, _ := m.Check(rules.Setup{Mode: ModeContinental, Players: []string{"Ana", "Ben"}})
	scores, evs, err := m.ScoreTable(s, rules.Table{Zones: map[string]*rules.Zone{"map": ericaMap(t, rules.Back)}})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.CheckEvents(t, evs)
	if scores != nil {
		t.Errorf("scores %+v from a Continental photo", scores)
	}
	verdicts, note := 0, ""
	for _, e := range evs {
		switch e.Kind {
		case rules.EventVerdict:
			verdicts++
		case rules.EventInfo:
			note = e.Long
		}
	}
	if verdicts != 16 || !strings.Contains(note, "11 are right") {
		t.Errorf("%d verdicts, note %q", verdicts, note)
	}
}
