package scanner_test

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/scenes"
)

// TestNSOEBoardFitsTheCards: a finished Nord Sud Ovest Est board of 7×9
// squares whose cards crowd its north-west, photographed under each of
// the three lights, with no calibrated grid: the board is fitted to the
// cards, so every card keeps its square (the card nearest the middle of
// the cards is not the reference city: taking it for the centre shifted a
// card off the board and lost every verdict) and the verdicts are the
// truth's.
func TestNSOEBoardFitsTheCards(t *testing.T) {
	for i, l := range scenes.Lights() {
		o := l.Options
		o.Seed = uint64(81 + i)
		g, err := scenes.NSOEBoard(o, 7, 9)
		if err != nil {
			t.Fatal(err)
		}
		g.Cal.Zones = nil
		scan := photo(t, g)
		sameTable(t, l.Name, scan.Table, g.Visible, scan)
		for _, p := range scan.Problems {
			t.Errorf("%s: problem %s", l.Name, p.Text)
		}
		mode, _ := rules.LookupMode("nsoe")
		setup, err := mode.Check(g.Setup)
		if err != nil {
			t.Fatal(err)
		}
		_, got, _ := mode.ScoreTable(setup, scan.Table)
		_, want, _ := mode.ScoreTable(setup, g.Full)
		if n := verdicts(got); n == 0 || n != verdicts(want) {
			t.Errorf("%s: %d verdicts, the truth gives %d", l.Name, n, verdicts(want))
		}
	}
}

func verdicts(evs []rules.Event) int {
	n := 0
	for _, e := range evs {
		if e.Kind == rules.EventVerdict {
			n++
		}
	}
	return n
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
