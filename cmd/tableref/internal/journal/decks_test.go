package journal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	_ "github.com/tableref/tableref/rules/modes"
)

// installSA installs, through the deck folder, an SA deck of the first
// two built-in cards with other circle numbers: the cards of someone's
// box, not tableref's.
func installSA(t *testing.T) string {
	t.Helper()
	t.Cleanup(geo.Scratch())
	dir := t.TempDir()
	t.Setenv(deckdir.Env, dir)
	cards := geo.Builtin("SA")
	text := "# code: SA\n# game: wit\nnumber,name,ns,we\n"
	for i, c := range cards[:2] {
		text += fmt.Sprintf("%d,%s,%d,%d\n", c.ID.Num, c.Name, 20+i, 30+i)
	}
	path := filepath.Join(dir, "SA.csv")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, e := range deckdir.Load() {
		if e.Err != nil {
			t.Fatalf("installing %s: %v", e.Path, e.Err)
		}
	}
	t.Cleanup(func() { t.Setenv(deckdir.Env, t.TempDir()); deckdir.Load() })
	return path
}

// A journal says which deck data judged its game; with other data
// installed, a resume says so naming the deck and the file, and a replay
// refuses to rescore unless told to.
func TestJournalSaysWhichDecksJudgedIt(t *testing.T) {
	s := rules.Setup{Mode: "wit-continental", Players: []string{"Ana", "Ben"}}
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	w, err := Create(path, s, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	data, _ := os.ReadFile(path)
	if !bytes.Contains(data, []byte(`# decks [{"code":"SA","sha256":"`)) {
		t.Fatalf("the journal does not record its decks:\n%s", data)
	}
	l, w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if l.DecksChanged != nil || len(l.Decks) != 1 {
		t.Fatalf("same decks: %v, %+v", l.DecksChanged, l.Decks)
	}
	var out, errOut bytes.Buffer
	if _, err := ReplayFile(context.Background(), path, ReplayOptions{}, &out, &errOut); err != nil {
		t.Fatalf("replay with the same decks: %v", err)
	}

	file := installSA(t)
	l, w, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	msg := fmt.Sprint(l.DecksChanged)
	if !errors.Is(l.DecksChanged, ErrDecksChanged) || !strings.Contains(msg, "judged with tableref's own SA") || !strings.Contains(msg, "the installed SA is "+file) {
		t.Errorf("resumed with another SA installed: %v", l.DecksChanged)
	}
	_, err = ReplayFile(context.Background(), path, ReplayOptions{}, &out, &errOut)
	if !errors.Is(err, ErrDecksChanged) || !strings.Contains(err.Error(), "--rescore") {
		t.Errorf("replayed with another SA installed: %v, want it refused", err)
	}
	errOut.Reset()
	if _, err := ReplayFile(context.Background(), path, ReplayOptions{Rescore: true}, &out, &errOut); err != nil || !strings.Contains(errOut.String(), "judged again with the decks installed now") {
		t.Errorf("--rescore: %v, said %q", err, errOut.String())
	}
}
