package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The states the page is checked with: the bundled demo game in play and
// over (captured from `tableref demo` with its camera picture: GET
// /api/state and /api/frame.jpg), and a Map It! game of six players with
// long names and the most controls of any mode.
func layoutStates(t *testing.T) map[string]State {
	t.Helper()
	out := map[string]State{"mapit": mapItState()}
	for _, name := range []string{"demo-playing", "demo-over"} {
		b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var st State
		if err := json.Unmarshal(b, &st); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = st
	}
	return out
}

// The sizes the page must work at: a phone (390×844, the issue's) and a
// laptop (1280×800).
var sizes = []struct {
	name string
	w, h int64
}{{"phone", 390, 844}, {"laptop", 1280, 800}}

// openAt serves st and opens it at the size in a new tab of the browser
// of browserCtx (see chromium).
func openAt(t *testing.T, browserCtx context.Context, st State, w, h int64) page {
	t.Helper()
	s := New(&fakeBackend{}, Options{})
	s.Publish(st)
	if len(st.Marks) > 0 {
		jpeg, err := os.ReadFile(filepath.Join("testdata", "demo-frame.jpg"))
		if err != nil {
			t.Fatal(err)
		}
		s.SetFrame(jpeg, st.Marks...)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	p := page{t: t, ctx: tab(t, browserCtx)}
	opts := []chromedp.EmulateViewportOption{}
	if w < 600 {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	p.do(chromedp.EmulateViewport(w, h, opts...), chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#scores li`)))
	// Rendered, and the camera picture (if any) loaded and laid out.
	p.until(`document.getElementById('picture').hidden || (document.getElementById('frame').complete && document.getElementById('frame').naturalWidth > 0)`, "the camera picture")
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	return p
}

func eval[T any](p page, js string, opts ...chromedp.EvaluateOption) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, opts...))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// overflowJS lists what sticks out of the window sideways; a wide map may
// scroll inside its own box (.grid-scroll) and the picture's labels are
// clipped by the picture, so neither counts.
const overflowJS = `(() => {
  const out = [];
  const w = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > w) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('.grid-scroll') || e.closest('.picture') || !e.getClientRects().length) continue;
    const r = e.getBoundingClientRect();
    if (r.right > w + 1 || r.left < -1) out.push((e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + e.className) + ' ' + Math.round(r.left) + '…' + Math.round(r.right));
  }
  return out;
})()`

// totalsJS lists the players whose total is not fully in the window.
const totalsJS = `(() => {
  const out = [];
  for (const li of document.querySelectorAll('#scores li')) {
    const r = li.querySelector('.total').getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > document.documentElement.clientWidth) out.push(li.querySelector('.who').textContent + ' ' + JSON.stringify([r.left, r.top, r.right, r.bottom]));
  }
  return out;
})()`

// visibleControlsJS lists the visible form controls outside the new game
// form (closed): the game's own controls.
const visibleControlsJS = `[...document.querySelectorAll('button, input, select')]
  .filter((e) => e.checkVisibility() && !e.closest('#newgame-form'))
  .map((e) => e.dataset.input ? 'input:' + e.dataset.input : e.id)`

// The page fits a phone and a laptop: nothing sticks out sideways, every
// player's total is in view (on a phone also after scrolling to the end:
// the scores stay on top), the controls are the mode's and no others, card
// names wrap between words only, and the banner says the full sentence.
func TestPageFitsPhoneAndLaptop(t *testing.T) {
	states := layoutStates(t)
	shots := os.Getenv("TABLEREF_SCREENSHOTS")
	b := chromium(t)
	for _, sz := range sizes {
		for _, name := range []string{"demo-playing", "demo-over", "mapit"} {
			st := states[name]
			t.Run(sz.name+"/"+name, func(t *testing.T) {
				p := openAt(t, b, st, sz.w, sz.h)
				if bad := eval[[]string](p, overflowJS); len(bad) > 0 {
					t.Errorf("sideways overflow at %d px: %s", sz.w, strings.Join(bad, "; "))
				}
				if n := p.count(`#scores li`); n != len(st.Scores) {
					t.Errorf("%d scores shown, want %d", n, len(st.Scores))
				}
				if out := eval[[]string](p, totalsJS); len(out) > 0 {
					t.Errorf("totals out of view at the top: %s", strings.Join(out, "; "))
				}
				if sz.w < 600 {
					eval[bool](p, `(window.scrollTo(0, document.body.scrollHeight), true)`)
					p.until(`window.scrollY > 500`, "scrolled down")
					if out := eval[[]string](p, totalsJS); len(out) > 0 {
						t.Errorf("totals out of view at the bottom of the page: %s", strings.Join(out, "; "))
					}
					eval[bool](p, `(window.scrollTo(0, 0), true)`)
				}
				// The controls: the mode's inputs, undo, the speech
				// button when it speaks, "who" when an input names a
				// player; nothing else.
				want := []string{"input:undo"}
				who := false
				for _, u := range st.Inputs {
					want = append(want, "input:"+string(u.Type))
					who = who || u.Player
					if u.Number {
						want = append(want, "f-"+string(u.Type)+"-number")
					}
					if len(u.Choices) > 0 {
						want = append(want, "f-"+string(u.Type)+"-choice")
					}
					if u.Cards {
						want = append(want, "f-"+string(u.Type)+"-card", "f-"+string(u.Type)+"-other")
					}
				}
				if who {
					want = append(want, "player")
				}
				if st.Speech != nil {
					want = append(want, "speech")
				}
				want = append(want, "lang") // the language picker, on every page
				if st.Finished {
					want = append(want, "again", "change")
				}
				got := eval[[]string](p, visibleControlsJS)
				sort.Strings(got)
				sort.Strings(want)
				if !slices.Equal(got, want) {
					t.Errorf("controls %v, want %v", got, want)
				}
				// Names break between words, never inside one.
				bad := eval[[]string](p, `[...document.querySelectorAll('.tcard .name')].filter((e) => {
					const cs = getComputedStyle(e);
					return cs.overflowWrap !== 'normal' || cs.wordBreak !== 'normal' || cs.hyphens === 'auto' || e.scrollWidth > e.clientWidth + 1;
				}).map((e) => e.textContent)`)
				if len(bad) > 0 {
					t.Errorf("names that may break inside a word or overflow: %v", bad)
				}
				if n := p.count(`.tcard .name`); n == 0 && len(st.Zones) > 0 {
					t.Error("no card on the table")
				}
				banner := p.text(`#banner-text`)
				if st.Banner.Text != "" && (len(banner) < 30 || !strings.HasPrefix(st.Banner.Text, strings.TrimSuffix(banner, "."))) {
					t.Errorf("banner %q, want the sentence of %q", banner, st.Banner.Text)
				}
				if st.Frame > 0 {
					if labels := p.count(`#labels span`); labels == 0 {
						t.Error("no verdict drawn on the camera picture")
					}
					// The picture is large: the page's width, less margins.
					if w := eval[float64](p, `document.getElementById('picture').getBoundingClientRect().width`); w < float64(sz.w)*0.5 {
						t.Errorf("the camera picture is %.0f px wide in a %d px window", w, sz.w)
					}
				}
				if shots != "" && (name != "mapit" || os.Getenv("TABLEREF_SCREENSHOTS_ALL") != "") {
					png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
					if err != nil {
						t.Fatal(err)
					}
					file := filepath.Join(shots, fmt.Sprintf("page-%s-%s.png", strings.TrimPrefix(name, "demo-"), sz.name))
					if err := os.WriteFile(file, png, 0o644); err != nil {
						t.Fatal(err)
					}
					t.Logf("wrote %s", file)
				}
			})
		}
	}
}

// axePath is axe-core's browser build, which scripts/setup installs from
// npm (TABLEREF_AXE names another copy).
func axePath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("TABLEREF_AXE"); p != "" {
		return p
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Skip(err)
	}
	return filepath.Join(cache, "tableref", "axe", "node_modules", "axe-core", "axe.min.js")
}

// axeResult is what the test keeps of axe.run's answer.
type axeResult struct {
	Violations []struct {
		ID     string `json:"id"`
		Impact string `json:"impact"`
		Help   string `json:"help"`
		Nodes  []struct {
			Target  []any  `json:"target"`
			Summary string `json:"failureSummary"`
		} `json:"nodes"`
	} `json:"violations"`
	TestEngine struct{ Version string } `json:"testEngine"`
	Passes     []struct{ ID string }    `json:"passes"`
	Incomplete []struct {
		ID    string `json:"id"`
		Nodes []struct {
			Target []any `json:"target"`
		} `json:"nodes"`
	} `json:"incomplete"`
}

// The page passes axe-core's checks of WCAG 2.1 A and AA and its best
// practices (contrast, labels, names, landmarks, headings, ARIA) at both
// sizes, in play and at the end, with the new game form open.
func TestPageAccessibility(t *testing.T) {
	axe, err := os.ReadFile(axePath(t))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("axe-core is not installed (scripts/setup installs it from npm): %v", err)
		}
		t.Skipf("axe-core is not installed (scripts/setup installs it from npm): %v", err)
	}
	states := layoutStates(t)
	b := chromium(t)
	for _, sz := range sizes {
		for _, name := range []string{"demo-playing", "demo-over", "mapit"} {
			t.Run(sz.name+"/"+name, func(t *testing.T) {
				p := openAt(t, b, states[name], sz.w, sz.h)
				eval[bool](p, `(document.getElementById('newgame').open = true, true)`)
				p.until(`document.querySelectorAll('#ng-mode option').length > 0`, "the new game form")
				eval[bool](p, string(axe)+";true")
				res := eval[axeResult](p, `axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}, resultTypes: ['violations']})`, chromedp.EvalAwaitPromise)
				for _, v := range res.Violations {
					for _, n := range v.Nodes {
						t.Errorf("axe %s (%s): %s at %v: %s", v.ID, v.Impact, v.Help, n.Target, n.Summary)
					}
				}
				if len(res.Passes) < 20 {
					t.Errorf("axe passed only %d rules: did it run?", len(res.Passes))
				}
				var hand []string
				for _, r := range res.Incomplete {
					var where []string
					for _, n := range r.Nodes {
						where = append(where, fmt.Sprint(n.Target...))
					}
					hand = append(hand, fmt.Sprintf("%s (%d: %s)", r.ID, len(r.Nodes), strings.Join(where, " ")))
				}
				t.Logf("axe %s: %d rules passed, %d violated, to check by hand: %v", res.TestEngine.Version, len(res.Passes), len(res.Violations), hand)
			})
		}
	}
}

// focusableJS lists what the Tab key should reach, in document order.
const focusableJS = `[...document.querySelectorAll('a[href], button, input, select, summary, [tabindex]')]
  .filter((e) => e.tabIndex >= 0 && !e.disabled && e.checkVisibility({visibilityProperty: true}))
  .map((e) => e.id || e.dataset.input || e.tagName.toLowerCase())`

// activeJS says which element has the focus and whether it shows it.
const activeJS = `(() => {
  const e = document.activeElement;
  const cs = getComputedStyle(e);
  return {id: e.id || e.dataset.input || e.tagName.toLowerCase(), outline: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2};
})()`

// Tab goes through the page in reading order, showing where it is; the
// first stop is the skip link, which leads to the referee's word.
func TestFocusOrder(t *testing.T) {
	b := chromium(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := openAt(t, b, mapItState(), sz.w, sz.h)
			want := eval[[]string](p, focusableJS)
			if len(want) < 8 || want[0] == "" {
				t.Fatalf("focusable: %v", want)
			}
			var got []string
			for range want {
				p.do(chromedp.KeyEvent(kb.Tab))
				a := eval[struct {
					ID      string `json:"id"`
					Outline bool   `json:"outline"`
				}](p, activeJS)
				got = append(got, a.ID)
				if !a.Outline {
					t.Errorf("%s has the focus without showing it", a.ID)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("Tab order\n got %v\nwant %v", got, want)
			}
			if want[0] != "a" {
				t.Errorf("the first stop is %s, want the skip link", want[0])
			}
			// The skip link takes the focus to the banner.
			p.do(chromedp.Focus(chromedp.CSS(`.skip`)), chromedp.KeyEvent(kb.Enter))
			p.until(`document.activeElement.id === 'banner'`, "the skip link leading to the banner")
		})
	}
}

// mapFitJS says, per map, whether it fits its box, the scale it is drawn
// at, and whether the hint that it scrolls is shown.
const mapFitJS = `[...document.querySelectorAll('#zones .grid-scroll')].map((s) => ({
  fits: s.scrollWidth <= s.clientWidth + 1,
  zoom: parseFloat(getComputedStyle(s.firstElementChild).zoom || '1'),
  hint: !!s.nextElementSibling && s.nextElementSibling.classList.contains('scroll-hint') && s.nextElementSibling.checkVisibility(),
}))`

type mapFit struct {
	Fits bool    `json:"fits"`
	Zoom float64 `json:"zoom"`
	Hint bool    `json:"hint"`
}

// On a phone (390 px) a map is scaled to the width, so the demo game's
// five columns are all in view; a map too wide even at the smallest
// readable scale scrolls, and says so under it. Once the map was cut at
// the right edge and scrolled sideways with nothing saying more lay there.
func TestMapFitsAPhone(t *testing.T) {
	states := layoutStates(t)
	wide := states["demo-playing"]
	wide.Zones = append([]Zone(nil), wide.Zones...)
	z := wide.Zones[0]
	z.Cols += 8 // a long line of cards: wider than a phone at any readable scale
	z.Cells = append(append([]Cell(nil), z.Cells...), Cell{Row: z.Top, Col: z.Left + z.Cols - 1, Card: "SA-099", Name: "Ciudad del Este"})
	wide.Zones[0] = z
	b := chromium(t)
	for _, c := range []struct {
		name string
		st   State
		fits bool
	}{{"demo-playing", states["demo-playing"], true}, {"mapit", states["mapit"], true}, {"wide", wide, false}} {
		t.Run(c.name, func(t *testing.T) {
			p := openAt(t, b, c.st, 390, 844)
			got := eval[[]mapFit](p, mapFitJS)
			if len(got) == 0 {
				t.Fatal("no map on the page")
			}
			for i, m := range got {
				switch {
				case c.fits && !m.Fits:
					t.Errorf("map %d: cut at the right edge (scale %.2f)", i, m.Zoom)
				case !m.Fits && !m.Hint:
					t.Errorf("map %d: scrolls sideways with no hint (scale %.2f)", i, m.Zoom)
				case m.Fits && m.Hint:
					t.Errorf("map %d: fits but says it scrolls", i)
				case m.Zoom < 0.65:
					t.Errorf("map %d: drawn at %.2f, too small to read", i, m.Zoom)
				}
			}
			if c.name == "wide" && (got[0].Fits || got[0].Zoom > 0.7) {
				t.Errorf("the wide map: %+v, want it at the smallest scale and scrolling", got[0])
			}
		})
	}
}

// The demo game at 390 px in Italian and German: the log and the banner
// say the engines' sentences in the language, and the page still fits.
// With TABLEREF_SCREENSHOTS set it keeps the pictures (docs/languages.md).
func TestPhonePageInTheirLanguage(t *testing.T) {
	shots := os.Getenv("TABLEREF_SCREENSHOTS")
	b := chromium(t)
	for _, c := range []struct{ lang, log string }{
		{"it", "prende 2 segnalini e ha 5 punti."},
		{"de", "nimmt 2 Zählsteine und hat 5 Punkte."},
	} {
		t.Run(c.lang, func(t *testing.T) {
			st := layoutStates(t)["demo-playing"]
			st.Lang = c.lang
			p := openAt(t, b, st, 390, 844)
			p.until(`document.documentElement.lang === '`+c.lang+`'`, "the page in "+c.lang)
			if !eval[bool](p, `[...document.querySelectorAll('#events .text')].some((e) => e.textContent.endsWith('`+c.log+`'))`) {
				t.Errorf("no sentence of the log ends %q: %s", c.log, p.text(`#events`))
			}
			if bad := eval[[]string](p, overflowJS); len(bad) > 0 {
				t.Errorf("sideways overflow: %s", strings.Join(bad, "; "))
			}
			if shots != "" {
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(shots, "page-390-"+c.lang+".png")
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", file)
			}
		})
	}
}
