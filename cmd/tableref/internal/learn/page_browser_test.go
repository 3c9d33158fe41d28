package learn

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/learn/learntest"
	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"github.com/tableref/tableref/cmd/tableref/internal/web/browsertest"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

type noGame struct{}

func (noGame) Input(context.Context, rules.Input) error   { return nil }
func (noGame) NewGame(context.Context, rules.Setup) error { return nil }

// openPage serves p on the status site and opens /learn in headless
// Chromium; poll waits up to wait for a condition of the page.
func openPage(t *testing.T, p *Page, wait time.Duration) (context.Context, func(cond, what string)) {
	s := web.New(noGame{}, web.Options{Pages: p.Routes()})
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	ctx := browsertest.Chromium(t)
	poll := func(cond, what string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(wait))); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/learn")); err != nil {
		t.Fatal(err)
	}
	return ctx, poll
}

// The learning page is served by the status site, behind its checks and
// under its Content-Security-Policy, and works there: its script runs
// (the decks are offered) and starting a session answers (issue 30: the
// page promised at /learn answered 404 under `tableref run`).
func TestLearnPageOnTheSite(t *testing.T) {
	p := &Page{
		Grab:    func(context.Context) (gocv.Mat, error) { return gocv.NewMat(), errors.New("no camera in this test") },
		Dir:     t.TempDir(),
		Install: func(*geo.DeckFile) (string, error) { return "", nil },
	}
	ctx, poll := openPage(t, p, 10*time.Second)
	poll(`document.querySelectorAll('#decks option').length > 0`, "the page's script offering the decks")
	poll(`getComputedStyle(document.querySelector('#cards')).display === 'flex'`, "the page's style sheet")
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#deck`), "SA"), chromedp.Click(chromedp.CSS(`#start`))); err != nil {
		t.Fatal(err)
	}
	poll(`document.getElementById('session').textContent.includes('cards learned')`, "the session started")
}

// The learning page asks a Nord Sud Ovest Est card's coordinates in a
// browser: a card under another card's sticker is read, its coordinates
// are asked (no proposal: what it shows does not fit the sticker's card),
// the user types them as the card prints them, and the card is learned
// with them (before, the page offered only circle numbers).
func TestLearnPageAsksCoordinates(t *testing.T) {
	faces, g := nsoePhotoKit(t)
	eu := geo.Cards(geo.DeckEurope)
	host, other := eu[0], eu[40]
	card := learntest.CoordCard{ID: host.ID, Title: host.Country, Name: host.Name, Line: learntest.NSOELine(host), Face: faces[0], TextMM: 5,
		Sticker: other.ID, StickerName: other.Name}
	frame, _, err := learntest.CoordPhoto([]learntest.CoordCard{card}, learntest.Shot{HeightMM: 1000, TiltDeg: 2, Blur: 0.7, Noise: 2, JPEG: 90, Seed: 5}, g, "coordinate side")
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	p := &Page{
		Grab:       func(context.Context) (gocv.Mat, error) { return frame.Clone(), nil },
		NewLearner: func() (*Learner, error) { return newLearner(t), nil },
		Dir:        t.TempDir(),
		Install:    func(*geo.DeckFile) (string, error) { return "", nil },
	}
	ctx, poll := openPage(t, p, 2*time.Minute)
	poll(`[...document.querySelectorAll('#decks option')].some((o) => o.value === 'EU')`, "the page offering EU")
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#deck`), "EU"), chromedp.Click(chromedp.CSS(`#start`))); err != nil {
		t.Fatal(err)
	}
	poll(`document.getElementById('session').textContent.includes('cards learned')`, "the session started")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#read`))); err != nil {
		t.Fatal(err)
	}
	poll(`document.querySelector('#cards [data-key=coords]') !== null`, "the coordinates asked")
	proposed, err := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#cards [data-key=coords]`)))
	if err != nil {
		t.Fatal(err)
	}
	if proposed != "" {
		t.Errorf("coordinates that do not fit %s proposed: %q", other.Name, proposed)
	}
	typed := strings.Replace(learntest.NSOELine(other), " - ", " ", 1)
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#cards [data-key=coords]`), typed), chromedp.Click(chromedp.CSS(`#cards .card button`))); err != nil {
		t.Fatal(err)
	}
	lat, _, _ := strings.Cut(typed, " ")
	poll(`[...document.querySelectorAll('#learned td')].some((td) => td.textContent === '`+lat+`')`, "the card learned with the coordinates typed")
}
