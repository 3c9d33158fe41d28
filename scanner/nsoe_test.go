package scanner_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/scenes"
)

// TestNSOEBoardFitsTheCards: finished Nord Sud Ovest Est boards of 7×9
// and 9×9 squares whose cards crowd one side, photographed under each of
// the three lights (the independent run's six boards), with no calibrated
// grid: the board is fitted to the cards, so every card keeps its square
// (the card nearest the middle of the cards is not the reference city:
// taking it for the centre shifted a card off the board and lost every
// verdict) and the verdicts are the truth's, one by one.
func TestNSOEBoardFitsTheCards(t *testing.T) {
	for i, l := range scenes.Lights() {
		for k, size := range [][2]int{{7, 9}, {9, 9}} {
			name := fmt.Sprintf("%s, %d×%d", l.Name, size[0], size[1])
			o := l.Options
			o.Seed = uint64(81 + i + 10*k)
			g, err := scenes.NSOEBoard(o, size[0], size[1])
			if err != nil {
				t.Fatal(err)
			}
			g.Cal.Zones = nil
			scan := photo(t, g)
			sameTable(t, name, scan.Table, g.Visible, scan)
			for _, p := range scan.Problems {
				t.Errorf("%s: problem %s", name, p.Text)
			}
			mode, _ := rules.LookupMode("nsoe")
			setup, err := mode.Check(g.Setup)
			if err != nil {
				t.Fatal(err)
			}
			_, got, _ := mode.ScoreTable(setup, scan.Table)
			_, want, _ := mode.ScoreTable(setup, g.Full)
			gv, wv := verdictTexts(got), verdictTexts(want)
			if len(gv) == 0 || !reflect.DeepEqual(gv, wv) {
				t.Errorf("%s: verdicts\n%q\nthe truth gives\n%q", name, gv, wv)
			}
		}
	}
}

// verdictTexts are the verdict events, in order, as text.
func verdictTexts(evs []rules.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Kind == rules.EventVerdict {
			out = append(out, fmt.Sprintf("%+v", e))
		}
	}
	return out
}

// TestNSOEBoardTooSmall: cards spanning more squares than the board the
// setup names are a problem that says so, never a board shifted until a
// card falls off.
func TestNSOEBoardTooSmall(t *testing.T) {
	g, err := scenes.NSOEBoard(scenes.Options{Seed: 91}, 9, 9)
	if err != nil {
		t.Fatal(err)
	}
	g.Cal.Zones = nil
	g.Setup.Options["boardRows"], g.Setup.Options["centreRow"] = "7", "3"
	scan := photo(t, g)
	found := false
	for _, p := range scan.Problems {
		if p.Kind == scanner.ProblemOffBoard {
			found = true
			if !p.Blocking() || !strings.Contains(p.Text, "9 rows × 9 columns") || !strings.Contains(p.Text, "7×9 board") {
				t.Errorf("problem %+v", p)
			}
		}
	}
	if !found {
		t.Errorf("no off-board problem: %v", scan.Problems)
	}
}
