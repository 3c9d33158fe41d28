package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// deckFolder points the deck folders at an empty temporary one for the
// test; what the test installed is forgotten after it.
func deckFolder(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "decks")
	t.Setenv(deckdir.Env, dir)
	t.Cleanup(geo.Scratch()) // what the test installs is forgotten after it
	return dir
}

// A user's deck file goes from import to a refereed game: the replay
// judges with the box's printed numbers.
func TestDecksImportToARefereedGame(t *testing.T) {
	dir := deckFolder(t)
	code, out, errOut := run(t, "decks", "import", "../../docs/examples/wit-box.csv")
	if code != 0 {
		t.Fatalf("import: status %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "installed WB: Where is That? (our box), 15 cards, the cards' circle numbers") {
		t.Errorf("import said:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "WB.csv")); err != nil {
		t.Errorf("no installed file: %v", err)
	}
	code, out, _ = run(t, "decks")
	if code != 0 || !strings.Contains(out, filepath.Join(dir, "WB.csv")) {
		t.Errorf("decks does not list the installed deck with its file:\n%s", out)
	}
	code, out, _ = run(t, "decks", "show", "wb")
	if code != 0 || !strings.Contains(out, "NS  WE") || !strings.Contains(out, "Punta del Este") {
		t.Errorf("decks show wb:\n%s", out)
	}
	code, out, errOut = run(t, "replay", "../../docs/examples/wit-box-game.jsonl")
	if code != 0 {
		t.Fatalf("replay: status %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"Lima left of Punta del Este: green 8 < 85", "Chiclayo above Quito: green 33 > 22", "Winner: Ana"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = run(t, "decks", "remove", "WB")
	if code != 0 || !strings.Contains(out, "removed WB") {
		t.Errorf("remove: status %d: %s", code, out)
	}
	code, _, errOut = run(t, "replay", "../../docs/examples/wit-box-game.jsonl")
	if code == 0 || !strings.Contains(errOut, `deck="WB": no such deck`) {
		t.Errorf("replay of a removed deck: status %d, %s", code, errOut)
	}
}

// A broken file is refused with every problem at file:line:column, and
// nothing is installed.
func TestDecksImportRefusesABrokenFile(t *testing.T) {
	dir := deckFolder(t)
	bad := filepath.Join(t.TempDir(), "box.csv")
	text := "number,name,ns,we\n1,Bogotá,10,15\n2,BOGOTA,11,16\n2,Lima,x,8\n"
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "decks", "import", bad, "--game", "wit", "--code", "WB")
	if code != 1 {
		t.Errorf("status %d, want 1", code)
	}
	for _, want := range []string{
		"nothing was installed",
		bad + `:3:3: name "BOGOTA" is the same as "Bogotá" on line 2 once accents and case are ignored`,
		bad + `:4:8: ns "x": want the whole number printed in the half-circle`,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s%s", want, out, errOut)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused deck left files: %v", entries)
	}
	if code, _, errOut := run(t, "decks", "import", bad, "--game", "chess"); code != 2 || !strings.Contains(errOut, `--game "chess"`) {
		t.Errorf("unknown game: status %d, %s", code, errOut)
	}
}

// Printed numbers contradicting the coordinates are warned about, pair
// by pair, and the deck is installed as printed.
func TestDecksImportWarnsAboutContradictions(t *testing.T) {
	deckFolder(t)
	f := filepath.Join(t.TempDir(), "box.csv")
	text := "# code: WB\n# game: wit\nnumber,name,lat,lon,ns,we\n1,Quito,-0.22,-78.5,71,15\n2,Lima,-12.05,-77.04,30,20\n"
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "decks", "import", f)
	if code != 0 {
		t.Fatalf("status %d: %s%s", code, out, errOut)
	}
	if !strings.Contains(out, f+":4:") || !strings.Contains(out, "warning: Quito (ns 71, line 4) lies north of Lima (ns 30, line 5)") {
		t.Errorf("no warning about Quito:\n%s", out)
	}
	if c, _ := geo.Lookup(geoID("WB", 1)); c.Printed == nil || c.Printed.NS != 71 {
		t.Errorf("Quito's printed number was changed: %+v", c.Printed)
	}
}

// export writes a deck file import reads back.
func TestDecksExport(t *testing.T) {
	deckFolder(t)
	out := filepath.Join(t.TempDir(), "sa.csv")
	if code, _, errOut := run(t, "decks", "export", "wit-sa", "-o", out); code != 0 {
		t.Fatalf("export: %d %s", code, errOut)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	d, err := geo.ReadDeckFile(strings.NewReader(string(b)), geo.ParseOptions{File: out})
	if err != nil {
		t.Fatal(err)
	}
	if d.Code != "SA" || d.Game != geo.GameWIT || len(d.Cards) != len(geo.Cards("SA")) {
		t.Errorf("exported %s %s with %d cards", d.Code, d.Game, len(d.Cards))
	}
	if code, _, errOut := run(t, "decks", "export", "sw"); code != 2 || !strings.Contains(errOut, "not a geography deck") {
		t.Errorf("export sw: %d %s", code, errOut)
	}
}

func geoID(deck string, n int) rules.CardID { return rules.CardID{Deck: deck, Num: n} }
