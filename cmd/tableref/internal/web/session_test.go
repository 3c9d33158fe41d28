package web

import (
	"net/http"
	"testing"
	"time"
)

// Each visitor who gives the PIN gets a session of its own, which expires,
// ends at logout without ending the others', and ends for all when the PIN
// changes; the server keeps at most maxSessions (issue 34: one cookie value
// for every visitor, never expiring, could not be revoked).
func TestSessionsArePerVisitorAndEnd(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	s := New(&fakeBackend{}, Options{PIN: "2468", Key: key})
	clock := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	s.visits.now = func() time.Time { return clock }
	s.visits.started = clock
	h := s.Handler()
	login := func(remote string) *http.Cookie {
		t.Helper()
		w := request(h, "POST", "/api/login", remote, `{"pin":"2468"}`, nil)
		if w.Code != 200 || len(w.Result().Cookies()) != 1 {
			t.Fatalf("login from %s: %d", remote, w.Code)
		}
		return w.Result().Cookies()[0]
	}
	opens := func(c *http.Cookie) bool {
		return request(h, "GET", "/api/state", "192.168.1.9:1", "", c).Code == 200
	}
	ana, ben := login("192.168.1.50:4000"), login("192.168.1.51:4000")
	if ana.Value == ben.Value {
		t.Fatal("two visitors got the same cookie value")
	}
	if !ana.Expires.Equal(clock.Add(sessionTTL)) {
		t.Errorf("the cookie expires %v, want %v", ana.Expires, clock.Add(sessionTTL))
	}
	if !opens(ana) || !opens(ben) {
		t.Fatal("a fresh session does not open the page")
	}
	if w := request(h, "POST", "/api/logout", "192.168.1.50:4000", "", ana); w.Code != 200 || w.Result().Cookies()[0].MaxAge >= 0 {
		t.Errorf("logout: %d, cookie %+v", w.Code, w.Result().Cookies())
	}
	if opens(ana) || !opens(ben) {
		t.Errorf("after Ana logs out: Ana's cookie opens %v (want false), Ben's %v (want true)", opens(ana), opens(ben))
	}
	clock = clock.Add(sessionTTL + time.Second)
	if opens(ben) {
		t.Error("an expired session still opens the page")
	}
	// A changed PIN ends every session, even one the same key signed.
	caro := login("192.168.1.52:4000")
	other := New(&fakeBackend{}, Options{PIN: "135790", Key: key})
	other.visits.now, other.visits.started = s.visits.now, clock.Add(time.Hour)
	if request(other.Handler(), "GET", "/api/state", "192.168.1.9:1", "", caro).Code == 200 {
		t.Error("a session from before the PIN changed still opens the page")
	}
	// The map stays bounded: the session that would end first goes.
	first := login("192.168.1.53:4000")
	for range maxSessions {
		clock = clock.Add(time.Second)
		s.visits.issue()
	}
	s.visits.mu.Lock()
	n := len(s.visits.live)
	_, kept := s.visits.live[firstID(t, s, first)]
	s.visits.mu.Unlock()
	if n > maxSessions || kept || opens(first) {
		t.Errorf("%d sessions kept (at most %d), the first still there: %v, opens the page: %v", n, maxSessions, kept, opens(first))
	}
}

func firstID(t *testing.T, s *Server, c *http.Cookie) string {
	id, _, ok := s.visits.parse(c.Value)
	if !ok {
		t.Fatalf("cookie %q does not parse", c.Value)
	}
	return id
}
