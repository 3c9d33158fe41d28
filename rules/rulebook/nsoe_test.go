package rulebook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// REFERENCE.md §5: Nord Sud Ovest Est on a 9×9 board with the central slot
// at (4,4), ROMA (41, 12) as the reference city.

func nsoe(t *testing.T, players []string, opts map[string]string) (*match, board) {
	t.Helper()
	install(t, nsoeDeck)
	o := map[string]string{"deck": "RN"}
	for k, v := range opts {
		o[k] = v
	}
	m := play(t, "nsoe", players, o)
	b := board{{4, 4}: "Roma"}
	evs := m.see(b.coordsUp())
	if !hasShort(evs, rules.EventInfo, "Ref: Roma") {
		t.Fatalf("reference city not taken:%s", dump(evs))
	}
	return m, b
}

// coordsUp is the GPS board with every card turned coordinates up: the
// rulebook judges a card once it is turned over (§5.3: place it without
// turning it, then turn it to reveal its coordinates).
func (b board) coordsUp() zone {
	up := board{}
	for p, tok := range b {
		up[p] = strings.TrimSuffix(tok, "/B") + "/B"
	}
	return up.zone("board")
}

func hands(m *match) string {
	var out []string
	for _, s := range m.g.Scores() {
		out = append(out, fmt.Sprint(s.Total))
	}
	return strings.Join(out, " ")
}

// NSOE-1…NSOE-5: one card against ROMA, each its own game.
func TestNSOE1to5AgainstRoma(t *testing.T) {
	for _, tc := range []struct {
		id     string
		card   string
		r, c   int
		opts   map[string]string
		verdct rules.Verdict
	}{
		{"NSOE-1 (45,9) north-west", "Alfa", 3, 3, nil, rules.Right},
		{"NSOE-2 (43,20) same row east, |43-41| = 2", "Bravo", 4, 5, nil, rules.Right},
		{"NSOE-3 (44,20) same row east, |44-41| = 3", "Charlie", 4, 5, nil, rules.Wrong},
		{"NSOE-4 (52,13) two rows north, same column, |13-12| = 1", "Delta", 2, 4, nil, rules.Right},
		{"NSOE-5 (41,2) north-west, strict", "Echo", 3, 3, nil, rules.Wrong},
		{"NSOE-5 (41,2) north-west, strict=false", "Echo", 3, 3, map[string]string{"strict": "false"}, rules.Right},
	} {
		t.Run(tc.id, func(t *testing.T) {
			m, b := nsoe(t, []string{"Ana", "Ben"}, tc.opts)
			b[[2]int{tc.r, tc.c}] = tc.card
			v := verdict(t, m.see(b.coordsUp()))
			if v.Verdict != tc.verdct || v.Player != 1 {
				t.Fatalf("%s: %+v, want Ana's %s", tc.id, v, tc.verdct)
			}
		})
	}
}

// NSOE-6: ROMA and Quebec (48, 2) one row north and two columns west of it;
// Papa (50, 5) one row north, one column west of ROMA: right against ROMA
// (50 > 41, 5 < 12) and against Quebec (same row, |50−48| = 2; 5 > 2).
func TestNSOE6ComparedWithEveryCard(t *testing.T) {
	m, b := nsoe(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{3, 2}] = "Quebec"
	if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Right {
		t.Fatalf("Quebec: %+v", v)
	}
	b[[2]int{3, 3}] = "Papa"
	if v := verdict(t, m.see(b.coordsUp())); v.Verdict != rules.Right || v.Player != 2 {
		t.Fatalf("Papa: %+v, want Ben's right", v)
	}
	// Every card counts: Hotel (60, −10) above Quebec in its column is
	// right against ROMA (60 > 41, −10 < 12) and Papa (60 > 50, −10 < 5),
	// but 12° of longitude from Quebec in the same column: wrong.
	b[[2]int{2, 2}] = "Hotel"
	v := verdict(t, m.see(b.coordsUp()))
	if v.Verdict != rules.Wrong || !strings.Contains(v.Long, "Quebec") || strings.Contains(v.Long, "Roma") || strings.Contains(v.Long, "Papa") {
		t.Fatalf("Hotel: %+v, want wrong against Quebec only", v)
	}
}

// NSOE-7: a wrong card goes to the discards and its player draws 2: the
// hand grows by 1 net (3 → 2 placed → 4).
func TestNSOE7WrongCardDiscardDrawTwo(t *testing.T) {
	m, b := nsoe(t, []string{"Ana", "Ben"}, nil)
	b[[2]int{4, 5}] = "Charlie"
	evs := m.see(b.coordsUp())
	if v := verdict(t, evs); v.Verdict != rules.Wrong {
		t.Fatalf("%+v", v)
	}
	if !hasShort(evs, rules.EventDo, "Remove Charlie") || !hasShort(evs, rules.EventDo, "Ana: draw 2") {
		t.Fatalf("want Charlie removed and Ana drawing 2:%s", dump(evs))
	}
	if got := hands(m); got != "4 3" {
		t.Errorf("hands %s, want 4 3", got)
	}
	delete(b, [2]int{4, 5})
	evs = m.see(b.coordsUp())
	if !hasShort(evs, rules.EventDone, "Removed:") || len(only(evs, rules.EventTurn)) != 1 || only(evs, rules.EventTurn)[0].Player != 2 {
		t.Fatalf("after the removal want Ben's turn:%s", dump(evs))
	}
	// A discarded card never comes back.
	b[[2]int{0, 8}] = "Charlie"
	if evs := m.see(b.coordsUp()); !hasShort(evs, rules.EventWarning, "Played before") {
		t.Fatalf("Charlie laid again:%s", dump(evs))
	}
}
