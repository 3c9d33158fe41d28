package daemon

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/cmd/tableref/internal/referee"
	"github.com/tableref/tableref/rules"
)

// run --mode/--players naming another game than the journal's is refused,
// saying both and what to type; --new starts the named game and keeps the
// other's journal; the same game named again goes on (issue 31: the last
// game resumed silently in place of the one named).
func TestRunNeverResumesAnotherGameSilently(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.jsonl")
	inPlay := rules.Setup{Mode: fakegame.ModeID, Players: []string{"Ana", "Ben"}}
	asked := rules.Setup{Mode: fakegame.ModeID, Players: []string{"Zoe", "Max"}}
	clock := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	open := func(s rules.Setup) (*referee.Referee, []rules.Event, bool) {
		t.Helper()
		ref, start, resumed, err := referee.Open(path, s, now)
		if err != nil {
			t.Fatal(err)
		}
		return ref, start, resumed
	}
	ref, _, _ := open(inPlay)
	ref.Close()

	ref, start, resumed := open(asked)
	if !resumed {
		t.Fatal("the journal's game was not resumed")
	}
	err := startNamed(&config.Config{GameNamed: true}, asked, ref, nil, &start)
	if err == nil || !strings.Contains(err.Error(), "for Ana, Ben, not "+fakegame.ModeID+" for Zoe, Max: give --new") {
		t.Errorf("another game named by flags: %v", err)
	}
	if err := startNamed(&config.Config{}, asked, ref, nil, &start); err != nil {
		t.Errorf("the configuration's game (no flags) resumes as before: %v", err)
	}
	if err := startNamed(&config.Config{GameNamed: true}, inPlay, ref, nil, &start); err != nil {
		t.Errorf("the game in play named again: %v", err)
	}
	if err := startNamed(&config.Config{GameNamed: true, NewGame: true}, asked, ref, nil, &start); err != nil {
		t.Fatalf("--new: %v", err)
	}
	if got := ref.Setup().Players; strings.Join(got, ",") != "Zoe,Max" {
		t.Errorf("after --new the game is for %v, want Zoe, Max", got)
	}
	ref.Close()
	kept, _ := filepath.Glob(filepath.Join(dir, "journal-*.jsonl"))
	if len(kept) != 1 {
		t.Errorf("--new kept %d journals of the old game, want 1", len(kept))
	}
}
