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
// two built-in cards with circle numbers from base on: the cards of
// someone's box, not tableref's. It is installed beside tableref's SA, as
// SA-BOX. Installing again with another base changes the box's cards.
func installSA(t *testing.T, dir string, base int) string {
	t.Helper()
	cards := geo.Builtin("SA")
	text := "# code: SA\n# game: wit\nnumber,name,ns,we\n"
	for i, c := range cards[:2] {
		text += fmt.Sprintf("%d,%s,%d,%d\n", c.ID.Num, c.Name, base+i, base+10+i)
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
	return path
}

// deckFolder points the deck folders at an empty one for the test, and
// forgets what the test installed after it.
func deckFolder(t *testing.T) string {
	t.Helper()
	t.Cleanup(geo.Scratch())
	dir := t.TempDir()
	t.Setenv(deckdir.Env, dir)
	t.Cleanup(func() { t.Setenv(deckdir.Env, t.TempDir()); deckdir.Load() })
	return dir
}

// A journal says which deck data judged its game. A game judged with
// tableref's SA still replays with a box installed beside it (issue 30:
// the box took SA's place, and the journal was refused). A game judged
// with the box (deck SA-BOX) whose file changed since: a resume says so
// naming the deck and the file, and a replay refuses to rescore unless
// told to.
func TestJournalSaysWhichDecksJudgedIt(t *testing.T) {
	dir := deckFolder(t)
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
	var out, errOut bytes.Buffer
	file := installSA(t, dir, 20)
	l, w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if l.DecksChanged != nil || len(l.Decks) != 1 {
		t.Fatalf("judged with tableref's SA, resumed with a box beside it: %v, %+v", l.DecksChanged, l.Decks)
	}
	if _, err := ReplayFile(context.Background(), path, ReplayOptions{}, &out, &errOut); err != nil {
		t.Fatalf("judged with tableref's SA, replayed with a box beside it: %v", err)
	}

	onBox := filepath.Join(t.TempDir(), "box.jsonl")
	s.Options = map[string]string{"deck": "SA-BOX"}
	if w, err = Create(onBox, s, time.Unix(0, 0)); err != nil {
		t.Fatal(err)
	}
	w.Close()
	data, _ = os.ReadFile(onBox)
	if !bytes.Contains(data, []byte(`# decks [{"code":"SA-BOX","sha256":"`)) || !bytes.Contains(data, []byte(`"file":"`+file+`"`)) {
		t.Fatalf("the journal of a game on the box does not record the box and its file:\n%s", data)
	}
	installSA(t, dir, 40)
	l, w, err = Open(onBox)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	msg := fmt.Sprint(l.DecksChanged)
	if !errors.Is(l.DecksChanged, ErrDecksChanged) || !strings.Contains(msg, "judged with SA-BOX from "+file) || !strings.Contains(msg, "the installed SA-BOX is "+file) {
		t.Errorf("resumed with the box's file changed: %v", l.DecksChanged)
	}
	_, err = ReplayFile(context.Background(), onBox, ReplayOptions{}, &out, &errOut)
	if !errors.Is(err, ErrDecksChanged) || !strings.Contains(err.Error(), "--rescore") {
		t.Errorf("replayed with the box's file changed: %v, want it refused", err)
	}
	errOut.Reset()
	if _, err := ReplayFile(context.Background(), onBox, ReplayOptions{Rescore: true}, &out, &errOut); err != nil || !strings.Contains(errOut.String(), "judged again with the decks installed now") {
		t.Errorf("--rescore: %v, said %q", err, errOut.String())
	}
}

// A journal written while an installed box took the place of tableref's
// SA (before boxes were installed beside it) recorded deck SA with the
// box's cards and file; with the same box now installed as SA-BOX, the
// refusal says where those cards are now.
func TestJournalOfABoxThatReplacedSA(t *testing.T) {
	dir := deckFolder(t)
	file := installSA(t, dir, 20)
	box, ok := deckPrint("SA-BOX")
	if !ok {
		t.Fatal("no SA-BOX installed")
	}
	err := CheckDecks("old.jsonl", []DeckPrint{{Code: "SA", SHA256: box.SHA256, File: file}})
	if !errors.Is(err, ErrDecksChanged) || !strings.Contains(err.Error(), "the same cards are installed as SA-BOX beside it (from "+file+")") {
		t.Errorf("an old journal of a box: %v", err)
	}
}
