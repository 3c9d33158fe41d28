package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/rules"
)

// fakeBackend records what the page sent.
type fakeBackend struct {
	mu     sync.Mutex
	inputs []rules.Input
	games  []rules.Setup
	err    error
}

func (f *fakeBackend) Input(_ context.Context, in rules.Input) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.inputs = append(f.inputs, in)
	return f.err
}

func (f *fakeBackend) NewGame(_ context.Context, s rules.Setup) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.games = append(f.games, s)
	return f.err
}

func (f *fakeBackend) last() (rules.Input, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.inputs) == 0 {
		return rules.Input{}, 0
	}
	return f.inputs[len(f.inputs)-1], len(f.inputs)
}

// sampleState is a Where is That?-like game in progress: a map with right
// and wrong cards, one map side up, scores with a breakdown.
func sampleState() State {
	cell := func(r, c int, id, name string, back bool, v string) Cell {
		return Cell{Row: r, Col: c, Card: id, Name: name, Back: back, Verdict: v}
	}
	return State{
		Mode: fakegame.ModeID, ModeName: "Where is That? South America — Continental Shake Up", Players: []string{"Ana", "Ben", "Caro"},
		Scores: []rules.Score{
			{Player: 1, Name: "Ana", Total: 7, Parts: []rules.ScorePart{{Category: "circles", Points: 7, Detail: "3 cards"}}},
			{Player: 2, Name: "Ben", Total: 4, Parts: []rules.ScorePart{{Category: "circles", Points: 4, Detail: "2 cards"}}},
			{Player: 3, Name: "Caro", Total: 2, Parts: []rules.ScorePart{{Category: "circles", Points: 2, Detail: "1 card"}}},
		},
		T: 151,
		Zones: []Zone{{Name: "map", Top: 0, Left: -1, Rows: 2, Cols: 5, Cells: []Cell{
			cell(0, 0, "SA-011", "Bogotá", true, ""), cell(0, 1, "SA-014", "Caracas", true, ""),
			cell(1, -1, "SA-063", "Quito", true, "right"), cell(1, 0, "SA-045", "Lima", true, ""),
			cell(1, 1, "SA-030", "Cobija", false, "wrong"), cell(1, 2, "SA-092", "Sucre", true, ""), cell(1, 3, "SA-052", "Manaus", true, "right"),
		}}},
		Events: []Event{
			{T: 46, Kind: "verdict", Player: 1, Verdict: "right", Short: [2]string{"Quito: RIGHT", "Ana +3"}, Long: "Ana placed Quito correctly: 3 circles, all correct."},
			{T: 75, Kind: "verdict", Player: 2, Verdict: "right", Short: [2]string{"Manaus: RIGHT", "Ben +2"}, Long: "Ben placed Manaus correctly: 2 circles."},
			{T: 105, Kind: "verdict", Player: 3, Verdict: "wrong", Short: [2]string{"Cobija: WRONG", "Flip it back"}, Long: "Caro placed Cobija between Lima and Sucre: wrong, Cobija lies east of Sucre."},
			{T: 106, Kind: "turn", Player: 1, Short: [2]string{"Ana's turn", ""}, Long: "Round 2: Ana draws 3 cards."},
		},
		Screen: Screen{Lines: []string{"Cobija: WRONG", "Flip it back"}, Verdict: "wrong"},
		Status: Status{Camera: "pi camera", CameraOK: true, Display: "HD44780 16×2"},
	}
}

// browser starts headless Chromium for a test, or skips outside CI when
// it is not installed (scripts/setup installs Debian's chromium).
func browser(t *testing.T) context.Context {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed; scripts/setup installs it (Debian package chromium)")
		}
		t.Skip("chromium is not installed (Debian package chromium, installed by scripts/setup): the status page is not tested in a browser")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1000),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancel3)
	return ctx
}

// page drives one tab.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

func (p page) text(sel string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.TextContent(chromedp.CSS(sel)))
	if err != nil {
		p.t.Fatalf("%s: %v", sel, err)
	}
	return v
}

func (p page) count(sel string) int {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+"`"+sel+"`"+`).length`))
	if err != nil {
		p.t.Fatalf("%s: %v", sel, err)
	}
	return v
}

// until waits for a JavaScript condition to hold in the page.
func (p page) until(cond, what string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func TestPageInChromium(t *testing.T) {
	fb := &fakeBackend{}
	s := New(fb, Options{})
	s.Publish(sampleState())
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close) // after the browser has gone (cleanups run last first)
	p := page{t: t, ctx: browser(t)}

	p.do(chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#scores li`)))
	p.until(`document.querySelectorAll('#events li').length === 4`, "events listed")
	screen := p.text(`#screen`)
	for _, want := range []string{"Cobija: WRONG", "Flip it back"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen %q lacks %q", screen, want)
		}
	}
	scores := p.text(`#scores`)
	for _, want := range []string{"Ana", "7", "circles: 7 (3 cards)", "Caro"} {
		if !strings.Contains(scores, want) {
			t.Errorf("scores %q lack %q", scores, want)
		}
	}
	zones := p.text(`#zones`)
	if wrong, right := p.count(`.tcard.wrong`), p.count(`.tcard.right`); !strings.Contains(zones, "Bogotá") || !strings.Contains(zones, "Manaus") || wrong != 1 || right != 2 {
		t.Errorf("table: %q, %d wrong and %d right cards (want 1 and 2)", zones, wrong, right)
	}
	if n := p.count(`#zones .grid > *`); n != 10 {
		t.Errorf("the 2×5 map has %d cells, want 10", n)
	}
	if ev := p.text(`#events`); !strings.Contains(ev, "Caro placed Cobija") {
		t.Errorf("events %q", ev)
	}
	if path := os.Getenv("TABLEREF_SCREENSHOT"); path != "" {
		png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, png, 0o644)
	}

	// The controls: choose player 2 and press Challenge, then guess 3.
	p.do(chromedp.SetValue(chromedp.CSS(`#player`), "2"), chromedp.Click(chromedp.CSS(`#b-challenge`)))
	waitFor(t, func() bool { in, _ := fb.last(); return in.Type == rules.InputChallenge })
	if in, _ := fb.last(); in.Player != 2 {
		t.Errorf("challenge sent for player %d, want 2", in.Player)
	}
	p.do(chromedp.SetValue(chromedp.CSS(`#number`), "3"), chromedp.Click(chromedp.CSS(`#b-guess`)))
	waitFor(t, func() bool {
		in, _ := fb.last()
		return in.Type == rules.InputGuess && in.Number == 3 && in.Player == 2
	})

	// A refused input is shown to the user.
	fb.mu.Lock()
	fb.err = errTest("journal: the disk is full")
	fb.mu.Unlock()
	p.do(chromedp.Click(chromedp.CSS(`#b-next`)))
	p.until(`document.getElementById('input-msg').textContent.includes('disk is full')`, "the refusal shown")

	// A new state reaches the open page by server-sent events.
	st := sampleState()
	st.Screen = Screen{Lines: []string{"Ana's turn", "Draw 3 cards"}, Verdict: "none"}
	st.Status.Journal = "journal /var/lib/tableref/journal.jsonl: the disk is full"
	s.Publish(st)
	p.until(`document.getElementById('screen-1').textContent === "Ana's turn"`, "the page following the new state")
	if alert := p.text(`#alert`); !strings.Contains(alert, "disk is full") {
		t.Errorf("alert %q", alert)
	}
	if n := p.count(`[data-input]:disabled`); n == 0 {
		t.Error("the controls stay enabled while the referee has stopped")
	}

	// New game: the form sends the mode, the players and the options.
	fb.mu.Lock()
	fb.err = nil
	fb.mu.Unlock()
	p.do(chromedp.Click(chromedp.CSS(`#newgame summary`)), chromedp.WaitVisible(chromedp.CSS(`#ng-players`)),
		chromedp.SetValue(chromedp.CSS(`#ng-mode`), fakegame.ModeID))
	p.until(`(document.getElementById('ng-mode').dispatchEvent(new Event('change')), !!document.querySelector('#ng-options [data-key=cards]'))`, "the mode's options")
	p.do(chromedp.SetValue(chromedp.CSS(`#ng-players`), "Dora, Eli"),
		chromedp.SetValue(chromedp.CSS(`#ng-options [data-key=cards]`), "4"),
		chromedp.Click(chromedp.CSS(`#newgame-form button[type=submit]`)))
	waitFor(t, func() bool { fb.mu.Lock(); defer fb.mu.Unlock(); return len(fb.games) == 1 })
	g := fb.games[0]
	if g.Mode != fakegame.ModeID || strings.Join(g.Players, "|") != "Dora|Eli" || g.Options["cards"] != "4" {
		t.Errorf("new game sent %+v", g)
	}
}

type errTest string

func (e errTest) Error() string { return string(e) }

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatal("timed out waiting for the page's request")
}

// Past the cap of open pages the page says so instead of staying blank.
func TestPageSaysTooManyPages(t *testing.T) {
	s := New(&fakeBackend{}, Options{MaxStreams: 1})
	s.Publish(sampleState())
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if ev, _, body := openStream(t, ctx, ts.URL); ev != "state" {
		t.Fatalf("first page: %q", ev)
	} else {
		defer body.Close()
	}
	p := page{t: t, ctx: browser(t)}
	p.do(chromedp.Navigate(ts.URL))
	p.until(`!document.getElementById('full').hidden`, "the page shows it was refused")
	if msg := p.text(`#full`); !strings.Contains(msg, "Too many pages are open on this referee (1): close one") {
		t.Errorf("message %q", msg)
	}
	if c := p.text(`#conn`); c != "too many pages" {
		t.Errorf("connection pill %q", c)
	}
}
