package web

import (
	"errors"
	"net/http"

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

// inLanguage puts what the referee said on the display into the state's
// language: the display's lines and each event's short lines (the full
// sentences are the engines' English).
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
	st.Screen.Lines = loose(st.Screen.Lines)
	evs := make([]Event, len(st.Events))
	for i, e := range st.Events {
		tr := loose(e.Short[:])
		e.Short = [2]string{tr[0], tr[1]}
		evs[i] = e
	}
	st.Events = evs
	return st
}
