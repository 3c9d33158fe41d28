package present

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// actOn reports whether players must act on a screen: turns, rounds,
// orders (remove, flip, reshake, place), offers (challenge it, take a
// Traveller) and the end.
func actOn(s Screen) bool {
	return s.Turn || s.Order != "" || s.Offer || s.End && s.Scores == nil
}

// wanted is a screen players must act on, as the referee sent it, and
// the states that came after it.
type wanted struct {
	Screen
	text  string
	sent  time.Time
	later []batch
}

// actScreens lists the screens players must act on in the order the
// game said them.
func actScreens(batches []batch) []wanted {
	var out []wanted
	for k, b := range batches {
		for _, s := range b.screens {
			if actOn(s) {
				out = append(out, wanted{Screen: s, text: strings.Join(s.Msg.Lines, " / "), sent: b.at, later: batches[k+1:]})
			}
		}
	}
	return out
}

// doneBy reports whether a state sent by until ended what the screen
// asked, so the queue may drop it unread or cut it short: a turn once a
// state names the next turn or judges that player's move, a round once
// one names the next round, an order once seen done (or its card judged
// again), an offer once its card is judged.
func (w wanted) doneBy(until time.Time) bool {
	for _, b := range w.later {
		if b.at.After(until) {
			return false
		}
		for _, o := range b.screens {
			switch {
			case w.Round:
				if o.Round {
					return true
				}
			case w.Turn:
				if o.Turn && !o.Round || o.Class == ClassVerdict && o.Player == w.Player && w.Player != 0 {
					return true
				}
			case w.Order != "" && o.Done == w.Order, !w.Card.IsZero() && o.Class == ClassVerdict && o.Card == w.Card:
				return true
			}
		}
	}
	return false
}

// atPace re-times a game as players quicker than the recording play it:
// no verdict comes more than gap after the state before it (a challenge
// 1.15 s after the card, the next card 2 s after a portal), the other
// states keep their times.
func atPace(batches []batch, gap time.Duration) []batch {
	out := make([]batch, len(batches))
	at := batches[0].at
	for i, b := range batches {
		if i > 0 {
			d := b.at.Sub(batches[i-1].at)
			if slices.ContainsFunc(b.screens, func(s Screen) bool { return s.Class == ClassVerdict }) {
				d = min(d, gap)
			}
			at = at.Add(d)
		}
		out[i] = batch{at: at, screens: b.screens}
	}
	return out
}

// TestEveryFamilyScreensInGameOrder plays a whole recorded game of each
// game family through the display queue (as the players' display shows
// it, on the referee's times, and again as quicker players play it: the
// filmed games of issue 29, where a challenge came 1.15 s after the card
// and the next card 2 s after a portal) and checks that every screen
// players must act on (turns, rounds, orders, offers, the result) is
// shown, for at least its least time (OvertakenHold where something newer
// overtook it, else ReadHold), in the order the game said them, and the
// result last. Only a turn screen whose turn is over (the next verdict
// came with the next turn) may go unshown (issue 29).
func TestEveryFamilyScreensInGameOrder(t *testing.T) {
	for _, g := range []struct{ family, path string }{
		{"wit continental", "../../testdata/demo-continental.jsonl"},
		{"wit cartographer", "../../../../rules/wit/testdata/cartographer-tiebreak.jsonl"},
		{"mapit", "../../../../rules/mapit/testdata/world-three-rounds.jsonl"},
		{"nsoe", "../../../../rules/nsoe/testdata/europe-three-players.jsonl"},
		{"shakecity", "../../../../rules/shakecity/testdata/standard-2p.jsonl"},
		{"strangeworld", "../../../../rules/strangeworld/testdata/duo.jsonl"},
	} {
		recorded, _ := replayBatches(t, g.path)
		for _, pace := range []time.Duration{time.Hour, 4 * time.Second, 2 * time.Second, 1150 * time.Millisecond} {
			name := g.family + " at " + pace.String()
			if pace == time.Hour {
				name = g.family + " as recorded"
			}
			t.Run(name, func(t *testing.T) { checkGameOrder(t, atPace(recorded, pace)) })
		}
	}
}

func checkGameOrder(t *testing.T, batches []batch) {
	shown, _ := playQueue(batches, batches[len(batches)-1].at.Add(60*time.Second))
	if testing.Verbose() {
		for _, s := range shown {
			t.Logf("%6.2fs %5.2fs %-40q cut=%v", s.from.Sub(batches[0].at).Seconds(), s.to.Sub(s.from).Seconds(), s.text(), s.cut)
		}
	}
	want := actScreens(batches)
	if len(want) < 5 {
		t.Fatalf("only %d screens to act on in the game: the test lost its events", len(want))
	}
	// Walk the display in order: each wanted screen must come, held
	// long enough, after the one before; results last. One may go
	// unshown (or be cut short) only if the game was past it before the
	// display reached the states after it.
	i, end := 0, -1
	for _, w := range want {
		found := false
		for j := i; j < len(shown); j++ {
			if shown[j].text() != w.text || !shown[j].sent.Equal(w.sent) {
				continue
			}
			// A screen a verdict cut the instant it came up is shown
			// again after it: its longest showing counts.
			least, longest := ReadHold, onDisplay{}
			for _, again := range shown[j:] {
				if again.text() == w.text && again.sent.Equal(w.sent) && again.to.Sub(again.from) > longest.to.Sub(longest.from) {
					longest = again
				}
			}
			if longest.cut || longest.Hold <= OvertakenHold {
				least = OvertakenHold
			}
			if d := longest.to.Sub(longest.from); d < least && !w.doneBy(longest.to) {
				t.Errorf("%q (sent at %v) shown %v, want at least %v", w.text, w.sent.Sub(batches[0].at), d, least)
			}
			if end >= 0 && !w.End {
				t.Errorf("%q shown after the result %q", w.text, shown[end].text())
			}
			if w.End && end < 0 {
				end = j
			}
			i, found = j+1, true
			break
		}
		if !found && !w.doneBy(passed(shown, i, w.sent)) {
			t.Errorf("%q (sent at %v) not shown in game order (after %q)", w.text, w.sent.Sub(batches[0].at), prevText(shown, i))
		}
	}
	if last := shown[len(shown)-1]; last.Scores == nil || last.Scores.Title != "Final" {
		t.Errorf("the display ends on %q, not the final scores", last.text())
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

// passed is when the display, from shown[i] on, first showed a screen
// the referee sent after sent: the moment it went past that state.
func passed(shown []onDisplay, i int, sent time.Time) time.Time {
	for _, s := range shown[i:] {
		if s.sent.After(sent) {
			return s.from
		}
	}
	return shown[len(shown)-1].to
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

// TestScreensPlayersActOnStand replays the moments of the filmed games of
// issue 29 with the recorded games' own screens: Map It!'s challenge
// 1.15 s after the card was laid (the challenger's turn screen was still
// waiting), and Strange World's next card 2 s after the last card of a
// turn (the round screen "Turn 3 of 5" waiting) and after a portal (the
// offer waiting). The verdict still shows at once; the turn, round and
// offer screens follow it instead of being dropped; the turn of the
// player whose card was judged is over and goes.
func TestScreensPlayersActOnStand(t *testing.T) {
	mapit, _ := mapItBatches(t)
	sw, _ := replayBatches(t, "../../../../rules/strangeworld/testdata/duo.jsonl")
	t0 := time.Unix(1000, 0)
	// moment takes the recorded state whose screens say first, and the
	// next state with a verdict, and sends it gap later.
	moment := func(game []batch, first string, gap time.Duration) []batch {
		for i, b := range game {
			if !slices.ContainsFunc(b.screens, func(s Screen) bool { return strings.Join(s.Msg.Lines, " / ") == first }) {
				continue
			}
			for _, n := range game[i+1:] {
				if slices.ContainsFunc(n.screens, func(s Screen) bool { return s.Class == ClassVerdict }) {
					return []batch{{at: t0, screens: b.screens}, {at: t0.Add(gap), screens: n.screens}}
				}
			}
		}
		t.Fatalf("no state says %q then a verdict in the recording", first)
		return nil
	}
	for _, c := range []struct {
		name    string
		batches []batch
		want    string
	}{
		{"Map It! challenge 1.15 s after the card", moment(mapit, "Athens: east / Challenge?", 1150*time.Millisecond),
			"Athens: east / Challenge? | Athens: RIGHT / by Caro | Ben +1 token / from Caro | Caro's turn / Lay the top card"},
		{"Strange World next card 2 s after a turn's last", moment(sw, "Turn 3 of 5 / Sun: Ana", 2*time.Second),
			"Ana OK / Grey-Green | Ana OK / Red-Green | Turn 3 of 5 / Sun: Ana | Flip Red-Green / nothing to cover"},
		{"Strange World next card 2 s after a portal", moment(sw, "Ben OK / Blue portal", 2*time.Second),
			"Ben OK / Blue portal | Ana OK / Red-Blue | Portal! / Take a Traveller | Volcano: cover / a neighbour card"},
	} {
		shown, _ := playQueue(c.batches, t0.Add(20*time.Second))
		var got []string
		for _, s := range shown {
			got = append(got, s.text())
		}
		if g := strings.Join(got, " | "); g != c.want {
			t.Errorf("%s: shown\n%s\nwant\n%s", c.name, g, c.want)
			continue
		}
		for i, s := range shown {
			if s.Class == ClassVerdict && s.sent.Equal(c.batches[1].at) && !onTime(shown, i, s.sent) {
				t.Errorf("%s: the verdict %q shown %v after it came, want at once", c.name, s.text(), s.from.Sub(s.sent))
			}
			if (s.Turn || s.Offer) && s.to.Sub(s.from) < OvertakenHold {
				t.Errorf("%s: %q shown %v, want at least %v", c.name, s.text(), s.to.Sub(s.from), OvertakenHold)
			}
		}
	}
}

// TestRoundScreenDoesNotHoldTheNextMove: Cartographer's Corner judges
// nothing until the end, so after a round screen the next placement comes
// as a card laid, not a verdict. The recorded round's screens ("Jane
// placed", "Round 2 of 3", "Erica's turn") with Erica's placement 1 s
// later: the round is shown, and Erica's placement reaches the display
// within OvertakenHold of the earlier screen's least time, not after the
// round's screens' full holds (the filmed game: 2.5 s late, into the next
// move's hand frames). Erica's turn screen, unread, is over once she
// placed (issue 29).
func TestRoundScreenDoesNotHoldTheNextMove(t *testing.T) {
	game, _ := replayBatches(t, "../../../../rules/wit/testdata/cartographer-tiebreak.jsonl")
	t0 := time.Unix(1000, 0)
	var round, next []Screen
	for i, b := range game {
		if slices.ContainsFunc(b.screens, func(s Screen) bool { return lines(s) == "Round 2 of 3\nErica reveals 3" }) {
			round, next = b.screens, game[i+1].screens
			break
		}
	}
	if next == nil {
		t.Fatal("no round 2 in the recording")
	}
	placedAt := t0.Add(time.Second)
	shown, lags := playQueue([]batch{{t0, round}, {placedAt, next}}, t0.Add(20*time.Second))
	var got []string
	for _, s := range shown {
		got = append(got, s.text())
	}
	want := "Jane placed / Medellín | Round 2 of 3 / Erica reveals 3 | Erica placed / Valparaíso | Jane's turn / Place a card"
	if len(lags) != 2 || lags[1] > OvertakenHold {
		t.Errorf("Erica's placement reached the display %v after it came (lags %v), want at most %v", lags[len(lags)-1], lags, OvertakenHold)
	}
	if g := strings.Join(got, " | "); g != want {
		t.Fatalf("shown\n%s\nwant\n%s", g, want)
	}
	if d := shown[1].to.Sub(shown[1].from); d < OvertakenHold {
		t.Errorf("the round screen shown %v, want at least %v", d, OvertakenHold)
	}
}
