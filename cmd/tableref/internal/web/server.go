package web

import (
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/tls"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/web/cert"
	"github.com/tableref/tableref/rules"
)

//go:embed static
var static embed.FS

// Backend is what the page's controls act on: the daemon. Both calls wait
// for the referee and return its error (a full disk, a bad setup), so the
// page can say why a press was not taken.
type Backend interface {
	Input(ctx context.Context, in rules.Input) error
	NewGame(ctx context.Context, s rules.Setup) error
}

// Muter is a Backend that speaks the verdicts: the page's speech button
// mutes it (POST /api/speech).
type Muter interface {
	SetMuted(ctx context.Context, muted bool) error
}

// Options configure the server.
type Options struct {
	// PIN, when set, is asked of every visitor not on this machine
	// (web.lan); loopback visitors are trusted.
	PIN string
	// Vitals, when set, answers GET /api/vitals: the process's memory,
	// goroutines and open files, for the soak test and troubleshooting.
	Vitals func() any
	// Pages are more pages with their API, each kept in its own package
	// (the learn page): a route pattern ("GET /learn") to its handler,
	// served behind the same checks as the rest of the site.
	Pages map[string]http.Handler
	// Hosts are names the page may be reached by besides localhost, the
	// machine's host name, NAME.local and its own addresses (web.hosts;
	// an mDNS name such as tableref.local goes here). A request for any
	// other name is refused: see hostCheck.
	Hosts []string
	// MaxStreams caps the pages open at once (event streams); 0 means
	// DefaultMaxStreams. A page over the cap is told so.
	MaxStreams int
	// Timeouts of the HTTP server; zero means the defaults below.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// Key signs the PIN cookie (LoadKey keeps one across restarts); nil:
	// a new key, so every restart logs every phone out.
	Key []byte
	// Cert serves the page over HTTPS (cert.Load); nil: plain HTTP.
	Cert *cert.Cert
}

// Defaults of Options. A Pi serves a handful of phones: eight pages at
// once is plenty, and each open stream holds a goroutine and a socket.
// A request must arrive whole within ReadTimeout and its answer be taken
// within WriteTimeout (the event stream sets its own deadline per write);
// an idle keep-alive connection is closed after IdleTimeout.
const (
	DefaultMaxStreams        = 8
	defaultReadHeaderTimeout = 5 * time.Second
	defaultReadTimeout       = 15 * time.Second
	defaultWriteTimeout      = 30 * time.Second // a PIN attempt may wait maxDelay twice
	defaultIdleTimeout       = 60 * time.Second
)

// streamWriteTimeout is how long one event may take to reach a page: a
// page that stopped reading (a phone gone to sleep) is dropped after it.
const streamWriteTimeout = 20 * time.Second

// Server serves the page, its API and the event stream.
type Server struct {
	b   Backend
	opt Options
	key []byte // signs the PIN cookie; new at every start
	// links are the mounted pages the footer names (pageLinks).
	links []Link

	mu      sync.Mutex
	state   State
	frame   []byte
	subs    map[chan struct{}]struct{}
	pins    *pinGuard
	visits  *sessions
	hosts   *hostCheck
	handler http.Handler
}

// New returns a server for backend b.
func New(b Backend, opt Options) *Server {
	if opt.MaxStreams <= 0 {
		opt.MaxStreams = DefaultMaxStreams
	}
	opt.ReadHeaderTimeout = cmp.Or(opt.ReadHeaderTimeout, defaultReadHeaderTimeout)
	opt.ReadTimeout = cmp.Or(opt.ReadTimeout, defaultReadTimeout)
	opt.WriteTimeout = cmp.Or(opt.WriteTimeout, defaultWriteTimeout)
	opt.IdleTimeout = cmp.Or(opt.IdleTimeout, defaultIdleTimeout)
	s := &Server{b: b, opt: opt, subs: map[chan struct{}]struct{}{}, pins: newPINGuard(), hosts: newHostCheck(opt.Hosts)}
	for _, l := range pageLinks {
		if _, ok := opt.Pages["GET "+l.Href]; ok {
			s.links = append(s.links, l)
		}
	}
	s.key = opt.Key
	if len(s.key) == 0 {
		s.key = make([]byte, keyBytes)
		_, _ = rand.Read(s.key)
	}
	s.visits = newSessions(s.key, opt.PIN)
	sub, _ := fs.Sub(static, "static")
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(sub))
	mux.HandleFunc("GET /api/state", s.getState)
	mux.HandleFunc("GET /api/modes", s.getModes)
	mux.HandleFunc("GET /api/events", s.events)
	mux.HandleFunc("GET /api/frame.jpg", s.getFrame)
	mux.HandleFunc("GET /api/vitals", func(w http.ResponseWriter, _ *http.Request) {
		if s.opt.Vitals == nil {
			fail(w, http.StatusNotFound, "no vitals")
			return
		}
		writeJSON(w, 200, s.opt.Vitals())
	})
	mux.HandleFunc("POST /api/input", s.postInput)
	// The pages other packages add (past games, learning a box), behind
	// the same checks as the rest of the site (guard).
	for pattern, h := range opt.Pages {
		mux.Handle(pattern, h)
	}
	mux.HandleFunc("POST /api/newgame", s.postNewGame)
	mux.HandleFunc("POST /api/login", s.postLogin)
	mux.HandleFunc("POST /api/logout", s.postLogout)
	mux.HandleFunc("POST /api/speech", s.postSpeech)
	mux.HandleFunc("POST /api/language", s.postLanguage)
	mux.HandleFunc("GET /api/words", s.getWords)
	s.handler = s.guard(mux)
	return s
}

// Handler is the whole site, with the PIN check in front.
func (s *Server) Handler() http.Handler { return s.handler }

// Publish replaces the state and wakes every open page.
func (s *Server) Publish(st State) {
	s.mu.Lock()
	st.Seq = s.state.Seq + 1
	st.Frame, st.Marks = s.state.Frame, s.state.Marks
	st.Links = s.links
	s.state = st
	s.wakeLocked()
	s.mu.Unlock()
}

// SetFrame stores the latest camera picture (JPEG) with the codes read in
// it, and tells the pages (they draw the marks and the referee's verdicts
// over the picture).
func (s *Server) SetFrame(jpeg []byte, marks ...Mark) {
	s.mu.Lock()
	s.frame = jpeg
	s.state.Marks = marks
	s.state.Frame++
	s.state.Seq++
	s.wakeLocked()
	s.mu.Unlock()
}

// Watching reports whether any page is open: the daemon draws and encodes
// camera pictures only then.
func (s *Server) Watching() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.subs) > 0
}

func (s *Server) wakeLocked() {
	for c := range s.subs {
		select {
		case c <- struct{}{}:
		default: // already woken: it will read the newest state
		}
	}
}

func (s *Server) current() State {
	s.mu.Lock()
	st := s.state
	s.mu.Unlock()
	return inLanguage(st)
}

// Scheme is how the page is opened: "https" with a certificate, else "http".
func (s *Server) Scheme() string {
	if s.opt.Cert != nil {
		return "https"
	}
	return "http"
}

// Serve serves on ln until ctx ends, then shuts down within 2 s.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	newServer := func(h http.Handler) *http.Server {
		return &http.Server{Handler: h, ReadHeaderTimeout: s.opt.ReadHeaderTimeout, ReadTimeout: s.opt.ReadTimeout,
			WriteTimeout: s.opt.WriteTimeout, IdleTimeout: s.opt.IdleTimeout, MaxHeaderBytes: 16 << 10,
			BaseContext: func(net.Listener) context.Context { return ctx },
			ErrorLog:    slog.NewLogLogger(slog.Default().Handler(), slog.LevelInfo)} // a phone yet to accept the certificate
	}
	srv := newServer(s.handler)
	ln = guardListener(ln)
	var plain *http.Server
	if s.opt.Cert != nil {
		// TLS over the guarded connections: the cap and the vanished-peer
		// timeout hold for a handshake too. Plain HTTP on the same port is
		// sent to the page over HTTPS.
		secure, insecure, run := cert.Split(ln, &tls.Config{Certificates: []tls.Certificate{s.opt.Cert.Certificate}, MinVersion: tls.VersionTLS12}, s.opt.ReadHeaderTimeout)
		go run()
		plain = newServer(s.toHTTPS())
		go func() { _ = plain.Serve(insecure) }()
		ln = secure
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if plain != nil {
			_ = plain.Shutdown(sctx)
		}
		_ = srv.Shutdown(sctx)
		<-done
		return nil
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func (s *Server) getState(w http.ResponseWriter, _ *http.Request) { writeJSON(w, 200, s.current()) }

func (s *Server) getModes(w http.ResponseWriter, _ *http.Request) { writeJSON(w, 200, Modes()) }

func (s *Server) getFrame(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	f := s.frame
	s.mu.Unlock()
	if f == nil {
		http.Error(w, "no camera picture yet", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(f)
}

// events streams the state as server-sent events: the whole state at once,
// then again whenever it changes (a slow page skips to the newest). Past
// MaxStreams open pages, a new one gets a "full" event that says so (the
// page shows it and tries again later) and the stream ends.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	wake := make(chan struct{}, 1)
	wake <- struct{}{}
	s.mu.Lock()
	full := len(s.subs) >= s.opt.MaxStreams
	if !full {
		s.subs[wake] = struct{}{}
	}
	s.mu.Unlock()
	if full {
		slog.Warn("web: a page was refused: too many open", "max", s.opt.MaxStreams, "from", r.RemoteAddr)
		b, _ := json.Marshal(map[string]any{"error": fmt.Sprintf("Too many pages are open on this referee (%d): close one. This page tries again in 30 s.", s.opt.MaxStreams), "max": s.opt.MaxStreams})
		fmt.Fprintf(w, "retry: 30000\nevent: full\ndata: %s\n\n", b)
		return
	}
	// The stream outlives the server's read and write timeouts (which
	// guard ordinary requests): clear them, and bound each write instead.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	defer func() {
		s.mu.Lock()
		delete(s.subs, wake)
		s.mu.Unlock()
	}()
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	sent := -1
	for {
		select {
		case <-r.Context().Done():
			return
		case <-ping.C:
			_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil {
				return
			}
		case <-wake:
			st := s.current()
			if st.Seq == sent {
				continue
			}
			sent = st.Seq
			b, _ := json.Marshal(st)
			_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
			if _, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", b); err != nil {
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

// inputRequest is the body of POST /api/input.
type inputRequest struct {
	Type   string `json:"type"`
	Player int    `json:"player"`
	Number int    `json:"number"`
	Choice string `json:"choice"`
	Card   string `json:"card"`
	Other  string `json:"other"`
}

// allowedInputs are the page's controls; the rest need a card or are
// engine-specific enough to come from the table itself.
var allowedInputs = map[string]bool{"next": true, "undo": true, "challenge": true, "confirm": true, "guess": true, "choose": true, "swap": true, "pass": true}

func (s *Server) postInput(w http.ResponseWriter, r *http.Request) {
	var req inputRequest
	if !decode(w, r, &req) {
		return
	}
	if !allowedInputs[req.Type] {
		fail(w, 400, fmt.Sprintf("unknown input %q", req.Type))
		return
	}
	in := rules.Input{Type: rules.InputType(req.Type), Player: req.Player, Number: req.Number, Choice: strings.TrimSpace(req.Choice)}
	st := s.current()
	res := rules.Resolver{}
	if m, ok := rules.LookupMode(st.Mode); ok {
		res.Decks = m.Decks
	}
	for _, c := range []struct {
		tok string
		dst *rules.CardID
	}{{req.Card, &in.Card}, {req.Other, &in.Other}} {
		if strings.TrimSpace(c.tok) == "" {
			continue
		}
		ref, err := res.Resolve(c.tok)
		if err != nil {
			fail(w, 400, err.Error())
			return
		}
		*c.dst = ref.ID
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	if err := s.b.Input(ctx, in); err != nil {
		fail(w, http.StatusConflict, err.Error())
		return
	}
	writeJSON(w, 200, map[string]bool{"ok": true})
}

func (s *Server) postNewGame(w http.ResponseWriter, r *http.Request) {
	var req rules.Setup
	if !decode(w, r, &req) {
		return
	}
	var players []string
	for _, p := range req.Players {
		if p = strings.TrimSpace(p); p != "" {
			players = append(players, p)
		}
	}
	req.Players = players
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	if err := s.b.NewGame(ctx, req); err != nil {
		fail(w, 400, err.Error())
		return
	}
	writeJSON(w, 200, map[string]bool{"ok": true})
}

// decode reads a small JSON body. Requiring application/json keeps other
// sites' forms from posting here (a cross-site JSON post needs CORS, which
// this server never grants).
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		fail(w, http.StatusUnsupportedMediaType, "want application/json")
		return false
	}
	d := json.NewDecoder(io.LimitReader(r.Body, 64<<10))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		fail(w, 400, "bad request: "+err.Error())
		return false
	}
	return true
}

// contentSecurityPolicy lets the page run only its own files: no inline
// script or style attribute (the scripts set styles through the DOM, which
// the policy allows), no other origin, no framing. A script injected
// through a card name or a deck file would not run.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// SetSecurityHeaders sets what every answer of tableref's pages carries
// (the status site, the club page): the content policy above, no sniffing,
// no framing, no referrer.
func SetSecurityHeaders(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("Referrer-Policy", "no-referrer")
}

// guard refuses a Host that is not one of ours (hostCheck), lets loopback
// visitors in, and asks everyone else for the PIN (when one is set)
// through a signed cookie.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		SetSecurityHeaders(w.Header())
		if !s.hosts.allowed(r.Host) {
			slog.Warn("web: refused a request for a name that is not this referee's", "host", r.Host, "from", r.RemoteAddr, "path", r.URL.Path)
			http.Error(w, fmt.Sprintf("tableref: %q is not a name of this referee. If it is yours, add it to web.hosts in the configuration.", r.Host), http.StatusMisdirectedRequest)
			return
		}
		if o := r.Header.Get("Origin"); o != "" && r.Method == http.MethodPost && o != "http://"+r.Host && o != "https://"+r.Host {
			fail(w, http.StatusForbidden, "cross-site request refused")
			return
		}
		if s.opt.PIN == "" || isLoopback(r.RemoteAddr) || s.hasCookie(r) {
			next.ServeHTTP(w, r)
			return
		}
		switch {
		case r.URL.Path == "/api/login" || r.URL.Path == "/login.html" || r.URL.Path == "/login.js" || r.URL.Path == "/style.css":
			next.ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, "/api/"):
			fail(w, http.StatusUnauthorized, "PIN needed")
		default:
			http.Redirect(w, r, "/login.html", http.StatusSeeOther)
		}
	})
}

func isLoopback(remote string) bool {
	ap, err := netip.ParseAddrPort(remote)
	return err == nil && ap.Addr().Unmap().IsLoopback()
}

const cookieName = "tableref_session"

func (s *Server) hasCookie(r *http.Request) bool {
	c, err := r.Cookie(cookieName)
	return err == nil && s.visits.valid(c.Value)
}

// postLogout ends the visitor's session (the page asks the PIN again).
func (s *Server) postLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(cookieName); err == nil {
		s.visits.revoke(c.Value)
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	writeJSON(w, 200, map[string]bool{"ok": true})
}

func (s *Server) postLogin(w http.ResponseWriter, r *http.Request) {
	var req struct {
		PIN string `json:"pin"`
	}
	if !decode(w, r, &req) {
		return
	}
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	right, wait, err := s.pins.check(r.Context(), host, func() bool {
		return s.opt.PIN != "" && hmac.Equal([]byte(req.PIN), []byte(s.opt.PIN))
	})
	var busy errBusy
	switch {
	case errors.As(err, &busy):
		w.Header().Set("Retry-After", strconv.Itoa(int(busy.retry.Seconds())))
		fail(w, http.StatusTooManyRequests, busy.Error())
		return
	case err != nil:
		return // the page went away while waiting
	case !right:
		slog.Warn("web: wrong PIN", "from", host, "next_try_in", wait)
		msg := "wrong PIN"
		if wait > 0 {
			msg = fmt.Sprintf("wrong PIN (the next try waits %.1f s)", wait.Seconds())
		}
		fail(w, http.StatusUnauthorized, msg)
		return
	}
	value, exp := s.visits.issue()
	// Secure over HTTPS: the browser then never sends the session over
	// plain HTTP (a look-alike page on the same name and another port).
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: value, Path: "/", Expires: exp, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	writeJSON(w, 200, map[string]bool{"ok": true})
}

// postSpeech mutes or unmutes the voice: {"muted": true}.
func (s *Server) postSpeech(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Muted bool `json:"muted"`
	}
	if !decode(w, r, &req) {
		return
	}
	m, ok := s.b.(Muter)
	if !ok {
		fail(w, http.StatusNotFound, "this referee does not speak")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	if err := m.SetMuted(ctx, req.Muted); err != nil {
		fail(w, http.StatusConflict, err.Error())
		return
	}
	writeJSON(w, 200, map[string]bool{"ok": true})
}
