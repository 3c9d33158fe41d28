package daemon

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/referee"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// The status page of a Cartographer's Corner tie on a boxed game's cards
// (the closest circle's numbers are on the cards): no winners, the tie
// undecided with the tied players and how to settle it, and the Settle
// control; once the players settle it through the referee (journalled),
// the page names that winner (issue 29).
func TestPageSaysUndecidedUntilSettled(t *testing.T) {
	f, err := os.Open("../../../../rules/wit/testdata/cartographer-box.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := replay.NewReader(f, f.Name())
	var r *referee.Referee
	for {
		l, err := rd.Next()
		if err != nil {
			break
		}
		switch l.Kind {
		case replay.KindHeader:
			if r, _, _, err = referee.Open(filepath.Join(t.TempDir(), "journal.jsonl"), l.Setup, nil); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
		case replay.KindSnapshot:
			if _, err := r.Observe(l.T, l.Table); err != nil {
				t.Fatal(err)
			}
		}
	}
	st := view(r, health{})
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Finished || len(st.Winners) != 0 || st.Undecided == nil || !slices.Equal(st.Undecided.Players, []int{2, 3}) ||
		!strings.Contains(string(b), `"undecided":{"players":[2,3],"settle":`) {
		t.Fatalf("page state: finished %v, winners %v, undecided %+v; want no winners and Erica & Jane undecided", st.Finished, st.Winners, st.Undecided)
	}
	if !slices.ContainsFunc(st.Inputs, func(u rules.InputUse) bool { return u.Type == rules.InputSettle && u.Player }) {
		t.Errorf("page controls %+v: want Settle with a player", st.Inputs)
	}
	if _, err := r.Input(300, rules.Input{Type: rules.InputSettle, Player: 2}); err != nil {
		t.Fatal(err)
	}
	st = view(r, health{})
	if !slices.Equal(st.Winners, []int{2}) || st.Undecided != nil {
		t.Errorf("after settling for Erica: winners %v, undecided %+v", st.Winners, st.Undecided)
	}
	if got := []int{nextTied([]int{2, 3}, 0), nextTied([]int{2, 3}, 2), nextTied([]int{2, 3}, 3)}; !slices.Equal(got, []int{2, 3, 2}) {
		t.Errorf("challenge offers %v in turn, want 2, 3, 2", got)
	}
}
