package journal

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

func snap(t float64, nums ...int) Entry {
	return Entry{T: t, Kind: replay.KindSnapshot, Table: table(nums...)}
}

func input(t float64, typ rules.InputType) Entry {
	return Entry{T: t, Kind: replay.KindInput, Input: rules.Input{Type: typ}}
}

func kinds(evs []rules.Event) string {
	var s []string
	for _, e := range evs {
		k := string(e.Kind)
		if e.Verdict != "" {
			k += ":" + string(e.Verdict)
		}
		s = append(s, k)
	}
	return strings.Join(s, " ")
}

func totals(g rules.Game) []int {
	var out []int
	for _, s := range g.Scores() {
		out = append(out, s.Total)
	}
	return out
}

func TestUndoTakesBackTheLastVerdict(t *testing.T) {
	m, start, err := NewMatch(setup)
	if err != nil {
		t.Fatal(err)
	}
	if len(start) != 1 || start[0].Kind != rules.EventSetup {
		t.Fatalf("start events: %s", kinds(start))
	}
	if got := kinds(m.Apply(snap(1, 2))); got != "verdict:right points" {
		t.Fatalf("SA-002: %s", got)
	}
	m.Apply(input(2, rules.InputNext)) // Ben's turn
	if got := kinds(m.Apply(snap(3, 2, 4))); got != "verdict:right points" {
		t.Fatalf("SA-004: %s", got)
	}
	if got := totals(m.Game()); got[0] != 1 || got[1] != 1 {
		t.Fatalf("scores %v, want [1 1]", got)
	}
	// Undo takes back Ben's SA-004, not the turn change before it.
	evs := m.Apply(input(4, rules.InputUndo))
	// It names the verdict taken back as the display said it, never the
	// journal's clock.
	if len(evs) != 1 || evs[0].Kind != rules.EventInfo || !strings.Contains(evs[0].Long, "(SA-004: RIGHT, Ben +1)") || strings.Contains(evs[0].Long, "3.0s") {
		t.Fatalf("undo said %+v", evs)
	}
	if got := totals(m.Game()); got[0] != 1 || got[1] != 0 {
		t.Errorf("after undo: scores %v, want [1 0]", got)
	}
	// The same card seen again is judged again, for Ben (the turn change stayed).
	if got := kinds(m.Apply(snap(5, 2, 4))); got != "verdict:right points" {
		t.Errorf("SA-004 after undo: %s", got)
	}
	if got := totals(m.Game()); got[1] != 1 {
		t.Errorf("Ben after the replayed card: %v", got)
	}
	// Two undos take back two verdicts; a third finds nothing.
	m.Apply(input(6, rules.InputUndo))
	// The second undo names the first verdict, past the first undo's note.
	if evs := m.Apply(input(7, rules.InputUndo)); len(evs) != 1 || !strings.Contains(evs[0].Long, "(SA-002: RIGHT, Ana +1)") {
		t.Errorf("second undo said %+v", evs)
	}
	if got := totals(m.Game()); got[0] != 0 || got[1] != 0 {
		t.Errorf("after two undos: %v", got)
	}
	if evs := m.Apply(input(8, rules.InputUndo)); len(evs) != 1 || evs[0].Short[0] != "Nothing to undo" {
		t.Errorf("undo with nothing left: %+v", evs)
	}
}

func TestUndoOfAWrongCardDropsItsRemoval(t *testing.T) {
	m, _, _ := NewMatch(setup)
	m.Apply(snap(1, 3)) // wrong: remove SA-003
	if got := kinds(m.Apply(snap(2))); got != "done" {
		t.Fatalf("removal: %s", got)
	}
	m.Apply(input(3, rules.InputUndo))
	// Back to before SA-003: no card pending, so SA-003 is judged again.
	if got := kinds(m.Apply(snap(4, 3))); got != "verdict:wrong do" {
		t.Errorf("after undo: %s", got)
	}
}

func TestHistoryFollowsUndo(t *testing.T) {
	m, _, _ := NewMatch(setup)
	m.Apply(snap(1, 2))
	n := len(m.History())
	m.Apply(snap(2, 2, 4))
	m.Apply(input(3, rules.InputUndo))
	h := m.History()
	if len(h) != n+1 || h[len(h)-1].Short[0] != "Undone" {
		t.Errorf("history after undo has %d events (want %d), last %+v", len(h), n+1, h[len(h)-1])
	}
}

// A journal run by Run gives the same result as the daemon's Match, and a
// torn tail is allowed.
func TestRunMatchesMatch(t *testing.T) {
	var buf bytes.Buffer
	buf.WriteString(Mark + "\n")
	w, _ := replay.NewWriter(&buf, setup)
	w.Snapshot(1, table(2))
	w.Input(2, rules.Input{Type: rules.InputNext})
	w.Snapshot(3, table(2, 4))
	w.Input(4, rules.Input{Type: rules.InputUndo})
	w.Snapshot(5, table(2))
	w.Snapshot(6, table(2, 6))
	buf.WriteString(`{"kind":"snapshot","t":7,"tab`)
	r := replay.NewReader(bytes.NewReader(buf.Bytes()), "j.jsonl")
	var lines []int
	g, err := Run(r, func(s replay.Stamped) { lines = append(lines, s.Line) })
	if err != nil {
		t.Fatal(err)
	}
	if !r.TornTail() {
		t.Error("torn tail not reported")
	}
	if got := totals(g); got[0] != 1 || got[1] != 1 {
		t.Errorf("scores %v, want [1 1] (SA-004 undone, SA-006 right for Ben)", got)
	}
	if len(lines) == 0 || lines[0] != 2 {
		t.Errorf("event lines %v: the start events come from the header on line 2", lines)
	}
}
