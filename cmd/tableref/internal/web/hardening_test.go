package web

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// hostRequest is request with the Host header a browser would send.
func hostRequest(h http.Handler, method, path, host, origin, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Host = host
	r.RemoteAddr = "127.0.0.1:5555" // a browser on the Pi itself: no PIN asked
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	if origin != "" {
		r.Header.Set("Origin", origin)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// DNS rebinding: a page at http://evil.example:8080/ re-points its name at
// 127.0.0.1 and, in a browser on the Pi, talks to the referee as a
// same-origin local visitor (Origin and Host both evil.example:8080). It
// used to be let in: Undo, a new game (archiving the live journal), the
// camera picture. Only the referee's own names and addresses are served.
func TestDNSRebindingRefused(t *testing.T) {
	fb := &fakeBackend{}
	s := New(fb, Options{PIN: "2468"})
	s.SetFrame([]byte{0xff, 0xd8, 0xff, 0xd9})
	h := s.Handler()
	const evil = "evil.example:8080"
	for _, tc := range []struct{ method, path, body string }{
		{"POST", "/api/input", `{"type":"undo"}`},
		{"POST", "/api/newgame", `{"mode":"test-counter","players":["X"]}`},
		{"GET", "/api/frame.jpg", ""},
		{"GET", "/api/state", ""},
		{"GET", "/api/events", ""},
		{"GET", "/", ""},
	} {
		w := hostRequest(h, tc.method, tc.path, evil, "http://"+evil, tc.body)
		if w.Code != http.StatusMisdirectedRequest || !strings.Contains(w.Body.String(), "web.hosts") {
			t.Errorf("%s %s for %s: %d %q, want 421 saying how to allow a name", tc.method, tc.path, evil, w.Code, w.Body.String())
		}
	}
	if _, n := fb.last(); n != 0 || len(fb.games) != 0 {
		t.Errorf("the rebound page reached the referee: %d inputs, %d games", n, len(fb.games))
	}
	for _, bad := range []string{"", "127.0.0.1.evil.example", "localhost.evil.example:8080", "pi.local.evil.example"} {
		if w := hostRequest(h, "GET", "/api/state", bad, "", ""); w.Code != http.StatusMisdirectedRequest {
			t.Errorf("Host %q: %d, want 421", bad, w.Code)
		}
	}
}

// The names and addresses the page is reached by still work: localhost and
// loopback addresses, the host name and NAME.local (what mDNS answers), the
// machine's own addresses, and names listed in web.hosts.
func TestOwnNamesAllowed(t *testing.T) {
	name, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	short, _, _ := strings.Cut(strings.ToLower(name), ".")
	s := New(&fakeBackend{}, Options{Hosts: []string{"tableref.local", "Referee.Example.ORG."}})
	h := s.Handler()
	hosts := []string{"127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.2",
		name + ":8080", short + ".local:8080", short + ".local.", "tableref.local:8080", "referee.example.org"}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok {
			hosts = append(hosts, net.JoinHostPort(ipn.IP.String(), "8080"))
		}
	}
	for _, host := range hosts {
		if w := hostRequest(h, "GET", "/api/state", host, "", ""); w.Code != 200 {
			t.Errorf("Host %q: %d, want 200", host, w.Code)
		}
	}
	// An address that is not this machine's is refused too.
	if w := hostRequest(h, "GET", "/api/state", "203.0.113.7:8080", "", ""); w.Code != http.StatusMisdirectedRequest {
		t.Errorf("another machine's address: %d, want 421", w.Code)
	}
}

// openStream opens /api/events and returns the first event's name and data.
func openStream(t *testing.T, ctx context.Context, url string) (event, data string, body io.ReadCloser) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			event = v
		}
		if v, ok := strings.CutPrefix(line, "data: "); ok {
			return event, v, resp.Body
		}
	}
	resp.Body.Close()
	t.Fatalf("stream ended before an event: %v", sc.Err())
	return "", "", nil
}

// Each open page holds a goroutine and a socket on the Pi: past the cap a
// new page is told so (and tries again later) instead of being served.
func TestEventStreamCap(t *testing.T) {
	s := New(&fakeBackend{}, Options{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var open []io.ReadCloser
	for i := 0; i < DefaultMaxStreams; i++ {
		ev, _, body := openStream(t, ctx, ts.URL)
		if ev != "state" {
			t.Fatalf("page %d: event %q, want state", i+1, ev)
		}
		open = append(open, body)
	}
	ev, data, body := openStream(t, ctx, ts.URL)
	body.Close()
	if ev != "full" || !strings.Contains(data, "Too many pages are open") {
		t.Errorf("page %d: event %q %s, want it refused with a message", DefaultMaxStreams+1, ev, data)
	}
	open[0].Close() // a page closes: its place frees
	deadline := time.Now().Add(5 * time.Second)
	for {
		ev, _, body := openStream(t, ctx, ts.URL)
		body.Close()
		if ev == "state" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a closed page's place never freed")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, b := range open[1:] {
		b.Close()
	}
}

// The right PIN must get in even after wrong ones from the same address
// (five wrong PINs used to lock the address, right PIN included, for a
// minute); the wrong ones slow further guesses down instead.
func TestRightPINAfterWrongOnes(t *testing.T) {
	t.Parallel() // it waits out the real back-off
	s := New(&fakeBackend{}, Options{PIN: "2468"})
	h := s.Handler()
	const addr = "10.0.0.9:1"
	start := time.Now()
	for i := 0; i < 5; i++ {
		if w := request(h, "POST", "/api/login", addr, `{"pin":"0000"}`, nil); w.Code != http.StatusUnauthorized {
			t.Fatalf("wrong PIN %d: %d", i+1, w.Code)
		}
	}
	w := request(h, "POST", "/api/login", addr, `{"pin":"2468"}`, nil)
	took := time.Since(start)
	if w.Code != 200 || len(w.Result().Cookies()) != 1 {
		t.Fatalf("the right PIN after 5 wrong ones: %d %s, want 200 and the cookie", w.Code, w.Body)
	}
	if took < time.Second {
		t.Errorf("6 attempts took %v: the wrong ones did not slow the next down", took)
	}
	t.Logf("5 wrong PINs then the right one: %v", took.Round(10*time.Millisecond))
}

// fakeTime is a clock whose sleep advances it, recording each wait.
type fakeTime struct {
	mu    sync.Mutex
	t     time.Time
	waits []time.Duration
}

func (f *fakeTime) now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeTime) sleep(_ context.Context, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.waits = append(f.waits, d)
	f.t = f.t.Add(d)
	return nil
}

func TestPINBackOffSchedule(t *testing.T) {
	s := New(&fakeBackend{}, Options{PIN: "2468"})
	ft := &fakeTime{t: time.Unix(1e9, 0)}
	s.pins.now, s.pins.sleep = ft.now, ft.sleep
	h := s.Handler()
	login := func(addr, pin string) int {
		return request(h, "POST", "/api/login", addr, `{"pin":"`+pin+`"}`, nil).Code
	}
	for i := 0; i < 8; i++ {
		if c := login("10.0.0.9:1", "1111"); c != http.StatusUnauthorized {
			t.Fatalf("wrong PIN %d: %d", i+1, c)
		}
	}
	if c := login("10.0.0.9:1", "2468"); c != 200 {
		t.Fatalf("right PIN: %d", c)
	}
	want := "[500ms 1s 2s 4s 8s 10s]" // 3 free, then doubling to the 10 s cap; the right PIN waits its turn too
	if got := fmt.Sprint(ft.waits); got != want {
		t.Errorf("waits %s, want %s", got, want)
	}
	// The right PIN clears the record; another address never waited.
	ft.waits = nil
	login("10.0.0.9:1", "1111")
	login("10.0.0.8:1", "1111")
	if len(ft.waits) != 0 {
		t.Errorf("after the right PIN, or from another address: waits %v, want none", ft.waits)
	}
}

// Parallel guesses from one address are checked one at a time (so they
// wait like a sequence), and past two in flight they are refused at once.
func TestPINAttemptsQueue(t *testing.T) {
	s := New(&fakeBackend{}, Options{PIN: "2468"})
	h := s.Handler()
	const addr = "10.0.0.9:1"
	for i := 0; i < freeAttempts; i++ { // the next attempt now waits
		request(h, "POST", "/api/login", addr, `{"pin":"0000"}`, nil)
	}
	sleeping, release := make(chan struct{}), make(chan struct{})
	s.pins.sleep = func(ctx context.Context, d time.Duration) error {
		sleeping <- struct{}{}
		<-release
		return nil
	}
	codes := make(chan int, 2)
	go func() { codes <- request(h, "POST", "/api/login", addr, `{"pin":"0001"}`, nil).Code }()
	<-sleeping // the first is waiting out its back-off, holding the address's turn
	go func() { codes <- request(h, "POST", "/api/login", addr, `{"pin":"0002"}`, nil).Code }()
	rec := s.pins.record("10.0.0.9")
	for rec.queued.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	if c := request(h, "POST", "/api/login", addr, `{"pin":"2468"}`, nil).Code; c != http.StatusTooManyRequests {
		t.Errorf("a third attempt in flight: %d, want 429", c)
	}
	close(release)
	go func() {
		for range sleeping { // the second one's back-off
		}
	}()
	for i := 0; i < 2; i++ {
		if c := <-codes; c != http.StatusUnauthorized {
			t.Errorf("queued wrong PIN: %d", c)
		}
	}
	close(sleeping)
}

// serveOn runs the server on a real socket with short timeouts.
func serveOn(t *testing.T, opt Options) (string, *Server) {
	s := New(&fakeBackend{}, opt)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String(), s
}

// closedWithin reports whether the server closes conn within d.
func closedWithin(conn net.Conn, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// Slow and idle clients do not hold a Pi's sockets for ever: a request
// body that trickles in, and a keep-alive connection left idle, are cut;
// the event stream, which lives on purpose, is not.
func TestTimeouts(t *testing.T) {
	addr, s := serveOn(t, Options{ReadTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond})

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	fmt.Fprintf(slow, "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"pin\"")
	if !closedWithin(slow, 3*time.Second) {
		t.Error("a request body that never ends kept its connection")
	}

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	fmt.Fprintf(idle, "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	br := bufio.NewReader(idle)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if !closedWithin(idle, 3*time.Second) {
		t.Error("an idle keep-alive connection was kept")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ev, _, body := openStream(t, ctx, "http://"+addr)
	defer body.Close()
	if ev != "state" {
		t.Fatalf("stream: %q", ev)
	}
	time.Sleep(time.Second) // past every timeout
	s.Publish(State{Mode: "later"})
	sc := bufio.NewScanner(body)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"mode":"later"`) {
			return
		}
	}
	t.Errorf("the event stream was cut by the request timeouts: %v", sc.Err())
}
