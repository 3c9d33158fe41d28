package learn

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/tableref/tableref/rules/geo"
)

// FuzzPageJSON: the learning page's start and confirm take any body
// without panicking and answer 200 or a 4xx with a JSON error; a card the
// session took reads back from its file as sent.
func FuzzPageJSON(f *testing.F) {
	for _, s := range []string{`{"deck":"SA"}`, `{"deck":"wb"}`, `{"deck":"../../etc"}`, `{"num":3,"name":"Lima","ns":30,"we":20}`, `{"num":-1}`, `{"num":1,"name":"\u001b[31m"}`, `{`, `[]`, `{"deck":"SA","x":1}`} {
		f.Add([]byte(s), []byte(`{"num":7,"name":"Quito","ns":12,"we":14}`))
	}
	f.Fuzz(func(t *testing.T, start, confirm []byte) {
		dir := t.TempDir()
		p := &Page{Dir: dir, Install: func(*geo.DeckFile) (string, error) { return "", nil }}
		routes := p.Routes()
		post := func(route string, body []byte) int {
			w := httptest.NewRecorder()
			routes["POST "+route].ServeHTTP(w, httptest.NewRequest(http.MethodPost, route, bytes.NewReader(body)))
			if w.Code >= 500 {
				t.Fatalf("%s %q: %d %s", route, body, w.Code, w.Body.String())
			}
			if w.Code != http.StatusOK && !bytes.Contains(w.Body.Bytes(), []byte(`"error"`)) {
				t.Fatalf("%s %q: %d without an error: %s", route, body, w.Code, w.Body.String())
			}
			return w.Code
		}
		post("/api/learn/start", start)
		if post("/api/learn/confirm", confirm) != http.StatusOK {
			return
		}
		p.mu.Lock()
		path, code := p.s.Path(), p.s.Code
		cards := p.s.Cards()
		p.s.Close()
		p.mu.Unlock()
		again, err := Open(path, code, geo.GameWIT)
		if err != nil {
			t.Fatalf("the session the page wrote does not open: %v", err)
		}
		defer again.Close()
		if len(again.Cards()) != len(cards) {
			t.Fatalf("%d cards read back, the page had %d", len(again.Cards()), len(cards))
		}
	})
}
