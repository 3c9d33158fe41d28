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

// boardScan is a photo's read of city boards given as colour letters,
// every square read.
func boardScan(rows ...[]string) *Scan {
	sc := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{}}}
	for b, board := range rows {
		zone := "board:p" + string(rune('1'+b))
		z := &rules.Zone{}
		for r, row := range board {
			for c, ch := range row {
				p := rules.Pos{Row: r, Col: c}
				col, _ := rules.ParseColour(string(ch))
				z.Set(p, rules.Cell{Colour: col})
				sc.Colours = append(sc.Colours, ColourCell{Zone: zone, Pos: p, Colour: col})
			}
		}
		sc.Table.Zones[zone] = z
	}
	return sc
}

// Issue 18 item 4: scan says when a tie-break decided the winner. Two
// boards worth 34 points each, one with 4 scoring tiles and one with 3
// (REFERENCE STC-10 and the same board with a home moved off column 3).
func TestScoreFinishedSaysTheTieBreak(t *testing.T) {
	m, _ := rules.LookupMode("shakecity")
	s, err := m.Check(rules.Setup{Mode: "shakecity", Players: []string{"Ana", "Ben"},
		Options: map[string]string{"tiles": "roads,homes,different,parks,factories,shops"}})
	if err != nil {
		t.Fatal(err)
	}
	// R road=grey Y, P park=green G, F factory=black K, S shop=blue B, H home=red R.
	stc10 := []string{"YYBR.G", "KY.RGK", "K.BBY.", "RGYYYB", "RK.B.R", "Y.RRGY"}
	moved := []string{"YYB.RG", "KY.RGK", "K.BBY.", "RGYYYB", "RK.B.R", "Y.RRGY"}
	f, err := ScoreFinished(m, s, boardScan(moved, stc10), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Scores) != 2 || f.Scores[0].Total != f.Scores[1].Total || len(f.Winners) != 1 || f.Winners[0] != 2 {
		t.Fatalf("scores %+v winners %v", f.Scores, f.Winners)
	}
	if f.TieBreak != "tie-break: more scoring tiles" {
		t.Errorf("tie-break %q", f.TieBreak)
	}
	if f, _ := ScoreFinished(m, s, boardScan(stc10, stc10), false); f.TieBreak != "tie-breaks equal too" || len(f.Winners) != 2 {
		t.Errorf("shared: %q %v", f.TieBreak, f.Winners)
	}
}
