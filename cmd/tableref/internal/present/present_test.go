package present

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // the games the recorded games play
	"github.com/tableref/tableref/rules/replay"
)

// onDisplay is one screen as a display showed it, from when to when.
type onDisplay struct {
	Screen
	from, to time.Time
	sent     time.Time
	cut      bool // overtaken by something newer before its hold was over
}

func (o onDisplay) text() string { return strings.Join(o.Msg.Lines, " / ") }

// batch is what the referee sends at a moment.
type batch struct {
	at      time.Time
	screens []Screen
}

// playQueue runs batches through a screenQueue on a virtual clock, as the
// presenter does on the real one, and returns what the display showed.
func playQueue(batches []batch, until time.Time) ([]onDisplay, []time.Duration) {
	var lags []time.Duration
	q := &screenQueue{reached: func(d time.Duration) { lags = append(lags, d) }}
	var out []onDisplay
	clock := batches[0].at
	advance := func(to time.Time) {
		for {
			cut := q.cut
			s, ok, wait := q.next(clock)
			if ok {
				if len(out) > 0 {
					out[len(out)-1].to, out[len(out)-1].cut = clock, cut
				}
				out = append(out, onDisplay{Screen: s.Screen, from: clock, sent: s.sent})
				continue
			}
			if wait == 0 || clock.Add(wait).After(to) {
				break
			}
			clock = clock.Add(wait)
		}
		clock = to
	}
	for _, b := range batches {
		advance(b.at)
		q.push(b.screens, clock)
	}
	advance(until)
	if len(out) > 0 {
		out[len(out)-1].to = until
	}
	return out, lags
}

// mapItBatches referees the bundled three-round Map It! game (3 players)
// and returns each line's events as the screens the referee sends, at
// the line's time.
func mapItBatches(t *testing.T) ([]batch, []rules.Event) {
	return replayBatches(t, "../../../../rules/mapit/testdata/world-three-rounds.jsonl")
}

// replayBatches referees a replay file and returns each line's events as
// the screens the referee sends, at the line's time.
func replayBatches(t *testing.T, path string) ([]batch, []rules.Event) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	t0 := time.Unix(1000, 0)
	var batches []batch
	var evs []rules.Event
	var cur []rules.Event
	line := -1
	var at float64
	flush := func() {
		if len(cur) > 0 {
			batches = append(batches, batch{at: t0.Add(time.Duration(at * float64(time.Second))), screens: Screens(cur, time.Time{})})
		}
		cur = nil
	}
	_, err = replay.Run(replay.NewReader(f, path), func(s replay.Stamped) {
		if s.Line != line {
			flush()
			line, at = s.Line, s.T
		}
		cur = append(cur, s.Event)
		evs = append(evs, s.Event)
	})
	if err != nil {
		t.Fatal(err)
	}
	flush()
	return batches, evs
}

// TestMapItScreensAllShown is the filmed Map It! game of the issue: every
// screen the docs promise (who gets tokens and why, each placement's
// "Challenge?", each guess, the round's result, the next centre card)
// reaches the display and stays at least ReadHold; none is replaced the
// instant it appears.
func TestMapItScreensAllShown(t *testing.T) {
	batches, evs := mapItBatches(t)
	shown, _ := playQueue(batches, batches[len(batches)-1].at.Add(10*time.Second))
	seen := map[string][]onDisplay{}
	for _, s := range shown {
		seen[s.text()] = append(seen[s.text()], s)
	}
	promised := 0
	for _, e := range evs {
		text := e.Short[0] + " / " + e.Short[1]
		switch {
		case e.Kind == rules.EventPoints, e.Kind == rules.EventRound,
			e.Kind == rules.EventInfo && (strings.Contains(text, "Challenge?") || strings.Contains(text, "guessed") || strings.Contains(text, "wrong")):
		default:
			continue
		}
		promised++
		got := seen[text]
		if len(got) == 0 {
			t.Errorf("%s %q never shown", e.Kind, text)
			continue
		}
		for _, s := range got {
			if d := s.to.Sub(s.from); d < ReadHold {
				t.Errorf("%q shown %v, want at least %v (cut by something newer: %v)", text, d, ReadHold, s.cut)
			}
		}
	}
	if promised < 40 {
		t.Fatalf("only %d promised screens in the game: the test lost its events", promised)
	}
	for _, s := range shown {
		if s.Class == ClassVerdict && s.to.Sub(s.from) < OvertakenHold {
			t.Errorf("verdict %q shown %v", s.text(), s.to.Sub(s.from))
		}
	}
}

// TestCartographerEndScreens: at the end of Cartographer's Corner the
// display shows each player's circles ("Erica 3" / "3/7 circles", the
// screen docs/where-is-that.md promises), then who won, then the scores.
func TestCartographerEndScreens(t *testing.T) {
	batches, evs := replayBatches(t, "../../../../rules/wit/testdata/cartographer-tiebreak.jsonl")
	shown, _ := playQueue(batches, batches[len(batches)-1].at.Add(30*time.Second))
	var want []string
	for _, e := range evs {
		if e.Kind == rules.EventPoints {
			want = append(want, e.Short[0]+" / "+e.Short[1])
		}
	}
	if len(want) < 2 || !strings.Contains(want[0], "circles") {
		t.Fatalf("the game's end gives no per-player screens: %q", want)
	}
	for _, w := range want {
		found := false
		for _, s := range shown {
			if s.text() == w && s.to.Sub(s.from) >= ReadHold {
				found = true
			}
		}
		if !found {
			t.Errorf("%q not shown for %v", w, ReadHold)
		}
	}
}

// storm is a game that keeps warning, as a camera too weak for the codes
// makes one (reads flicker, each snapshot differs): a snapshot every
// 300 ms, each with one of three warnings (or with all of them), for 20 s;
// then a verdict.
func storm(t0 time.Time) ([]batch, time.Time) {
	warn := func(l1 string) Screen {
		return Screens([]rules.Event{{Kind: rules.EventWarning, Short: rules.Say(l1, "Deal 1 start")}}, time.Time{})[0]
	}
	ws := []Screen{warn("Ana: no card"), warn("Ben: no card"), warn("Caro: no card")}
	var out []batch
	at := t0
	for i := 0; i < 66; i++ {
		b := []Screen{ws[i%3]}
		if i%5 == 0 {
			b = append([]Screen(nil), ws...)
		}
		out = append(out, batch{at: at, screens: b})
		at = at.Add(300 * time.Millisecond)
	}
	end := Screens([]rules.Event{{Kind: rules.EventVerdict, Verdict: rules.Right, Short: rules.Say("Ana OK", "Grey-Grey")}}, time.Time{})
	out = append(out, batch{at: at, screens: end})
	return out, at
}

// TestWarningStormKeepsTheDisplayCurrent: through 20 s of a game that
// keeps warning, every screen is shown within OvertakenHold of being sent
// (the display lag stays under a second), each warning is said once while
// it lasts (not 66 times), and the verdict after it shows at once.
func TestWarningStormKeepsTheDisplayCurrent(t *testing.T) {
	t0 := time.Unix(1000, 0)
	batches, verdictAt := storm(t0)
	shown, lags := playQueue(batches, verdictAt.Add(5*time.Second))
	var worst time.Duration
	for _, l := range lags {
		worst = max(worst, l)
	}
	if worst > time.Second || len(lags) < 2 {
		t.Errorf("display lag up to %v through the storm (%d batches reached), want under 1 s", worst, len(lags))
	}
	count := map[string]int{}
	for _, s := range shown {
		count[s.text()]++
	}
	for text, n := range count {
		if n > 1 {
			t.Errorf("%q shown %d times: a warning is said once while it lasts", text, n)
		}
	}
	last := shown[len(shown)-1]
	if last.Class != ClassVerdict || last.from.Sub(verdictAt) > OvertakenHold {
		t.Errorf("the verdict after the storm: %q shown %v after it was sent", last.text(), last.from.Sub(verdictAt))
	}
}

// TestNewWarningEveryState: a storm of warnings that are new every time
// (300 ms apart): the display shows the newest within a second of each
// state, never a queue of old ones.
func TestNewWarningEveryState(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var batches []batch
	for i := 0; i < 60; i++ {
		e := rules.Event{Kind: rules.EventWarning, Short: rules.Say("Not expected", fmt.Sprintf("card %d", i))}
		batches = append(batches, batch{at: t0.Add(time.Duration(i) * 300 * time.Millisecond), screens: Screens([]rules.Event{e}, time.Time{})})
	}
	shown, lags := playQueue(batches, t0.Add(30*time.Second))
	var worst time.Duration
	for _, l := range lags {
		worst = max(worst, l)
	}
	if worst >= time.Second || len(lags) < 15 {
		t.Errorf("display lag up to %v over %d batches reached, want under 1 s", worst, len(lags))
	}
	if last := shown[len(shown)-1].text(); last != "Not expected / card 59" {
		t.Errorf("the display ends on %q, not the newest warning", last)
	}
}

// TestQueueStaleness: a newer verdict goes on the display the instant it
// comes, drops the warnings still waiting and the turn screen of the
// player whose move it judges (that turn is over), and shows after it the
// older verdict it cut before it could be read and the older points and
// orders still waiting, each OvertakenHold; more than maxWarnings
// warnings in one batch are counted on one screen.
func TestQueueStaleness(t *testing.T) {
	t0 := time.Unix(1000, 0)
	sc := func(kind rules.EventKind, l1 string) Screen {
		e := rules.Event{Kind: kind, Short: rules.Say(l1, ""), Player: 1, Verdict: rules.Right}
		if kind == rules.EventPoints {
			e.Points = 1
			e.Player = 2
		}
		return Screens([]rules.Event{e}, time.Time{})[0]
	}
	b1 := []Screen{sc(rules.EventVerdict, "V1"), sc(rules.EventPoints, "P1"), sc(rules.EventDo, "D1"), sc(rules.EventTurn, "T1"), sc(rules.EventWarning, "W1")}
	b2 := []Screen{sc(rules.EventVerdict, "V2")}
	var many []Screen
	for _, l := range []string{"A", "B", "C", "D", "E"} {
		many = append(many, sc(rules.EventWarning, l))
	}
	v2At := t0.Add(100 * time.Millisecond)
	shown, _ := playQueue([]batch{{t0, b1}, {v2At, b2}, {t0.Add(8 * time.Second), many}}, t0.Add(20*time.Second))
	var got []string
	for _, s := range shown {
		got = append(got, s.Msg.Lines[0])
	}
	if want := "V1 V2 V1 P1 D1 A B 3 more warnings"; strings.Join(got, " ") != want {
		t.Fatalf("shown %q, want %q", strings.Join(got, " "), want)
	}
	if !shown[1].from.Equal(v2At) {
		t.Errorf("V2 shown %v after it came, want at once", shown[1].from.Sub(v2At))
	}
	for _, s := range shown[2:4] { // D1 is the last screen: it stays
		if d := s.to.Sub(s.from); d != OvertakenHold {
			t.Errorf("%q, overtaken by V2, shown %v after it, want %v", s.text(), d, OvertakenHold)
		}
	}
	if shown[len(shown)-1].Msg.Verdict != display.Warn {
		t.Errorf("the count of warnings is not a warning: %+v", shown[len(shown)-1])
	}
}

// TestVerdictOvertakesAtOnce: a verdict is shown the instant it comes,
// whatever holds the display (but a turn or round screen just put up,
// which stands OvertakenHold first); an order the players have not done yet is
// still shown after it, an order seen done is not, and a newer verdict on
// the same card (the move judged again) supersedes the older verdict and
// its order.
func TestVerdictOvertakesAtOnce(t *testing.T) {
	t0 := time.Unix(1000, 0)
	quito, manaus := rules.CardID{Deck: "SA", Num: 10}, rules.CardID{Deck: "SA", Num: 41}
	verdict := func(c rules.CardID, name string) rules.Event {
		return rules.Event{Kind: rules.EventVerdict, Player: 1, Card: c, Verdict: rules.Right, Short: rules.Say(name+": RIGHT", "Ana +1")}
	}
	flip := func(c rules.CardID, name string) rules.Event {
		return rules.Event{Kind: rules.EventDo, Card: c, Action: "flip", Short: rules.Say("Flip "+name, "map side up")}
	}
	flipped := func(c rules.CardID, name string) rules.Event {
		return rules.Event{Kind: rules.EventDone, Card: c, Action: "flip", Short: rules.Say("Flipped:", name)}
	}
	turn := func(who string) rules.Event {
		return rules.Event{Kind: rules.EventTurn, Short: rules.Say(who+"'s turn", "Place a card")}
	}
	b := func(at time.Duration, evs ...rules.Event) batch {
		return batch{at: t0.Add(at), screens: Screens(evs, time.Time{})}
	}
	texts := func(shown []onDisplay) string {
		var out []string
		for _, s := range shown {
			out = append(out, s.text())
		}
		return strings.Join(out, " | ")
	}
	for _, c := range []struct {
		name    string
		batches []batch
		want    string
	}{
		{"the order not done is shown after the new verdict", []batch{
			b(0, verdict(quito, "Quito"), flip(quito, "Quito"), turn("Ben")),
			b(1200*time.Millisecond, verdict(manaus, "Manaus"), flip(manaus, "Manaus"), turn("Caro")),
		}, "Quito: RIGHT / Ana +1 | Manaus: RIGHT / Ana +1 | Flip Quito / map side up | Flip Manaus / map side up | Caro's turn / Place a card"},
		{"an order done is dropped", []batch{
			b(0, verdict(quito, "Quito"), flip(quito, "Quito"), turn("Ben")),
			b(1000*time.Millisecond, flipped(quito, "Quito")),
			b(1200*time.Millisecond, verdict(manaus, "Manaus"), turn("Caro")),
		}, "Quito: RIGHT / Ana +1 | Ben's turn / Place a card | Manaus: RIGHT / Ana +1 | Caro's turn / Place a card"},
		{"the same card judged again supersedes", []batch{
			b(0, verdict(quito, "Quito"), flip(quito, "Quito"), turn("Ben")),
			b(300*time.Millisecond, verdict(quito, "Quito"), turn("Ben")),
		}, "Quito: RIGHT / Ana +1 | Quito: RIGHT / Ana +1 | Ben's turn / Place a card"},
		{"the turn and the done screens of the last move make way", []batch{
			b(0, verdict(quito, "Quito"), flip(quito, "Quito"), turn("Ben")),
			b(3000*time.Millisecond, flipped(quito, "Quito")),
			b(3900*time.Millisecond, verdict(manaus, "Manaus"), turn("Caro")),
		}, "Quito: RIGHT / Ana +1 | Flip Quito / map side up | Ben's turn / Place a card | Manaus: RIGHT / Ana +1 | Caro's turn / Place a card"},
	} {
		shown, _ := playQueue(c.batches, t0.Add(20*time.Second))
		if got := texts(shown); got != c.want {
			t.Errorf("%s: shown\n%s\nwant\n%s", c.name, got, c.want)
			continue
		}
		last := c.batches[len(c.batches)-1]
		for i, s := range shown {
			if s.Class == ClassVerdict && s.sent.Equal(last.at) && !onTime(shown, i, last.at) {
				t.Errorf("%s: the new verdict %q shown %v after it came, want at once", c.name, s.text(), s.from.Sub(last.at))
			}
			if s.Act && s.to.Sub(s.from) < OvertakenHold {
				t.Errorf("%s: %q shown %v, want at least %v", c.name, s.text(), s.to.Sub(s.from), OvertakenHold)
			}
		}
	}
}

func fastHolds(t *testing.T, v time.Duration) { t.Cleanup(ScaleHolds(v)) }

// onTime reports whether the verdict shown[i], sent at sent, came on the
// display at once, or, where a turn or round screen had just been put up,
// as soon as that screen had stood OvertakenHold (read first: issue 29).
func onTime(shown []onDisplay, i int, sent time.Time) bool {
	if shown[i].from.Equal(sent) {
		return true
	}
	if i == 0 {
		return false
	}
	p := shown[i-1]
	return (p.Turn || p.Offer) && !p.from.After(sent) && shown[i].from.Equal(p.from.Add(OvertakenHold))
}

// TestDemoGameVerdictsAtOnce plays the bundled demo game's screens at a
// live pace (a new state of the table every 2 s, every 1 s, every 0.6 s:
// faster than players lay cards), as played and with the players never
// flipping a card, through the queue: every verdict is on the display the
// instant the referee says it and stays at least OvertakenHold; every
// order (flip, take off) is shown at least OvertakenHold unless the
// players were seen doing it first.
func TestDemoGameVerdictsAtOnce(t *testing.T) {
	game, _ := replayBatches(t, "../../testdata/demo-continental.jsonl")
	var noFlips []batch // the same game, nobody ever seen flipping a card
	for _, b := range game {
		var keep []Screen
		for _, s := range b.screens {
			if !strings.HasPrefix(s.Done, "flip ") {
				keep = append(keep, s)
			}
		}
		if len(keep) > 0 {
			noFlips = append(noFlips, batch{screens: keep})
		}
	}
	for _, pace := range []time.Duration{2 * time.Second, time.Second, 600 * time.Millisecond} {
		for _, g := range []struct {
			name  string
			game  []batch
			shown int // orders that must be shown at least
		}{{"as played", game, 1}, {"nobody flips", noFlips, 12}} {
			t0 := time.Unix(1000, 0)
			var batches []batch
			done := map[string]bool{}
			verdicts, orders := 0, 0
			for i, b := range g.game {
				batches = append(batches, batch{at: t0.Add(time.Duration(i) * pace), screens: b.screens})
				for _, s := range b.screens {
					if s.Done != "" {
						done[s.Done] = true
					}
					if s.Class == ClassVerdict && !s.Card.IsZero() {
						verdicts++
					}
				}
			}
			shown, _ := playQueue(batches, batches[len(batches)-1].at.Add(60*time.Second))
			longest := map[string]time.Duration{}
			for _, s := range shown {
				longest[s.text()] = max(longest[s.text()], s.to.Sub(s.from))
			}
			atOnce := 0
			for _, b := range batches {
				for _, s := range b.screens {
					text := strings.Join(s.Msg.Lines, " / ")
					switch {
					case s.Class == ClassVerdict && !s.Card.IsZero():
						for i, o := range shown {
							if o.text() == text && o.sent.Equal(b.at) && onTime(shown, i, b.at) {
								atOnce++
								break
							}
						}
						if longest[text] < OvertakenHold {
							t.Errorf("pace %v, %s: verdict %q shown %v at most", pace, g.name, text, longest[text])
						}
					case s.Order != "" && !done[s.Order]:
						orders++
						if longest[text] < OvertakenHold {
							t.Errorf("pace %v, %s: order %q, never seen done, shown %v at most", pace, g.name, text, longest[text])
						}
					}
				}
			}
			if verdicts < 10 || orders < g.shown {
				t.Fatalf("%s: %d verdicts, %d orders never done: the test lost its events", g.name, verdicts, orders)
			}
			if atOnce != verdicts {
				t.Errorf("pace %v, %s: %d of %d verdicts on the display the instant they came", pace, g.name, atOnce, verdicts)
			}
			if last := shown[len(shown)-1]; last.Scores == nil {
				t.Errorf("pace %v, %s: the display ends on %q, not the final scores", pace, g.name, last.text())
			}
		}
	}
}
