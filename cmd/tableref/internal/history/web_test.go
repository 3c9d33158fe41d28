package history

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPages(t *testing.T) {
	s, path := open(t)
	if _, err := Rebuild(context.Background(), path, recorded, false, nil); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	for p, h := range Routes(s) {
		mux.Handle(p, h)
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()
	get := func(p string) (int, string) {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, body := get("/history")
	if code != 200 || strings.Count(body, `href="/history/`) != 3 || !strings.Contains(body, "wit-continental") {
		t.Fatalf("/history: %d\n%s", code, body)
	}
	if strings.Contains(body, "<script") || strings.Contains(body, "<style") || strings.Contains(body, "style=") {
		t.Error("inline script or style on the history page")
	}
	i := strings.Index(body, `href="/history/`) + len(`href="/history/`)
	id := body[i : i+12]
	code, body = get("/history/" + id)
	if code != 200 || !strings.Contains(body, "Verdicts (") || !strings.Contains(body, "Ana") {
		t.Fatalf("/history/%s: %d\n%s", id, code, body)
	}
	code, body = get("/history?player=Caro&game=nsoe")
	if code != 200 || strings.Count(body, `href="/history/`) != 1 {
		t.Errorf("filtered: %d\n%s", code, body)
	}
	if code, _ = get("/history/ffffffffffff"); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
	if code, body = get("/history.css"); code != 200 || !strings.Contains(body, ".games") {
		t.Errorf("css: %d", code)
	}
}

// A game recorded in play and again when grown is one game.
func TestRecorderFollowsAGame(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	data, err := os.ReadFile(recorded[0])
	if err != nil {
		t.Fatal(err)
	}
	j := filepath.Join(dir, "journal.jsonl")
	half := strings.Index(string(data), `"t": 298.0`)
	if half < 0 {
		t.Fatal("no line at 298 s in the demo")
	}
	half = strings.LastIndex(string(data[:half]), "\n") + 1
	if err := os.WriteFile(j, data[:half], 0o644); err != nil {
		t.Fatal(err)
	}
	r := NewRecorder(ctx, filepath.Join(dir, "history.db"))
	r.Note(j)
	r.Flush()
	if err := os.WriteFile(j, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r.Note(j)
	r.Note(j)
	r.Keep(j)
	if err := os.WriteFile(j, []byte("replaced by the next game\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, filepath.Join(dir, "history.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games, err := s.List(ctx, Filter{})
	if err != nil || len(games) != 1 || games[0].Status != Finished {
		t.Fatalf("%v %+v", err, games)
	}
}
