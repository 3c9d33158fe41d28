package daemon

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/hw/display"
)

// onDisplay is one screen as the display showed it, from when to when.
type onDisplay struct {
	present.Screen
	from, to time.Time
}

func (o onDisplay) text() string { return strings.Join(o.Msg.Lines, " / ") }

func fastHolds(t *testing.T, v time.Duration) { t.Cleanup(present.ScaleHolds(v)) }

// timedDisplay records every screen with when it was shown.
type timedDisplay struct {
	mu    sync.Mutex
	shown []onDisplay
}

func (d *timedDisplay) add(text string, v display.Verdict) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := time.Now()
	if n := len(d.shown); n > 0 {
		d.shown[n-1].to = now
	}
	d.shown = append(d.shown, onDisplay{Screen: present.Screen{Msg: display.Message{Lines: strings.Split(text, " / "), Verdict: v}}, from: now})
}
func (d *timedDisplay) Show(m display.Message) error {
	d.add(strings.Join(m.Lines, " / "), m.Verdict)
	return nil
}
func (d *timedDisplay) ShowScores(s display.Scores) error {
	d.add("scores "+s.Title, display.None)
	return nil
}
func (d *timedDisplay) Size() (int, int) { return 16, 2 }
func (d *timedDisplay) Halt() error      { return nil }
func (d *timedDisplay) String() string   { return "timed recorder" }

func (d *timedDisplay) all() []onDisplay {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := append([]onDisplay(nil), d.shown...)
	if n := len(out); n > 0 && out[n-1].to.IsZero() {
		out[n-1].to = time.Now()
	}
	return out
}

// runReplay plays a replay file through tableref run at speed, the
// display recorded, and returns what it showed and every display lag.
func runReplay(t *testing.T, path string, speed float64) ([]onDisplay, []time.Duration) {
	t.Helper()
	cfg := testConfig(t, live.ReplayPrefix+path)
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.Speed = speed
	disp := &timedDisplay{}
	var mu sync.Mutex
	var lags []time.Duration
	err := Run(context.Background(), cfg, Deps{Display: disp, OnLag: func(l time.Duration) {
		mu.Lock()
		lags = append(lags, l)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	return disp.all(), lags
}

// firstRound copies the bundled Map It! game up to the second round's
// centre card.
func firstRound(t *testing.T) string {
	f, err := os.Open("../../../../rules/mapit/testdata/world-three-rounds.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "# Round 2") {
			break
		}
		b.WriteString(sc.Text() + "\n")
	}
	path := filepath.Join(t.TempDir(), "round1.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMapItRoundOnTheDisplay plays the first round of the bundled Map It!
// game through tableref run (30 times faster, the holds 30 times shorter)
// and checks the display: every token, guess, challenge and round screen
// is shown, and none is replaced the instant it appears.
func TestMapItRoundOnTheDisplay(t *testing.T) {
	const speed = 30
	defer present.ScaleHolds(present.VerdictHold / speed)()
	shown, _ := runReplay(t, firstRound(t), speed)
	seen := map[string]time.Duration{}
	for _, s := range shown {
		seen[s.text()] = max(seen[s.text()], s.to.Sub(s.from))
	}
	for _, want := range []string{
		"Round 1 centre: / Washington D.C.", "Tokyo: east / Challenge?", "Athens: RIGHT / by Caro",
		"Ben +1 token / from Caro", "Ben +1 token / from Ana", "Caro +1 token / from Ana",
		"Ana guessed / 1 of 3 in", "Caro guessed / 3 of 3 in",
	} {
		d, ok := seen[want]
		switch {
		case !ok:
			var all []string
			for _, s := range shown {
				all = append(all, s.text())
			}
			t.Errorf("%q never shown; the display showed:\n%s", want, strings.Join(all, "\n"))
		case d < present.OvertakenHold/2:
			t.Errorf("%q shown %v: replaced the instant it appeared", want, d)
		}
	}
	for _, s := range shown {
		if strings.Contains(s.text(), "tokens / exact") || strings.Contains(s.text(), "token / closest") {
			return // the round's guesses paid out on the display
		}
	}
	t.Errorf("no screen says who took tokens for the guesses")
}

// stormReplay writes a 2-player Strange World game whose camera flickers:
// Ben's next card shows in every other snapshot, 300 ms apart, for 6 s,
// while it is Ana's turn ("Not your turn"); then the table is clean for
// 3 s, then Ana plays.
func stormReplay(t *testing.T) (path string, clean, played float64) {
	var b strings.Builder
	b.WriteString(`{"kind": "header", "format": 1, "mode": "strangeworld", "players": ["Ana", "Ben"]}` + "\n")
	world := func(extraBen, extraAna bool) string {
		ben := `[["Starting Green"]]`
		if extraBen {
			ben = `[["Starting Green", "grey-green#2"]]`
		}
		ana := `[["Starting Grey"]]`
		if extraAna {
			ana = `[["Starting Grey", "grey-grey#1"]]`
		}
		return fmt.Sprintf(`{"p1": {"origin": [0, 0], "rows": %s}, "p2": {"origin": [0, 0], "rows": %s}}`, ana, ben)
	}
	at := 0.0
	snap := func(tab string) {
		fmt.Fprintf(&b, `{"kind": "snapshot", "t": %.1f, "table": %s}`+"\n", at, tab)
	}
	snap(world(false, false))
	for i := 0; i < 20; i++ {
		at += 0.3
		snap(world(i%2 == 0, false))
	}
	at += 0.3
	clean = at
	snap(world(false, false))
	at += 3
	played = at
	snap(world(false, true))
	at += 2
	snap(world(false, true)) // the same table: the recording goes on 2 s
	path = filepath.Join(t.TempDir(), "storm.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, clean, played
}

// TestWarningStormOnTheDisplay measures the display lag through a game
// that keeps warning (real time, real holds): the flickering warning is
// shown once, no warning is still shown a second after the table is
// clean, Ana's verdict shows within a second, and every batch the referee
// sends reaches the display within a second.
func TestWarningStormOnTheDisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 11 s of a game in real time")
	}
	path, clean, played := stormReplay(t)
	shown, lags := runReplay(t, path, 1)
	var start time.Time
	for _, s := range shown {
		if strings.Contains(s.text(), "Turn 1 of 5") {
			start = s.from // the first snapshot, t = 0
			break
		}
	}
	if start.IsZero() {
		t.Fatalf("the game never started: %v", shown)
	}
	at := func(t float64) time.Time { return start.Add(time.Duration(t * float64(time.Second))) }
	warned := 0
	for _, s := range shown {
		if s.Msg.Verdict == display.Warn {
			warned++
			if s.from.After(at(clean).Add(time.Second)) {
				t.Errorf("warning %q shown %.1f s after the table was clean", s.text(), s.from.Sub(at(clean)).Seconds())
			}
		}
		if s.Msg.Verdict == display.Right && s.from.Sub(at(played)) > time.Second {
			t.Errorf("Ana's verdict shown %.1f s after she played", s.from.Sub(at(played)).Seconds())
		}
	}
	if warned != 1 {
		t.Errorf("the flickering warning was shown %d times, want once while it lasts", warned)
	}
	var worst time.Duration
	for _, l := range lags {
		worst = max(worst, l)
	}
	t.Logf("display lag: %d batches, worst %v", len(lags), worst)
	if worst >= time.Second || len(lags) < 3 {
		t.Errorf("display lag: worst %v over %d batches, want under 1 s", worst, len(lags))
	}
}
