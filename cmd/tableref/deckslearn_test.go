package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/learn"
	"github.com/tableref/tableref/cmd/tableref/internal/learn/learntest"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// withStdin runs f with the process's standard input reading text.
func withStdin(t *testing.T, text string, f func()) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stdin")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	old := os.Stdin
	os.Stdin = in
	defer func() { os.Stdin = old }()
	f()
}

// writePhoto writes a generated photo (err: its making's) to path, closes
// it and returns path.
func writePhoto(t *testing.T, frame gocv.Mat, err error, path string) string {
	t.Helper()
	defer frame.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !gocv.IMWrite(path, frame) {
		t.Fatal("cannot write the photo")
	}
	return path
}

// decks learn on a generated photo of a dozen printed cards: the sure
// reads are learned, the session is left at the first question (q) and
// keeps them, the deck is written and installed with the cards' numbers;
// a second run goes on from the session.
func TestDecksLearnFromAPhoto(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a 12 MP photo and reads it")
	}
	deckFolder(t)
	dir := t.TempDir()
	ids := learntest.SABatches()[1]
	frame, err := learntest.Photo(ids, learntest.Shot{HeightMM: 1000, TiltDeg: 3, Blur: 0.7, Noise: 2, JPEG: 90, Seed: 7}, learn.PrintedGeometry(0), false)
	photo := writePhoto(t, frame, err, filepath.Join(dir, "table.jpg"))
	// What tableref's printed cards print, taken before a learned SA
	// replaces tableref's.
	truth, err := learntest.Truth()
	if err != nil {
		t.Fatal(err)
	}
	session, out := filepath.Join(dir, "learn-SA.jsonl"), filepath.Join(dir, "SA.csv")
	args := []string{"decks", "learn", "--deck", "wit-sa", "--session", session, "-o", out, photo}
	var code int
	var stdout, stderr string
	withStdin(t, "q\n", func() { code, stdout, stderr = run(t, args...) })
	if code != 0 {
		t.Fatalf("learn: status %d\n%s%s", code, stdout, stderr)
	}
	s, err := learn.Open(session, "SA", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	learned := s.Cards()
	s.Close() // one learn at a time has the session: let the next run have it
	if len(learned) == 0 {
		t.Fatalf("nothing learned:\n%s", stdout)
	}
	for _, c := range learned {
		want, _ := truth.Card(rules.CardID{Deck: "SA", Num: c.Num})
		if c.NS != want.NS || c.WE != want.WE || c.Name != want.Name {
			t.Errorf("learned %+v, the card prints %s %d %d", c, want.Name, want.NS, want.WE)
		}
	}
	for _, want := range []string{"table.jpg: 12 cards of deck SA map side up", "deck file: " + out, "installed SA-BOX", "game option deck=SA-BOX"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	// The installed deck, beside tableref's SA, holds these cards and
	// their printed numbers.
	code, shown, _ := run(t, "decks", "show", "SA-BOX")
	if code != 0 || !regexp.MustCompile(`NS +WE`).MatchString(shown) || strings.Count(shown, "\nSA-") != len(learned) ||
		!strings.HasPrefix(shown, "SA-BOX: Where is That? South America (my box), ") {
		t.Errorf("decks show SA-BOX after learning %d cards:\n%s", len(learned), shown)
	}
	// Again, skipping every question: the session goes on, nothing is
	// lost, and the cards after the first question are still tableref's
	// SA cards although the installed SA-BOX holds only those learned: their
	// sure reads are taken (not asked as cards the deck lacks), right.
	withStdin(t, strings.Repeat("s\n", 40), func() { code, stdout, stderr = run(t, args...) })
	if code != 0 || !strings.Contains(stdout, "learned before") || !strings.Contains(stdout, rules.Count(len(learned), "card")+" learned before; going on") {
		t.Errorf("second run: status %d\n%s%s", code, stdout, stderr)
	}
	if strings.Contains(stdout, "a card the deck does not have yet") {
		t.Errorf("second run: tableref's SA cards asked as new ones:\n%s", stdout)
	}
	again, err := learn.Open(session, "SA", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	// Where the first run learned every card (no question came before
	// the end), the second has nothing to add but must lose nothing.
	if n := len(again.Cards()); n < len(learned) || (len(learned) < len(ids) && n <= len(learned)) {
		t.Errorf("the session holds %d cards after the second run, want the %d learned and the sure reads of the others (%d cards in the photo)", n, len(learned), len(ids))
	}
	have := map[int]bool{}
	for _, c := range again.Cards() {
		have[c.Num] = true
		want, _ := truth.Card(rules.CardID{Deck: "SA", Num: c.Num})
		if c.NS != want.NS || c.WE != want.WE || c.Name != want.Name {
			t.Errorf("second run learned %+v, the card prints %s %d %d", c, want.Name, want.NS, want.WE)
		}
	}
	for _, c := range learned {
		if !have[c.Num] {
			t.Errorf("%d lost by the second run", c.Num)
		}
	}
}

func TestDecksLearnRefusesWhatItCannotRead(t *testing.T) {
	deckFolder(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"decks", "learn", "--deck", "SA"}, "give photos of the cards, or --camera"},
		{[]string{"decks", "learn", "--game", "strangeworld", "x.jpg"}, "learn reads Where is That? (wit), Map It! (mapit) and Nord Sud Ovest Est (nsoe) cards"},
		{[]string{"decks", "learn", "--game", "wit", "--deck", "EU", "x.jpg"}, "--deck EU is Nord Sud Ovest Est, not a Where is That? deck"},
	} {
		code, _, stderr := run(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: status %d, %s", tc.args, code, stderr)
		}
	}
}

// decks learn --deck EU on a generated photo of a dozen Nord Sud Ovest
// Est cards laid coordinate side up, each with tableref's sticker: the
// sure reads are taken, every question answered with Enter (a user
// accepting every proposal), and the deck written and installed as EU-BOX
// holds only what the cards print. Before, learn refused the deck ("--deck
// EU is Nord Sud Ovest Est, not a Where is That? deck").
func TestDecksLearnNordSudOvestEst(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a 12 MP photo and reads it")
	}
	deckFolder(t)
	dir := t.TempDir()
	faces, err := learntest.Typefaces()
	if err != nil {
		t.Fatal(err)
	}
	g, err := learn.StickerGeometry(geo.GameNSOE, 0)
	if err != nil {
		t.Fatal(err)
	}
	batch := learntest.Batches(geo.DeckEurope, 2)[1]
	var cards []learntest.CoordCard
	want := map[int]string{}
	for i, c := range batch {
		line := learntest.NSOELine(c)
		cards = append(cards, learntest.CoordCard{ID: c.ID, Title: c.Country, Name: c.Name, Line: line, Face: faces[i%len(faces)], TextMM: 4 + float64(i%3)})
		want[c.ID.Num] = strings.Replace(line, " - ", " ", 1)
	}
	frame, _, err := learntest.CoordPhoto(cards, learntest.Shot{HeightMM: 1000, TiltDeg: 3, Blur: 0.7, Noise: 2, JPEG: 90, Seed: 11}, g, "coordinate side")
	photo := writePhoto(t, frame, err, filepath.Join(dir, "table.jpg"))
	session, out := filepath.Join(dir, "learn-EU.jsonl"), filepath.Join(dir, "EU.csv")
	var code int
	var stdout, stderr string
	withStdin(t, strings.Repeat("\n", 40), func() {
		code, stdout, stderr = run(t, "decks", "learn", "--deck", "EU", "--session", session, "-o", out, photo)
	})
	if code != 0 {
		t.Fatalf("learn: status %d\n%s%s", code, stdout, stderr)
	}
	for _, w := range []string{"table.jpg: 12 cards of deck EU coordinate side up", "installed EU-BOX", "game option deck=EU-BOX"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("output lacks %q:\n%s", w, stdout)
		}
	}
	s, err := learn.Open(session, "EU", geo.GameNSOE)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	learned := s.Cards()
	if len(learned) < 10 {
		t.Errorf("%d cards learned of 12 by a user pressing Enter:\n%s", len(learned), stdout)
	}
	for _, c := range learned {
		if got := c.LatText + " " + c.LonText; got != want[c.Num] {
			t.Errorf("learned EU-%03d %s as %s, the card prints %s", c.Num, c.Name, got, want[c.Num])
		}
	}
	code, shown, _ := run(t, "decks", "show", "EU-BOX")
	if code != 0 || strings.Count(shown, "\nEU-") != len(learned) {
		t.Errorf("decks show EU-BOX after learning %d cards:\n%s", len(learned), shown)
	}
	for _, c := range learned {
		if lat := strings.SplitN(want[c.Num], " ", 2)[0]; !strings.Contains(shown, lat) {
			t.Errorf("decks show EU-BOX lacks %s's %s:\n%s", c.Name, lat, shown)
		}
	}
}
