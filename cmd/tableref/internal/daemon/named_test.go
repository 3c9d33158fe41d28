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
// installed: run stops naming the deck and the file; --new keeps it. A box
// installed beside tableref's SA (issue 30) changes nothing for a game
// judged with tableref's SA; a game on the box (deck SA-BOX) whose file
// changed since is refused.
func TestRunRefusesAGameJudgedWithOtherDecks(t *testing.T) {
	t.Cleanup(geo.Scratch())
	decks := t.TempDir()
	t.Setenv(deckdir.Env, decks)
	t.Cleanup(func() { t.Setenv(deckdir.Env, t.TempDir()); deckdir.Load() })
	c := geo.Builtin("SA")[0]
	deck := filepath.Join(decks, "SA.csv")
	install := func(ns int) {
		t.Helper()
		os.WriteFile(deck, fmt.Appendf(nil, "# code: SA\n# game: wit\nnumber,name,ns,we\n%d,%s,%d,31\n", c.ID.Num, c.Name, ns), 0o644)
		for _, e := range deckdir.Load() {
			if e.Err != nil {
				t.Fatal(e.Err)
			}
		}
	}
	open := func(path string, s rules.Setup) (*referee.Referee, []rules.Event) {
		t.Helper()
		ref, start, resumed, err := referee.Open(path, s, nil)
		if err != nil || !resumed {
			t.Fatalf("resumed %v: %v", resumed, err)
		}
		return ref, start
	}

	tablerefs := rules.Setup{Mode: "wit-continental", Players: []string{"Ana", "Ben"}}
	first, _, _, err := referee.Open(filepath.Join(t.TempDir(), "journal.jsonl"), tablerefs, nil)
	if err != nil {
		t.Fatal(err)
	}
	first.Close()
	install(21)
	ref, start := open(first.Path(), tablerefs)
	if err := startNamed(&config.Config{}, tablerefs, ref, nil, &start); err != nil {
		t.Errorf("a game judged with tableref's SA, with a box installed beside it: %v", err)
	}
	ref.Close()

	onBox := rules.Setup{Mode: "wit-continental", Players: []string{"Ana", "Ben"}, Options: map[string]string{"deck": "SA-BOX"}}
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	ref, _, _, err = referee.Open(path, onBox, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref.Close()
	install(22)
	ref, start = open(path, onBox)
	defer ref.Close()
	err = startNamed(&config.Config{}, onBox, ref, nil, &start)
	if err == nil || !strings.Contains(err.Error(), "judged with SA-BOX from "+deck) || !strings.Contains(err.Error(), "--new") {
		t.Errorf("resumed with the box's file changed: %v", err)
	}
	if err := startNamed(&config.Config{NewGame: true}, onBox, ref, nil, &start); err != nil {
		t.Errorf("--new: %v", err)
	}
}
