package present

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// A Cartographer's Corner tie on a boxed game's cards (the closest
// circle's numbers are on the cards, not known to tableref) ends on the
// display as an undecided tie the players must settle, never as a
// shared win; settling it shows the winner.
func TestDisplaySaysUndecidedTieNotSharedWin(t *testing.T) {
	f, err := os.Open("../../../../rules/wit/testdata/cartographer-box.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var end []rules.Event
	g, err := replay.Run(replay.NewReader(f, f.Name()), func(s replay.Stamped) {
		if s.Event.Kind == rules.EventEnd {
			end = append(end, s.Event)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(end) != 1 {
		t.Fatalf("%d end events, want 1", len(end))
	}
	var lines []string
	act := false
	for _, s := range Screens(end, time.Time{}) {
		lines = append(lines, strings.Join(s.Msg.Lines, " / "))
		act = act || s.Act
	}
	all := strings.Join(lines, " | ")
	if strings.Contains(all, "Jane win") || !strings.Contains(all, "Erica & Jane tie") || !strings.Contains(all, "Undecided") {
		t.Errorf("end screens %q: want the tie named undecided, no win", all)
	}
	if !act {
		t.Errorf("end screens %q: the players must settle it, a screen they act on", all)
	}
	settled := g.Input(rules.Input{Type: rules.InputSettle, Player: 2})
	sc := Screens(settled, time.Time{})
	if len(sc) == 0 || sc[0].Msg.Lines[0] != "Erica wins" {
		t.Errorf("after settling for Erica the display shows %v, want Erica wins", sc)
	}
}
