package daemon

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fmt"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/cmd/tableref/internal/referee"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"os"
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

// A game judged with one deck's data is not resumed with other data
// installed: run stops naming the deck and the file; --new keeps it.
func TestRunRefusesAGameJudgedWithOtherDecks(t *testing.T) {
	t.Cleanup(geo.Scratch())
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	s := rules.Setup{Mode: "wit-continental", Players: []string{"Ana", "Ben"}}
	ref, _, _, err := referee.Open(path, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref.Close()

	decks := t.TempDir()
	t.Setenv(deckdir.Env, decks)
	c := geo.Builtin("SA")[0]
	deck := filepath.Join(decks, "SA.csv")
	os.WriteFile(deck, fmt.Appendf(nil, "# code: SA\n# game: wit\nnumber,name,ns,we\n%d,%s,21,31\n", c.ID.Num, c.Name), 0o644)
	for _, e := range deckdir.Load() {
		if e.Err != nil {
			t.Fatal(e.Err)
		}
	}
	t.Cleanup(func() { t.Setenv(deckdir.Env, t.TempDir()); deckdir.Load() })

	ref, start, resumed, err := referee.Open(path, s, nil)
	if err != nil || !resumed {
		t.Fatalf("resumed %v: %v", resumed, err)
	}
	defer ref.Close()
	err = startNamed(&config.Config{}, s, ref, nil, &start)
	if err == nil || !strings.Contains(err.Error(), "judged with tableref's own SA") || !strings.Contains(err.Error(), deck) || !strings.Contains(err.Error(), "--new") {
		t.Errorf("resumed with another SA installed: %v", err)
	}
	if err := startNamed(&config.Config{NewGame: true}, s, ref, nil, &start); err != nil {
		t.Errorf("--new: %v", err)
	}
}
