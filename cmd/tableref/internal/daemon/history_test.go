package daemon

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/history"
	"github.com/tableref/tableref/cmd/tableref/internal/live"
	_ "github.com/tableref/tableref/rules/modes" // the demo's game
)

// A game refereed live is in the history when the daemon stops, with the
// result the journal gives.
func TestDaemonRecordsTheGame(t *testing.T) {
	cfg := testConfig(t, live.ReplayPrefix+"../../testdata/demo-continental.jsonl")
	cfg.Camera.AtEnd = config.AtEndStop
	if err := Run(context.Background(), cfg, Deps{Display: &recDisplay{}}); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(filepath.Dir(cfg.Journal), "history.db")
	if cfg.HistoryPath() != want {
		t.Fatalf("history at %s, want %s", cfg.HistoryPath(), want)
	}
	s, err := history.Open(context.Background(), want)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games, err := s.List(context.Background(), history.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("%d games in the history, want 1 (recorded as it went, never doubled): %+v", len(games), games)
	}
	g := games[0]
	if g.Status != history.Finished || g.Mode != "wit-continental" || len(g.Winners()) == 0 {
		t.Errorf("recorded game: %+v", g)
	}
	again, err := history.FromJournal(mustRead(t, cfg.Journal), cfg.Journal, g.Ended)
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != g.ID {
		t.Errorf("the history's game %s is not the journal's %s", g.ID, again.ID)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
