package wit

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// playBox referees the tie-break game on a boxed game's cards, whose
// numbers tableref does not know, and returns the game and its end event.
func playBox(t *testing.T) (rules.Game, rules.Event) {
	t.Helper()
	f, err := os.Open("testdata/cartographer-box.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var end rules.Event
	g, err := replay.Run(replay.NewReader(f, f.Name()), func(s replay.Stamped) {
		if s.Event.Kind == rules.EventEnd {
			end = s.Event
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return g, end
}

// A tie broken by the closest circle on cards whose numbers tableref does
// not know is undecided everywhere: no winners (never a shared win the
// rules do not give), the tied players and how to settle it named in the
// end event, its JSON, the standings and the display; the players'
// InputSettle then names the winner.
func TestCartographerUnseenTieIsUndecidedNotShared(t *testing.T) {
	g, end := playBox(t)
	if w := g.Winners(); len(w) != 0 {
		t.Errorf("Winners() = %v: a tie-break on the cards is undecided, not a shared win", w)
	}
	if len(end.Winners) != 0 {
		t.Errorf("end event winners %v, want none until the players settle", end.Winners)
	}
	u := end.Undecided
	if u == nil || !slices.Equal(u.Players, []int{2, 3}) || u.Settle == "" {
		t.Fatalf("end event undecided %+v, want Erica and Jane (2, 3) with how to settle", u)
	}
	b, err := json.Marshal(end)
	if err != nil {
		t.Fatal(err)
	}
	if js := string(b); strings.Contains(js, `"winners"`) || !strings.Contains(js, `"undecided":{"players":[2,3]`) {
		t.Errorf("end event JSON %s: want no winners and an undecided field", js)
	}
	if strings.Contains(end.Short[0], "win") || !strings.Contains(end.Short[0], "tie") {
		t.Errorf("end screen %q: must say a tie, not a win", end.Short)
	}
	var sb bytes.Buffer
	replay.WriteStandings(&sb, g)
	if st := sb.String(); strings.Contains(st, "Shared win") || !strings.Contains(st, "Undecided: Erica, Jane") {
		t.Errorf("standings:\n%s\nwant Undecided: Erica, Jane and no shared win", st)
	}

	// Settling: only a tied player can win; then the game names her.
	if evs := g.Input(rules.Input{Type: rules.InputSettle, Player: 1}); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
		t.Errorf("settling for Marco (not tied): %v, want a warning", evs)
	}
	evs := g.Input(rules.Input{Type: rules.InputSettle, Player: 3})
	if len(evs) != 1 || evs[0].Kind != rules.EventEnd || !slices.Equal(evs[0].Winners, []int{3}) || evs[0].Undecided != nil {
		t.Fatalf("settling for Jane: %+v, want an end event naming Jane alone", evs)
	}
	if evs[0].Short[0] != "Jane wins" {
		t.Errorf("settled end screen %q, want Jane wins", evs[0].Short)
	}
	if w := g.Winners(); !slices.Equal(w, []int{3}) {
		t.Errorf("Winners() after settling = %v, want [3]", w)
	}
	g2 := rulesRoundTrip(t, g)
	if w := g2.Winners(); !slices.Equal(w, []int{3}) {
		t.Errorf("a restored game's winners %v: the settlement must survive a power cut", w)
	}
}

// A photo of the same finished maps (scan) ties the same way: the
// scores carry the unseen tie-break, so the winners are undecided.
func TestCartographerPhotoTieUndecided(t *testing.T) {
	s, last := boxFinal(t)
	scores := scorePhoto(t, s, last)
	if w := rules.Winners(scores); len(w) != 0 {
		t.Errorf("photo winners %v: a tie on the cards' numbers is undecided", w)
	}
	if u := rules.UndecidedIn(scores); u == nil || !slices.Equal(u.Players, []int{2, 3}) {
		t.Errorf("photo undecided %+v, want Erica and Jane", u)
	}
}

// boxFinal is the box game's setup and finished table.
func boxFinal(t *testing.T) (rules.Setup, rules.Table) {
	t.Helper()
	f, err := os.Open("testdata/cartographer-box.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, last, err := replay.Final(replay.NewReader(f, f.Name()))
	if err != nil {
		t.Fatal(err)
	}
	return s, last
}

// scorePhoto scores a finished Cartographer's Corner table as scan does.
func scorePhoto(t *testing.T, s rules.Setup, tab rules.Table) []rules.Score {
	t.Helper()
	m, _ := rules.LookupMode(ModeCartographer)
	s, err := m.Check(s)
	if err != nil {
		t.Fatal(err)
	}
	scores, _, err := m.ScoreTable(s, tab)
	if err != nil {
		t.Fatal(err)
	}
	return scores
}

func rulesRoundTrip(t *testing.T, g rules.Game) rules.Game {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := rules.LookupMode(ModeCartographer)
	g2, err := m.Restore(b)
	if err != nil {
		t.Fatal(err)
	}
	return g2
}
