package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Every response carries the Content-Security-Policy and Referrer-Policy
// (issue 34: the page had neither), and the PIN page's script is a file
// of its own, so the policy refuses all inline script.
func TestSecurityHeaders(t *testing.T) {
	s := New(&fakeBackend{}, Options{})
	s.Publish(mapItState())
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, path := range []string{"/", "/login.html", "/login.js", "/app.js", "/api/state"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: %s", path, resp.Status)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") || resp.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: CSP %q, Referrer-Policy %q", path, csp, resp.Header.Get("Referrer-Policy"))
		}
	}
	for _, name := range []string{"static/index.html", "static/login.html"} {
		b, err := static.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "<script>") || strings.Contains(string(b), "<style") || strings.Contains(string(b), " style=") {
			t.Errorf("%s has inline script or style, which the policy refuses", name)
		}
	}
}

// The page works under its policy: its script ran (the scores are
// listed), its style sheet applies, and the styles its script sets
// through the DOM (the grid's columns) take effect, which a policy
// refusing them would prevent.
func TestPageRunsUnderItsPolicy(t *testing.T) {
	history := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("past games")) })
	s := New(&fakeBackend{}, Options{Pages: map[string]http.Handler{"GET /history": history}})
	s.Publish(mapItState())
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	p := page{t: t, ctx: browser(t)}
	p.do(chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#scores li`)))
	p.until(`document.querySelectorAll('#zones .grid > *').length > 0`, "the table drawn")
	p.until(`getComputedStyle(document.querySelector('#zones .grid')).display === 'grid'`, "style.css applied")
	p.until(`(() => { const g = document.querySelector('#zones .grid'); return g.style.gridTemplateColumns !== '' && getComputedStyle(g).gridTemplateColumns.split(' ').length >= 2; })()`,
		"the grid's columns set by the script")
	// The footer names the pages mounted beside the status page, and only those.
	p.until(`document.querySelectorAll('#links a').length === 1 && document.querySelector('#links a').getAttribute('href') === '/history'`, "the link to past games")
}

// The PIN page's script, now a file of its own, runs under the policy: a
// wrong PIN is said on the page, the right one opens the status page.
func TestLoginPageUnderItsPolicy(t *testing.T) {
	s := New(&fakeBackend{}, Options{PIN: "2468"})
	s.Publish(mapItState())
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	p := page{t: t, ctx: browser(t)}
	p.do(chromedp.Navigate(ts.URL+"/login.html"), chromedp.WaitVisible(chromedp.CSS(`#pin`)),
		chromedp.SetValue(chromedp.CSS(`#pin`), "1111"), chromedp.Click(chromedp.CSS(`#login button`)))
	p.until(`document.getElementById('msg').textContent.includes('wrong PIN')`, "the wrong PIN said")
	p.do(chromedp.SetValue(chromedp.CSS(`#pin`), "2468"), chromedp.Click(chromedp.CSS(`#login button`)))
	p.do(chromedp.WaitVisible(chromedp.CSS(`#scores li`)))
	p.until(`location.pathname === '/'`, "the status page opened")
}
