package learn

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
)

//go:embed page.html
var pageHTML []byte

//go:embed page.css
var pageCSS []byte

//go:embed page.js
var pageJS []byte

// Page is the learn page of the status site: the same session as `decks
// learn`, with the camera the referee already has. The daemon mounts its
// Routes behind the site's own checks (host, PIN).
type Page struct {
	// Grab returns the camera's newest full-resolution frame (the caller
	// closes it).
	Grab func(ctx context.Context) (gocv.Mat, error)
	// NewLearner makes the reader on first use (Tesseract takes a moment
	// to load, and the page may never be used).
	NewLearner func() (*Learner, error)
	// Dir holds the session files and the learned deck files.
	Dir string
	// Install installs a learned deck (as `decks import` does) and says
	// where it went.
	Install func(d *geo.DeckFile) (string, error)

	mu      sync.Mutex
	l       *Learner
	s       *Session
	pending []cardJSON // the last batch's cards waiting for an answer
}

// Routes are the page and its API.
func (p *Page) Routes() map[string]http.Handler {
	return map[string]http.Handler{
		"GET /learn":              http.HandlerFunc(p.page),
		"GET /learn.css":          asset("text/css; charset=utf-8", pageCSS),
		"GET /learn.js":           asset("text/javascript; charset=utf-8", pageJS),
		"GET /api/learn/state":    http.HandlerFunc(p.state),
		"POST /api/learn/start":   http.HandlerFunc(p.start),
		"POST /api/learn/read":    http.HandlerFunc(p.read),
		"POST /api/learn/confirm": http.HandlerFunc(p.confirm),
		"POST /api/learn/finish":  http.HandlerFunc(p.finish),
	}
}

// asset serves one embedded file of the page.
func asset(contentType string, b []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write(b)
	})
}

func (p *Page) page(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(pageHTML)
}

// field is one read value with whether it is sure and why not.
type field struct {
	Text  string `json:"text,omitempty"`
	Value int    `json:"value,omitempty"`
	Sure  bool   `json:"sure"`
	Why   string `json:"why,omitempty"`
}

// cardJSON is a card of a batch for the page.
type cardJSON struct {
	ID   string `json:"id"`
	Num  int    `json:"num"`
	Name field  `json:"name"`
	NS   field  `json:"ns"`
	WE   field  `json:"we"`
	// Coords are a Nord Sud Ovest Est or Map It! card's ("41°N 12°E").
	Coords    *field `json:"coords,omitempty"`
	Crop      string `json:"crop,omitempty"` // a data: URL
	Confirmed bool   `json:"confirmed"`
	Problem   string `json:"problem,omitempty"`
}

type stateJSON struct {
	Deck    string     `json:"deck,omitempty"`
	Session string     `json:"session,omitempty"`
	Learned []Card     `json:"learned"`
	Pending []cardJSON `json:"pending"`
	Decks   []string   `json:"decks"` // the decks learn reads (Where is That?, Map It!, Nord Sud Ovest Est), to choose from
	Notes   []string   `json:"notes,omitempty"`
	Message string     `json:"message,omitempty"`
}

func (p *Page) stateLocked() stateJSON {
	st := stateJSON{Learned: []Card{}, Pending: p.pending}
	if st.Pending == nil {
		st.Pending = []cardJSON{}
	}
	for _, d := range geo.Decks() {
		if slices.Contains(geo.Games(), d.Game) && !slices.Contains(st.Decks, d.Code) { // a box beside tableref's SA is learnt as SA too
			st.Decks = append(st.Decks, d.Code)
		}
	}
	if p.s != nil {
		st.Deck, st.Session, st.Learned = p.s.Code, p.s.Path(), p.s.Cards()
	}
	return st
}

func (p *Page) state(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	reply(w, http.StatusOK, p.stateLocked())
}

// start opens (or resumes) the session of a deck.
func (p *Page) start(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Deck string `json:"deck"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	code, game := strings.ToUpper(strings.TrimSpace(req.Deck)), geo.GameWIT
	if d, err := rules.FindDeck(req.Deck); err == nil {
		if !slices.Contains(geo.Games(), d.Game) {
			replyErr(w, http.StatusBadRequest, fmt.Sprintf("%s is %s: learn reads Where is That?, Map It! and Nord Sud Ovest Est decks", d.Code, d.Name))
			return
		}
		code, game = d.Code, d.Game
	} else if rules.CheckDeckCode(code) != nil {
		replyErr(w, http.StatusBadRequest, err.Error())
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s != nil { // the page's own session, closed before it is opened again
		p.s.Close()
		p.s = nil
	}
	s, err := Open(filepath.Join(p.Dir, "learn-"+code+".jsonl"), code, game)
	if err != nil {
		replyErr(w, http.StatusInternalServerError, err.Error())
		return
	}
	p.s, p.pending = s, nil
	reply(w, http.StatusOK, p.stateLocked())
}

// read reads the cards under the camera now: sure reads are confirmed at
// once, the others wait for the user.
func (p *Page) read(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s == nil {
		replyErr(w, http.StatusConflict, "choose the deck first")
		return
	}
	if p.l == nil {
		l, err := p.NewLearner()
		if err != nil {
			replyErr(w, http.StatusInternalServerError, err.Error())
			return
		}
		p.l = l
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Minute)
	defer cancel()
	frame, err := p.Grab(ctx)
	if err != nil {
		replyErr(w, http.StatusServiceUnavailable, "no picture from the camera: "+err.Error())
		return
	}
	b, err := p.l.Read(ctx, frame, p.s)
	frame.Close()
	if err != nil {
		replyErr(w, http.StatusInternalServerError, err.Error())
		return
	}
	p.pending = nil
	sure := 0
	for _, rd := range b.Cards {
		c := toJSON(rd)
		if rd.Sure() {
			if err := p.s.Confirm(rd.Card()); err == nil {
				c.Confirmed = true
				sure++
			} else {
				c.NS.Sure, c.NS.Why = false, err.Error()
				if c.Coords != nil {
					c.Coords.Sure, c.Coords.Why = false, err.Error()
				}
			}
		}
		p.pending = append(p.pending, c)
	}
	st := p.stateLocked()
	st.Notes = b.Notes
	st.Message = fmt.Sprintf("%s read: %d sure and learned, %d to check", rules.Count(len(b.Cards), "card"), sure, len(b.Cards)-sure)
	reply(w, http.StatusOK, st)
}

func toJSON(r Read) cardJSON {
	c := cardJSON{ID: r.ID.String(), Num: r.ID.Num, Problem: r.Problem,
		Name: field{Text: r.Name.Text, Sure: r.Name.Sure, Why: r.Name.Why},
		NS:   field{Value: r.NS.Value, Sure: r.NS.Sure, Why: r.NS.Why},
		WE:   field{Value: r.WE.Value, Sure: r.WE.Sure, Why: r.WE.Why}}
	if pl := r.Place; pl != nil {
		c.Coords = &field{Text: strings.TrimSpace(pl.LatText + " " + pl.LonText), Sure: pl.Sure, Why: pl.Why}
	}
	if r.Crop != nil {
		var buf bytes.Buffer
		if png.Encode(&buf, r.Crop) == nil {
			c.Crop = "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
		}
	}
	return c
}

// confirm records the user's answer for one card.
func (p *Page) confirm(w http.ResponseWriter, r *http.Request) {
	// A Nord Sud Ovest Est or Map It! card's coordinates come as the
	// user typed them, on one line.
	var req struct {
		Card
		Coords string `json:"coords"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	c := req.Card
	if req.Coords != "" {
		pc, ok := cardtext.ParseCoords(req.Coords)
		if !ok {
			replyErr(w, http.StatusBadRequest, fmt.Sprintf("%q: the latitude then the longitude with their letters, like 41°N 12°E", req.Coords))
			return
		}
		c.LatText, c.LonText = pc.LatText, pc.LonText
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s == nil {
		replyErr(w, http.StatusConflict, "choose the deck first")
		return
	}
	c.Asked = true
	if err := p.s.Confirm(c); err != nil {
		replyErr(w, http.StatusBadRequest, err.Error())
		return
	}
	for i := range p.pending {
		if p.pending[i].Num == c.Num {
			p.pending[i].Confirmed = true
		}
	}
	reply(w, http.StatusOK, p.stateLocked())
}

// finish writes the deck file and installs it.
func (p *Page) finish(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s == nil {
		replyErr(w, http.StatusConflict, "choose the deck first")
		return
	}
	d, err := p.s.DeckFile("")
	if err != nil {
		replyErr(w, http.StatusBadRequest, err.Error())
		return
	}
	dest, err := p.Install(d)
	if err != nil {
		replyErr(w, http.StatusInternalServerError, "installing: "+err.Error())
		return
	}
	st := p.stateLocked()
	st.Message = fmt.Sprintf("installed %s (%s): %s. Play it with the game option deck=%s.", geo.KeyFor(d), rules.Count(len(d.Cards), "card"), dest, geo.KeyFor(d))
	for _, wn := range d.Warnings {
		st.Notes = append(st.Notes, wn.String())
	}
	reply(w, http.StatusOK, st)
}

func decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			replyErr(w, http.StatusRequestEntityTooLarge, "request too large")
		} else {
			replyErr(w, http.StatusBadRequest, "bad request: "+err.Error())
		}
		return false
	}
	return true
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func replyErr(w http.ResponseWriter, status int, msg string) {
	reply(w, status, map[string]string{"error": msg})
}
