package learn

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"github.com/tableref/tableref/cmd/tableref/internal/web/browsertest"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

type noGame struct{}

func (noGame) Input(context.Context, rules.Input) error   { return nil }
func (noGame) NewGame(context.Context, rules.Setup) error { return nil }

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
	s := web.New(noGame{}, web.Options{Pages: p.Routes()})
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	ctx := browsertest.Chromium(t)
	poll := func(cond, what string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/learn")); err != nil {
		t.Fatal(err)
	}
	poll(`document.querySelectorAll('#decks option').length > 0`, "the page's script offering the decks")
	poll(`getComputedStyle(document.querySelector('#cards')).display === 'flex'`, "the page's style sheet")
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#deck`), "SA"), chromedp.Click(chromedp.CSS(`#start`))); err != nil {
		t.Fatal(err)
	}
	poll(`document.getElementById('session').textContent.includes('cards learned')`, "the session started")
}
