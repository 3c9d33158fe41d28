package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/words"
)

// Languager is a Backend whose words can change language: the page's
// language picker sets it (POST /api/language).
type Languager interface {
	SetLanguage(l words.Lang)
}

// postLanguage sets the players' language: {"lang": "it"}.
func (s *Server) postLanguage(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Lang string `json:"lang"`
	}
	if !decode(w, r, &req) {
		return
	}
	l, err := words.Parse(req.Lang)
	if err == nil && l == "" {
		err = errNoLanguage
	}
	if err != nil {
		fail(w, http.StatusBadRequest, "lang "+err.Error())
		return
	}
	b, ok := s.b.(Languager)
	if !ok {
		fail(w, http.StatusNotFound, "this referee speaks one language")
		return
	}
	b.SetLanguage(l)
	s.mu.Lock() // every open page in the new language now
	s.state.Lang = string(l)
	s.state.Seq++
	s.wakeLocked()
	s.mu.Unlock()
	writeJSON(w, 200, map[string]string{"lang": string(l)})
}

var errNoLanguage = errors.New("missing: want en, it, de, es or pt")

// getWords answers the page's own words in a language (?lang=it), keyed
// by their English.
func (s *Server) getWords(w http.ResponseWriter, r *http.Request) {
	l, err := words.Parse(r.URL.Query().Get("lang"))
	if err != nil {
		fail(w, http.StatusBadRequest, "lang "+err.Error())
		return
	}
	writeJSON(w, 200, words.Page(l))
}

// inLanguage puts what the referee said into the state's language: the
// display's lines, each event's short lines, and the full sentences of the
// log and the banner. A sentence the catalogue does not know gives way to
// its event's display words, which every language has.
func inLanguage(st State) State {
	l, err := words.Parse(st.Lang)
	if err != nil || l == "" || l == words.English {
		return st
	}
	// A page has room: the names stay as the engines wrote them, not
	// shortened again to fit a translation into 16 cells.
	loose := func(ls []string) []string {
		out := make([]string, len(ls))
		for i, s := range ls {
			out[i], _ = words.Spoken(l, s)
		}
		return out
	}
	shortOf := map[string][2]string{} // a sentence → its event's display words
	for _, e := range st.Events {
		if _, ok := shortOf[e.Long]; !ok && e.Short != [2]string{} {
			shortOf[e.Long] = e.Short
		}
	}
	say := func(long string) string {
		if t, ok := words.Sentence(l, long); ok || long == "" {
			return t
		}
		if sh, ok := shortOf[long]; ok {
			return strings.TrimSpace(strings.Join(loose(sh[:]), " "))
		}
		return long
	}
	st.Screen.Lines = loose(st.Screen.Lines)
	st.Banner.Text, st.Banner.Now = say(st.Banner.Text), say(st.Banner.Now)
	evs := make([]Event, len(st.Events))
	for i, e := range st.Events {
		e.Long = say(e.Long)
		tr := loose(e.Short[:])
		e.Short = [2]string{tr[0], tr[1]}
		evs[i] = e
	}
	st.Events = evs
	return st
}
