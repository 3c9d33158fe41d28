package scanner

import (
	"testing"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes"
)

// A city board's square seen empty is read; one of unknown colour, or of a
// board the photo does not show, is a gap: no score unless accepted, and
// the unknown colour is then no reason for doubt.
func TestScoreFinishedRefusesUnreadSquares(t *testing.T) {
	m, _ := rules.LookupMode("shakecity")
	s, err := m.Check(rules.Setup{Mode: "shakecity", Players: []string{"Ana"}})
	if err != nil {
		t.Fatal(err)
	}
	build := func(unknown bool) *Scan {
		sc := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{"board:p1": {}}}}
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				p := rules.Pos{Row: r, Col: c}
				cc := ColourCell{Zone: "board:p1", Pos: p}
				if r == 0 {
					cc.Colour = rules.Grey
					sc.Table.Zones["board:p1"].Set(p, rules.Cell{Colour: rules.Grey})
				}
				if unknown && p == (rules.Pos{Row: 2, Col: 3}) {
					cc.Unknown = true
				}
				sc.Colours = append(sc.Colours, cc)
			}
		}
		if unknown {
			sc.Problems = append(sc.Problems, Problem{Kind: ProblemUnknown, Zone: "board:p1", Cells: []rules.Pos{{Row: 2, Col: 3}}, Text: "unknown colour"})
		}
		return sc
	}
	f, err := ScoreFinished(m, s, build(false), false)
	if err != nil || f.Status != StatusOK || len(f.Gaps) != 0 || len(f.Scores) != 1 {
		t.Fatalf("every square read: %v %+v", err, f)
	}
	f, _ = ScoreFinished(m, s, build(true), false)
	if f.Status != StatusMissing || f.Scores != nil || f.Winners != nil || len(f.Gaps) != 1 || f.Gaps[0].Cells[0] != (rules.Pos{Row: 2, Col: 3}) {
		t.Errorf("unknown square: %+v", f)
	}
	for _, e := range f.Events {
		if e.Kind == rules.EventEnd {
			t.Errorf("an end event from a partial read: %+v", e)
		}
	}
	f, _ = ScoreFinished(m, s, build(true), true)
	if f.Status != StatusOK || !f.Accepted || len(f.Scores) != 1 {
		t.Errorf("accepted: %+v", f)
	}
	sc := build(false)
	sc.Colours = nil // the board was not found in the photo
	if f, _ := ScoreFinished(m, s, sc, false); f.Status != StatusMissing || len(f.Gaps) != 1 || len(f.Gaps[0].Cells) != 30 {
		t.Errorf("board not found: %+v", f.Gaps)
	}
}
