package web

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tableref/tableref/cmd/tableref/internal/web/browsertest"

	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/rules"
)

// fakeBackend records what the page sent.
type fakeBackend struct {
	mu     sync.Mutex
	inputs []rules.Input
	games  []rules.Setup
	mutes  []bool
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

func (f *fakeBackend) SetMuted(_ context.Context, m bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mutes = append(f.mutes, m)
	return f.err
}

// sampleState is a Where is That? game in progress: a map with right and
// wrong cards, one map side up, scores with a breakdown, the banner's
// sentences, a camera picture with the codes read, speech on.
func sampleState() State {
	cell := func(r, c int, id, name string, back bool, v string) Cell {
		return Cell{Row: r, Col: c, Card: id, Name: name, Back: back, Verdict: v}
	}
	at := time.Date(2026, 5, 1, 20, 14, 5, 0, time.Local).UnixMilli()
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
			cell(1, -1, "SA-063", "Quito", true, "right"), cell(1, 0, "SA-045", "Medellín", true, ""),
			cell(1, 1, "SA-030", "Cobija", false, "wrong"), cell(1, 2, "SA-092", "Sucre", true, ""), cell(1, 3, "SA-052", "Florianópolis", true, "right"),
		}}},
		Events: []Event{
			{T: 46, At: at, Kind: "verdict", Player: 1, Verdict: "right", Short: [2]string{"Quito: RIGHT", "Ana +3"}, Long: "Ana placed Quito correctly: 3 circles, all correct."},
			{T: 75, At: at + 29000, Kind: "verdict", Player: 2, Verdict: "right", Short: [2]string{"Manaus: RIGHT", "Ben +2"}, Long: "Ben placed Florianópolis correctly: 2 circles."},
			{T: 105, At: at + 59000, Kind: "verdict", Player: 3, Verdict: "wrong", Short: [2]string{"Cobija: WRONG", "Flip it back"}, Long: "Caro placed Cobija between Lima and Sucre: wrong (Cobija left of Sucre: green 44 > 40)."},
			{T: 106, Kind: "turn", Player: 1, Short: [2]string{"Ana's turn", ""}, Long: "Round 2: Ana draws 3 cards."},
		},
		Screen: Screen{Lines: []string{"Cobija: WRONG", "Flip it back"}, Verdict: "wrong"},
		Banner: Banner{Text: "Caro placed Cobija between Lima and Sucre: wrong (Cobija left of Sucre: green 44 > 40).", Verdict: "wrong",
			Now: "Take Cobija off the map.", NowKind: "do"},
		Inputs: []rules.InputUse{},
		Sides:  [2]string{"flag side", "map side"},
		Speech: &Speech{},
		Status: Status{Source: "Pi camera", Camera: "reading pi", CameraOK: true, Display: "HD44780 16×2"},
	}
}

// mapItState is a Map It! game: its inputs (challenge, guess, check) and
// six players with long names.
func mapItState() State {
	st := sampleState()
	st.ModeName = "Map It! World Edition"
	st.Players = []string{"Alexandra", "Benedikt", "Carolina", "Dorothea", "Emmanuel", "Friederike"}
	st.Scores = nil
	for i, n := range st.Players {
		st.Scores = append(st.Scores, rules.Score{Player: i + 1, Name: n, Total: 10 + i})
	}
	st.Sides = [2]string{"name side", "coordinate side"}
	st.Inputs = []rules.InputUse{
		{Type: rules.InputChallenge, Label: "Challenge", Player: true, Cards: true, Help: "a player challenges the card just laid"},
		{Type: rules.InputGuess, Label: "Guess", Player: true, Number: true, Help: "each player guesses how many cards are misplaced"},
		{Type: rules.InputNext, Label: "Check the cards", Help: "closes the guessing"},
	}
	return st
}

// browser starts headless Chromium for a test, or skips outside CI when
// it is not installed (scripts/setup installs Debian's chromium).
func browser(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(chromium(t), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// chromium starts headless Chromium for a test and returns its first tab,
// without a time limit: tab opens more tabs in it (a test that checks many
// pages starts the browser once; on a loaded machine a start takes long).
func chromium(t *testing.T) context.Context {
	t.Helper()
	return browsertest.Chromium(t)
}

// tab opens a new tab in the browser of ctx (see chromium), for up to two
// minutes.
func tab(t *testing.T, browserCtx context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel2)
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
	s.Publish(mapItState())
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close) // after the browser has gone (cleanups run last first)
	p := page{t: t, ctx: browser(t)}

	p.do(chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#scores li`)))
	p.until(`document.querySelectorAll('#events li').length === 4`, "events listed")
	// The banner says the verdict's sentence, its working in brackets
	// apart, and what to do now; not the display's 16×2 lines.
	if got := p.text(`#banner-text`); got != "Caro placed Cobija between Lima and Sucre: wrong." {
		t.Errorf("banner %q", got)
	}
	if why, now := p.text(`#banner-why`), p.text(`#banner-now`); why != "Cobija left of Sucre: green 44 > 40" || now != "Take Cobija off the map." {
		t.Errorf("banner's working %q, now %q", why, now)
	}
	scores := p.text(`#scores`)
	for _, want := range []string{"Alexandra10", "Friederike15", "to play"} {
		if !strings.Contains(scores, want) {
			t.Errorf("scores %q lack %q", scores, want)
		}
	}
	// Cards say their side in the game's words; the table's verdicts.
	zones := p.text(`#zones`)
	if wrong, right := p.count(`.tcard.wrong`), p.count(`.tcard.right`); !strings.Contains(zones, "Bogotá") || !strings.Contains(zones, "coordinate side up") || strings.Contains(zones, "back") || wrong != 1 || right != 2 {
		t.Errorf("table: %q, %d wrong and %d right cards (want 1 and 2)", zones, wrong, right)
	}
	if n := p.count(`#zones .grid > *`); n != 10 {
		t.Errorf("the 2×5 map has %d cells, want 10", n)
	}
	// The log gives clock times, not seconds since the start.
	ev := p.text(`#events`)
	if !strings.Contains(ev, "20:15:04") || !strings.Contains(ev, "Caro placed Cobija") || strings.Contains(ev, "105.0s") {
		t.Errorf("events %q", ev)
	}

	// The mode's controls: challenge by player 2 naming the neighbour,
	// then player 2 guesses 3.
	p.do(chromedp.SetValue(chromedp.CSS(`#player`), "2"), chromedp.SetValue(chromedp.CSS(`#f-challenge-other`), "SA-045"),
		chromedp.Click(chromedp.CSS(`[data-input=challenge]`)))
	waitFor(t, func() bool { in, _ := fb.last(); return in.Type == rules.InputChallenge })
	if in, _ := fb.last(); in.Player != 2 || in.Other.String() != "SA-045" {
		t.Errorf("challenge sent %+v, want player 2 and SA-045", in)
	}
	p.do(chromedp.SetValue(chromedp.CSS(`#f-guess-number`), "3"), chromedp.Click(chromedp.CSS(`[data-input=guess]`)))
	waitFor(t, func() bool {
		in, _ := fb.last()
		return in.Type == rules.InputGuess && in.Number == 3 && in.Player == 2
	})
	p.do(chromedp.Click(chromedp.CSS(`#b-undo`)))
	waitFor(t, func() bool { in, _ := fb.last(); return in.Type == rules.InputUndo })

	// The speech button mutes the referee.
	p.do(chromedp.Click(chromedp.CSS(`#speech`)))
	waitFor(t, func() bool { fb.mu.Lock(); defer fb.mu.Unlock(); return len(fb.mutes) == 1 && fb.mutes[0] })

	// A refused input is shown to the user.
	fb.mu.Lock()
	fb.err = errTest("journal: the disk is full")
	fb.mu.Unlock()
	p.do(chromedp.Click(chromedp.CSS(`[data-input=next]`)))
	p.until(`document.getElementById('input-msg').textContent.includes('disk is full')`, "the refusal shown")

	// A new state reaches the open page by server-sent events.
	st := mapItState()
	st.Banner = Banner{Text: "Ben placed Athens: right.", Verdict: "right", Now: "Carolina's turn.", NowKind: "turn"}
	st.Status.Journal = "journal /var/lib/tableref/journal.jsonl: the disk is full"
	st.Speech.Muted = true
	s.Publish(st)
	p.until(`document.getElementById('banner-text').textContent === "Ben placed Athens: right."`, "the page following the new state")
	if alert := p.text(`#alert`); !strings.Contains(alert, "disk is full") {
		t.Errorf("alert %q", alert)
	}
	if n := p.count(`[data-input]:disabled`); n != 4 {
		t.Errorf("%d controls disabled while the referee has stopped, want all 4", n)
	}
	if pressed, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById('speech').getAttribute('aria-pressed')`)); pressed != "false" {
		t.Errorf("speech button pressed=%q while muted", pressed)
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

// When the game is over the final standings and the winner stay on the
// page, with a new game beside them; "same players" starts the same game.
func TestFinalStandingsStay(t *testing.T) {
	fb := &fakeBackend{}
	s := New(fb, Options{})
	st := sampleState()
	st.Finished, st.Winners = true, []int{1}
	st.Options = map[string]string{"cards": "5"}
	st.Banner = Banner{Text: "Game over: Ana wins with 7 points.", Verdict: "end"}
	s.Publish(st)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	p := page{t: t, ctx: browser(t)}
	p.do(chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#final`)))
	if w := p.text(`#final-winner`); w != "Ana wins!" {
		t.Errorf("winner %q", w)
	}
	if l := p.text(`#final-list`); !strings.HasPrefix(l, "Ana 7") || !strings.Contains(l, "Ben 4") || strings.Index(l, "Ben") > strings.Index(l, "Caro") {
		t.Errorf("standings %q", l)
	}
	if n := p.count(`[data-input]:not(:disabled)`); n != 0 {
		t.Errorf("%d game controls still enabled after the end", n)
	}
	// The referee going away (the recording over, tableref stopped) leaves them.
	ts.CloseClientConnections()
	p.until(`document.getElementById('conn').textContent === 'offline' || document.getElementById('conn').textContent === 'live'`, "connection state")
	if w := p.text(`#final-winner`); w != "Ana wins!" {
		t.Errorf("after the connection dropped, winner %q", w)
	}
	p.do(chromedp.Click(chromedp.CSS(`#again`)))
	waitFor(t, func() bool { fb.mu.Lock(); defer fb.mu.Unlock(); return len(fb.games) == 1 })
	if g := fb.games[0]; g.Mode != fakegame.ModeID || strings.Join(g.Players, "|") != "Ana|Ben|Caro" || g.Options["cards"] != "5" {
		t.Errorf("new game, same players: %+v", g)
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
