package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tableref/tableref/cmd/tableref/internal/words"
)

// langBackend is a referee whose language the page can change.
type langBackend struct {
	fakeBackend
	lang words.Lang
}

func (b *langBackend) SetLanguage(l words.Lang) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.lang = l
}

func (b *langBackend) language() words.Lang {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.lang
}

// The page's picker changes the players' language: the referee is told,
// the state says the language with the display's lines and the events'
// short lines in it, and the page's own words come in it too.
func TestPageLanguage(t *testing.T) {
	b := &langBackend{}
	s := New(b, Options{})
	h := s.Handler()
	const turn = "Ben's turn: take one of the available cards and place it flag side up."
	s.Publish(State{Mode: "wit-continental", Lang: "en", Screen: Screen{Lines: []string{"Quito: RIGHT", "Ana +1"}},
		Banner: Banner{Text: "Ana takes 1 counter and has 1 point.", Now: turn},
		Events: []Event{{Kind: "turn", Short: [2]string{"Ben's turn", "Place a card"}, Long: turn},
			{Kind: "info", Short: [2]string{"Ben's turn", ""}, Long: "A sentence no catalogue has."}}})
	if w := request(h, "POST", "/api/language", "127.0.0.1:1", `{"lang":"de"}`, nil); w.Code != 200 || b.language() != words.German {
		t.Fatalf("POST /api/language de: %d %s, the referee speaks %q", w.Code, w.Body, b.language())
	}
	var st State
	if err := json.Unmarshal(request(h, "GET", "/api/state", "127.0.0.1:1", "", nil).Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if st.Lang != "de" || strings.Join(st.Screen.Lines, " / ") != "Quito: RICHTIG / Ana +1" || st.Events[0].Short != [2]string{"Ben ist dran", "Lege eine Karte"} {
		t.Errorf("the state in German: lang %q, screen %q, event %q", st.Lang, st.Screen.Lines, st.Events[0].Short)
	}
	// The full sentences too: the log's and the banner's; one the
	// catalogue lacks gives way to its display words, not English.
	if want := "Ben ist dran: nimm eine der ausliegenden Karten und lege sie mit der Flaggenseite nach oben an."; st.Events[0].Long != want || st.Banner.Now != want {
		t.Errorf("the turn's sentence in German: log %q, banner %q, want %q", st.Events[0].Long, st.Banner.Now, want)
	}
	if st.Banner.Text != "Ana nimmt 1 Zählstein und hat 1 Punkt." || st.Events[1].Long != "Ben ist dran" {
		t.Errorf("the banner %q and an unknown sentence %q in German", st.Banner.Text, st.Events[1].Long)
	}
	var page map[string]string
	if err := json.Unmarshal(request(h, "GET", "/api/words?lang=it", "127.0.0.1:1", "", nil).Body.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	if page["New game"] != "Nuova partita" || page["Tell the referee"] != "Di' all'arbitro" {
		t.Errorf("the page's words in Italian: %v", page)
	}
	for _, bad := range []string{`{"lang":"fr"}`, `{"lang":""}`} {
		if w := request(h, "POST", "/api/language", "127.0.0.1:1", bad, nil); w.Code != http.StatusBadRequest {
			t.Errorf("POST /api/language %s: %d, want 400", bad, w.Code)
		}
	}
}

// Every word the page marks for translation is in the catalogue, so no
// English is left on the page in another language.
func TestPageWordsAllTranslated(t *testing.T) {
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	page := words.Page(words.Italian)
	for _, part := range strings.Split(string(html), "data-w>")[1:] {
		en := part[:strings.Index(part, "<")]
		if tr, ok := page[en]; !ok || tr == en {
			t.Errorf("the page's %q has no Italian", en)
		}
	}
}

// In Chromium: picking Italian tells the referee, and the page's headings,
// the banner (the display's words) and the log come in Italian.
func TestPagePickerInChromium(t *testing.T) {
	b := &langBackend{}
	s := New(b, Options{})
	st := mapItState()
	st.Lang = "en"
	s.Publish(st)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	p := page{t: t, ctx: browser(t)}
	p.do(chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS(`#scores li`)))
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`(() => { const s = document.getElementById('lang'); s.value = 'it'; s.dispatchEvent(new Event('change')); return true; })()`)); err != nil {
		t.Fatal(err)
	}
	p.until(`document.getElementById('controls-h').textContent === "Di' all'arbitro"`, "the heading in Italian")
	p.until(`document.getElementById('banner-text').textContent.includes('Cobija: ERRATO')`, "the banner in the display's Italian")
	p.until(`[...document.querySelectorAll('#events .text')].some((e) => e.textContent === 'Quito: GIUSTO Ana +3')`, "the log in Italian")
	if b.language() != words.Italian || p.count(`html[lang="it"]`) != 1 {
		t.Errorf("the referee speaks %q; the page's lang is not it", b.language())
	}
}
