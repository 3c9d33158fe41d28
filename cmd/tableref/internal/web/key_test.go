package web

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The cookie's key is kept (0600) and read back at the next start, so a
// cookie given before a restart still opens the page after it (issue 33
// D6: every restart logged every phone out).
func TestCookieSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "web-key")
	key, err := LoadKey(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, mode %v; want 0600", err, st.Mode().Perm())
	}
	again, err := LoadKey(path)
	if err != nil || !bytes.Equal(key, again) {
		t.Fatalf("the key read back differs (%v)", err)
	}
	before := New(&fakeBackend{}, Options{PIN: "2468", Key: key})
	after := New(&fakeBackend{}, Options{PIN: "2468", Key: again})
	other := New(&fakeBackend{}, Options{PIN: "2468"})
	before.visits.now = func() time.Time { return time.Now().Add(-time.Minute) } // a login before the restart
	value, _ := before.visits.issue()
	cookie := &http.Cookie{Name: cookieName, Value: value}
	for _, tc := range []struct {
		name string
		s    *Server
		want bool
	}{{"after a restart", after, true}, {"with a new key", other, false}} {
		req := httptest.NewRequest("GET", "/api/state", nil)
		req.RemoteAddr = "192.0.2.10:5555" // a phone on the network
		req.Host = "localhost"
		req.AddCookie(cookie)
		w := httptest.NewRecorder()
		tc.s.Handler().ServeHTTP(w, req)
		if got := w.Code == http.StatusOK; got != tc.want {
			t.Errorf("%s: the cookie from before gives %d", tc.name, w.Code)
		}
	}
	// A key file anyone may read is refused, not used.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadKey(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a 0644 key: %v", err)
	}
}
