package present

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// mustAct reports whether players must act on an event's screen: turns,
// rounds, orders and offers (remove, flip, reshake, place, take a
// Traveller) and the end.
func mustAct(e rules.Event) bool {
	switch e.Kind {
	case rules.EventTurn, rules.EventRound, rules.EventDo, rules.EventEnd:
		return true
	}
	return false
}

// TestEveryFamilyScreensInGameOrder plays a whole recorded game of each
// game family through the display queue (as the players' display shows
// it, on the referee's times) and checks that every screen players must
// act on or hear is shown, for at least its least time (OvertakenHold
// where something newer overtook it, else ReadHold), in the order the
// game said them; and that the result comes last: no such screen after
// the end's (issue 29).
func TestEveryFamilyScreensInGameOrder(t *testing.T) {
	for _, g := range []struct{ family, path string }{
		{"wit continental", "../../testdata/demo-continental.jsonl"},
		{"wit cartographer", "../../../../rules/wit/testdata/cartographer-tiebreak.jsonl"},
		{"mapit", "../../../../rules/mapit/testdata/world-three-rounds.jsonl"},
		{"nsoe", "../../../../rules/nsoe/testdata/europe-three-players.jsonl"},
		{"shakecity", "../../../../rules/shakecity/testdata/standard-2p.jsonl"},
		{"strangeworld", "../../../../rules/strangeworld/testdata/duo.jsonl"},
	} {
		t.Run(g.family, func(t *testing.T) {
			batches, _ := replayBatches(t, g.path)
			shown, _ := playQueue(batches, batches[len(batches)-1].at.Add(60*time.Second))
			var want []string
			for _, line := range lineEvents(t, g.path) {
				for _, e := range line {
					if !mustAct(e) {
						continue
					}
					for _, s := range Screens([]rules.Event{e}, time.Time{}) {
						if s.Scores == nil {
							want = append(want, strings.Join(s.Msg.Lines, " / "))
						}
					}
				}
			}
			if testing.Verbose() {
				for _, s := range shown {
					t.Logf("%6.2fs %5.2fs %-40q cut=%v", s.from.Sub(batches[0].at).Seconds(), s.to.Sub(s.from).Seconds(), s.text(), s.cut)
				}
			}
			if len(want) < 5 {
				t.Fatalf("only %d screens to act on in the game: the test lost its events", len(want))
			}
			// Walk the display in order: each wanted screen must come,
			// held long enough, after the one before.
			i := 0
			for _, w := range want {
				found := false
				for j := i; j < len(shown); j++ {
					if shown[j].text() != w {
						continue
					}
					min := ReadHold
					if shown[j].cut {
						min = OvertakenHold
					}
					if d := shown[j].to.Sub(shown[j].from); d < min {
						t.Errorf("%q shown %v, want at least %v", w, d, min)
					}
					i, found = j+1, true
					break
				}
				if !found {
					t.Errorf("%q not shown in game order (after %q)", w, prevText(shown, i))
				}
			}
			end := -1
			for j, s := range shown {
				if s.Scores != nil && s.Scores.Title == "Final" {
					end = j
				}
			}
			if end < 0 {
				t.Fatalf("the final scores were never shown")
			}
		})
	}
}

// lineEvents referees a replay and returns each line's events.
func lineEvents(t *testing.T, path string) [][]rules.Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]rules.Event
	line := -1
	if _, err := replay.Run(replay.NewReader(f, path), func(s replay.Stamped) {
		if s.Line != line {
			out, line = append(out, nil), s.Line
		}
		out[len(out)-1] = append(out[len(out)-1], s.Event)
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func prevText(shown []onDisplay, i int) string {
	if i == 0 || i > len(shown) {
		return "the start"
	}
	return shown[i-1].text()
}

// TestResultsComeLast: Map It!'s last guess says which cards are wrong
// and must go, then, in the next state, the end. The display shows the
// removals and the tokens first and the winner and the standings last;
// it used to put the end (a system screen) ahead of them, so players
// heard the winner before being told which cards to remove (issue 29).
func TestResultsComeLast(t *testing.T) {
	t0 := time.Unix(1000, 0)
	scores := []rules.Score{{Player: 1, Name: "Ana", Total: 8}, {Player: 2, Name: "Ben", Total: 5}}
	guess := []rules.Event{
		{Kind: rules.EventDo, Action: "remove", Card: rules.CardID{Deck: "WLD", Num: 30}, Short: rules.Say("Remove Dubai", "")},
		{Kind: rules.EventDo, Action: "remove", Card: rules.CardID{Deck: "WLD", Num: 31}, Short: rules.Say("Remove Buenos A.", "")},
		{Kind: rules.EventInfo, Short: rules.Say("2 cards wrong", "Ana guessed 2")},
		{Kind: rules.EventPoints, Player: 1, Points: 2, Short: rules.Say("Ana +2 tokens", "exact guess")},
	}
	end := []rules.Event{{Kind: rules.EventEnd, Scores: scores, Winners: []int{1}, Short: rules.Say("Ana wins", "8 tokens")}}
	shown, _ := playQueue([]batch{
		{at: t0, screens: Screens(guess, time.Time{})},
		{at: t0.Add(300 * time.Millisecond), screens: Screens(end, time.Time{})},
	}, t0.Add(30*time.Second))
	var got []string
	for _, s := range shown {
		if s.Scores != nil {
			got = append(got, "standings")
			continue
		}
		got = append(got, s.text())
	}
	want := "Remove Dubai /  | Remove Buenos A. /  | 2 cards wrong / Ana guessed 2 | Ana +2 tokens / exact guess | Ana wins / 8 tokens | standings"
	if g := strings.Join(got, " | "); g != want {
		t.Errorf("shown\n%s\nwant\n%s", g, want)
	}
}
