package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/rules"
)

func request(h http.Handler, method, path, remote, body string, cookie *http.Cookie) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Host = "127.0.0.1:8080" // httptest's example.com is not one of ours
	r.RemoteAddr = remote
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	if cookie != nil {
		r.AddCookie(cookie)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestPINGuardsNetworkVisitors(t *testing.T) {
	s := New(&fakeBackend{}, Options{PIN: "2468"})
	h := s.Handler()
	const lan = "192.168.1.50:40000"
	if w := request(h, "GET", "/api/state", "127.0.0.1:5000", "", nil); w.Code != 200 {
		t.Errorf("loopback visitor: %d", w.Code)
	}
	if w := request(h, "GET", "/api/state", lan, "", nil); w.Code != http.StatusUnauthorized {
		t.Errorf("network visitor without PIN: %d, want 401", w.Code)
	}
	if w := request(h, "GET", "/", lan, "", nil); w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/login.html" {
		t.Errorf("network visitor on the page: %d %q, want a redirect to the login", w.Code, w.Header().Get("Location"))
	}
	if w := request(h, "POST", "/api/login", lan, `{"pin":"1111"}`, nil); w.Code != http.StatusUnauthorized {
		t.Errorf("wrong PIN: %d", w.Code)
	}
	w := request(h, "POST", "/api/login", lan, `{"pin":"2468"}`, nil)
	if w.Code != 200 || len(w.Result().Cookies()) != 1 {
		t.Fatalf("right PIN: %d", w.Code)
	}
	c := w.Result().Cookies()[0]
	if w := request(h, "GET", "/api/state", lan, "", c); w.Code != 200 {
		t.Errorf("with the cookie: %d", w.Code)
	}
	if w := request(h, "GET", "/api/state", lan, "", &http.Cookie{Name: cookieName, Value: "forged"}); w.Code != http.StatusUnauthorized {
		t.Errorf("forged cookie: %d", w.Code)
	}
}

func TestInputAPI(t *testing.T) {
	fb := &fakeBackend{}
	s := New(fb, Options{})
	h := s.Handler()
	if w := request(h, "POST", "/api/input", "127.0.0.1:1", `{"type":"guess","player":2,"number":4}`, nil); w.Code != 200 {
		t.Fatalf("guess: %d %s", w.Code, w.Body)
	}
	if in, n := fb.last(); n != 1 || in != (rules.Input{Type: rules.InputGuess, Player: 2, Number: 4}) {
		t.Errorf("backend got %+v", in)
	}
	for _, tc := range []struct {
		body string
		code int
	}{
		{`{"type":"explode"}`, 400},
		{`{"type":"next","colour":"red"}`, 400},
		{`{"type":"swap","card":"Atlantis"}`, 400},
	} {
		if w := request(h, "POST", "/api/input", "127.0.0.1:1", tc.body, nil); w.Code != tc.code {
			t.Errorf("%s: %d, want %d", tc.body, w.Code, tc.code)
		}
	}
	// A form post from another site (no JSON content type) is refused.
	r := httptest.NewRequest("POST", "/api/input", strings.NewReader("type=next"))
	r.Host = "127.0.0.1:8080"
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusUnsupportedMediaType {
		t.Errorf("form post: %d", w.Code)
	}
	r = httptest.NewRequest("POST", "/api/input", strings.NewReader(`{"type":"next"}`))
	r.Host = "127.0.0.1:8080"
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Origin", "http://evil.example")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusForbidden {
		t.Errorf("cross-site post: %d", w.Code)
	}
	fb.err = errTest("journal: the disk is full")
	if w := request(h, "POST", "/api/input", "127.0.0.1:1", `{"type":"next"}`, nil); w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "disk is full") {
		t.Errorf("refused input: %d %s", w.Code, w.Body)
	}
}

func TestEventStream(t *testing.T) {
	s := New(&fakeBackend{}, Options{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	s.Publish(State{Mode: "a"})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	next := func() State {
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var st State
				if err := json.Unmarshal([]byte(data), &st); err != nil {
					t.Fatal(err)
				}
				return st
			}
		}
		t.Fatalf("stream ended: %v", sc.Err())
		return State{}
	}
	if st := next(); st.Mode != "a" {
		t.Errorf("first state %+v", st)
	}
	s.Publish(State{Mode: "b"})
	if st := next(); st.Mode != "b" {
		t.Errorf("second state %+v", st)
	}
	if !s.Watching() {
		t.Error("Watching is false with a page open")
	}
	s.SetFrame([]byte{0xff, 0xd8})
	if st := next(); st.Frame != 1 || st.Mode != "b" {
		t.Errorf("after a frame: %+v", st)
	}
	fr, _ := http.Get(ts.URL + "/api/frame.jpg")
	if fr.StatusCode != 200 || fr.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("frame: %d %s", fr.StatusCode, fr.Header.Get("Content-Type"))
	}
	fr.Body.Close()
}
