package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// smallSABox writes the deck file of a small South America box that kept
// tableref's SA stickers (code SA, as docs/own-box.md step 3 makes it):
// nine of tableref's cards by their numbers, with circle numbers of its
// own, and no Manaus.
func smallSABox(t *testing.T) string {
	t.Helper()
	names := []string{"Bogotá", "Caracas", "Lima", "Sucre", "Quito", "Cobija", "Brasília", "Santiago", "Punta del Este"}
	var b strings.Builder
	b.WriteString("# code: SA\n# game: wit\n# name: Where is That? (our box)\nnumber,name,ns,we\n")
	for i, n := range names {
		c, err := rules.FindCard(n, "SA")
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%d,%s,%d,%d\n", c.ID.Num, n, 10+i, 30+i)
	}
	path := filepath.Join(t.TempDir(), "box.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A box installed under tableref's code SA stands beside tableref's deck,
// never in its place (issue 30): tableref's print-and-play deck still
// prints its 108 cards, the bundled demo (played with tableref's deck)
// still replays, the box's deck is picked by its own name, and an error
// about a card of the box's deck names the file it was installed from.
func TestOwnBoxNeverHidesTablerefsDeck(t *testing.T) {
	dir := deckFolder(t)
	box := smallSABox(t)
	installed := filepath.Join(dir, "SA.csv")
	code, out, errOut := run(t, "decks", "import", box)
	if code != 0 {
		t.Fatalf("import: status %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"installed SA-BOX:", installed, "game option deck=SA-BOX", "tableref print stickers SA-BOX"} {
		if !strings.Contains(out, want) {
			t.Errorf("import does not say %q:\n%s", want, out)
		}
	}

	code, out, errOut = run(t, "print", "deck", "wit-sa", "-o", filepath.Join(t.TempDir(), "sa.pdf"))
	if code != 0 || !strings.Contains(out, "Where is That? South America: 108 cards") {
		t.Errorf("print deck wit-sa with a box installed: status %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, "replay", "testdata/demo-continental.jsonl")
	if code != 0 || !strings.Contains(out, "Winner") {
		t.Errorf("the demo, played with tableref's deck, with a box installed: status %d\n%s%s", code, out, errOut)
	}

	// The same game on the box: Manaus is not one of its cards, and the
	// error says which deck file has no Manaus.
	demo, err := os.ReadFile("testdata/demo-continental.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	onBox := strings.Replace(string(demo), `"printedBy": "tableref"}`, `"deck": "SA-BOX"}`, 1)
	if onBox == string(demo) {
		t.Fatal("the demo's header changed: this test no longer plays it on the box")
	}
	replay := filepath.Join(t.TempDir(), "on-box.jsonl")
	if err := os.WriteFile(replay, []byte(onBox), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, "replay", replay)
	if code == 0 || !strings.Contains(errOut, `unknown card "Manaus"`) || !strings.Contains(errOut, installed) {
		t.Errorf("a card the box lacks: status %d, want an error naming Manaus and %s\n%s%s", code, installed, out, errOut)
	}

	// Both decks are listed, each saying where it comes from.
	code, out, _ = run(t, "decks")
	var saLine, boxLine string
	for _, l := range strings.Split(out, "\n") {
		switch f := strings.Fields(l); {
		case len(f) > 0 && f[0] == "SA":
			saLine = l
		case len(f) > 0 && f[0] == "SA-BOX":
			boxLine = l
		}
	}
	if code != 0 || !strings.Contains(saLine, "tableref's own") || !strings.Contains(saLine, "108") ||
		!strings.Contains(boxLine, installed) || !strings.HasSuffix(strings.TrimSpace(boxLine), " 9") {
		t.Errorf("decks should list tableref's SA (108 cards) and the installed SA-BOX (9, from %s):\n%s", installed, out)
	}
	code, out, _ = run(t, "decks", "show", "SA-BOX")
	if code != 0 || !strings.Contains(out, "installed from "+installed) || !strings.Contains(out, "Punta del Este") || strings.Contains(out, "Manaus") {
		t.Errorf("decks show SA-BOX:\n%s", out)
	}
	code, out, _ = run(t, "decks", "show", "SA")
	if code != 0 || !strings.Contains(out, "tableref's own") || !strings.Contains(out, "Manaus") {
		t.Errorf("decks show SA:\n%s", out)
	}
	if got := len(geo.Cards("SA")); got != 108 {
		t.Errorf("tableref's SA has %d cards with a box installed, want 108", got)
	}

	// Its stickers are its 9 cards', saying which deck they are of;
	// print deck prints tableref's print-and-play cards, not a box.
	code, out, errOut = run(t, "print", "stickers", "SA-BOX", "-o", filepath.Join(t.TempDir(), "box.pdf"))
	if code != 0 || !strings.Contains(out, "SA-BOX (installed from "+installed+"): 18 stickers") {
		t.Errorf("print stickers SA-BOX: status %d\n%s%s", code, out, errOut)
	}
	code, _, errOut = run(t, "print", "deck", "SA-BOX", "-o", filepath.Join(t.TempDir(), "box.pdf"))
	if code != 2 || !strings.Contains(errOut, "installed from "+installed) || !strings.Contains(errOut, "tableref print stickers SA-BOX") {
		t.Errorf("print deck SA-BOX: status %d, %s", code, errOut)
	}

	code, out, errOut = run(t, "decks", "remove", "SA-BOX")
	if code != 0 || !strings.Contains(out, "removed SA-BOX") || !strings.Contains(out, installed) {
		t.Errorf("remove: status %d: %s%s", code, out, errOut)
	}
	if code, _, errOut = run(t, "decks", "remove", "SA"); code == 0 || !strings.Contains(errOut, "tableref's own") {
		t.Errorf("removing tableref's own deck: status %d: %s", code, errOut)
	}
}

// An import refused because of an installed deck names that deck's file
// (issue 30): the code WB taken by a Where is That? box, for a Map It!
// file.
func TestDecksImportErrorsNameTheInstalledFile(t *testing.T) {
	dir := deckFolder(t)
	if code, out, errOut := run(t, "decks", "import", "../../docs/examples/wit-box.csv"); code != 0 {
		t.Fatalf("import: status %d\n%s%s", code, out, errOut)
	}
	mapit := filepath.Join(t.TempDir(), "world.csv")
	if err := os.WriteFile(mapit, []byte("# code: WB\n# game: mapit\nnumber,name,printed_lat,printed_lon\n1,Tokyo,35°41'N,139°41'E\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "decks", "import", mapit)
	if code == 0 || !strings.Contains(errOut, filepath.Join(dir, "WB.csv")) || !strings.Contains(errOut, "nothing was installed") {
		t.Errorf("a Map It! deck under the code of an installed Where is That? deck: status %d, want an error naming %s\n%s%s", code, filepath.Join(dir, "WB.csv"), out, errOut)
	}
}
