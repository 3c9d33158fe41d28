package history

import (
	_ "embed"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"time"
)

//go:embed page.html
var pageHTML string

//go:embed history.css
var pageCSS []byte

var pages = template.Must(template.New("page").Funcs(template.FuncMap{
	"date": func(t time.Time) string { return t.Local().Format("Mon 2 Jan 2006, 15:04") },
	"mins": func(s float64) string { return (time.Duration(s) * time.Second).Round(time.Minute).String() },
	"secs": func(s float64) string { return time.Duration(s * float64(time.Second)).Round(time.Second).String() },
}).Parse(pageHTML))

// Routes are the status page's history view (phone first: one card per
// game) and each game's detail; the daemon mounts them behind the site's
// own checks. No inline script or style: the page's CSS is a file.
func Routes(s *Store) map[string]http.Handler {
	return map[string]http.Handler{
		"GET /history":      http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { listPage(s, w, r) }),
		"GET /history/{id}": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { gamePage(s, w, r) }),
		"GET /history.css": http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/css; charset=utf-8")
			_, _ = w.Write(pageCSS)
		}),
	}
}

// pageData is what page.html shows: a list or one game.
type pageData struct {
	Games  []Game
	Game   *Game
	Player string
	Mode   string
	Error  string
}

func listPage(s *Store, w http.ResponseWriter, r *http.Request) {
	d := pageData{Player: r.URL.Query().Get("player"), Mode: r.URL.Query().Get("game")}
	games, err := s.List(r.Context(), Filter{Player: d.Player, Game: d.Mode, Limit: 200})
	if err != nil {
		slog.Error("history page", "err", err)
		d.Error = "The history cannot be read: " + err.Error()
	}
	d.Games = games
	render(w, http.StatusOK, d)
}

func gamePage(s *Store, w http.ResponseWriter, r *http.Request) {
	g, err := s.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		code := http.StatusInternalServerError
		if errors.Is(err, ErrUnknown) {
			code = http.StatusNotFound
		}
		render(w, code, pageData{Error: err.Error()})
		return
	}
	render(w, http.StatusOK, pageData{Game: g})
}

func render(w http.ResponseWriter, code int, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	if err := pages.Execute(w, d); err != nil {
		slog.Warn("history page", "err", err)
	}
}
