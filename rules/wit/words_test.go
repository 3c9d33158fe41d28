package wit

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/replay"
	"github.com/tableref/tableref/rules/rulestest"
)

// leakFloor is the smallest rank a real South America card gets in the
// deck installed by installFarDeck: any number this big in a message is a
// circle number the referee should not have said.
const leakFloor = 800

// installFarDeck installs, beside tableref's South America deck (as
// SA-BOX, which the replays below are played with), the same cards by the same numbers and coordinates, plus 850 made-up cards
// north and west of all of them. Ranked from coordinates, every real card
// then ranks 851 or more on both axes, numbers no round, point or player
// count reaches. The deck records no printed numbers, as a built-in deck
// stuck on a boxed game does not.
func installFarDeck(t *testing.T) {
	t.Helper()
	f := &geo.DeckFile{Code: geo.DeckSA, Game: geo.GameWIT, Name: "far"}
	f.Cards = geo.Builtin(geo.DeckSA)
	for i := 0; i < 850; i++ {
		n := 120 + i
		f.Cards = append(f.Cards, geo.Card{ID: rules.CardID{Deck: geo.DeckSA, Num: n}, Name: fmt.Sprintf("Far %d", n),
			Lat: 80 - float64(i)*0.001, Lon: -179 + float64(i)*0.001, HasCoords: true, Kind: geo.KindCity})
	}
	t.Cleanup(geo.Scratch())
	if err := geo.Install(f); err != nil {
		t.Fatal(err)
	}
}

// farDeck is the key installFarDeck's deck is picked by.
const farDeck = geo.DeckSA + geo.BoxSuffix

var (
	number = regexp.MustCompile(`\d+`)
	cardID = regexp.MustCompile(`\b[A-Z][A-Z0-9]{1,2}-\d{3}\b`) // "SA-999": an ID, not a circle number
)

// leaks returns the texts holding a number of leakFloor or more.
func leaks(texts []string) []string {
	var out []string
	for _, s := range texts {
		for _, n := range number.FindAllString(cardID.ReplaceAllString(s, "ID"), -1) {
			if v, _ := strconv.Atoi(n); v >= leakFloor {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// With tableref's deck on a boxed game's cards, no message, score or
// photo verdict shows a number the card does not print. The same games on
// tableref's own cards do show them, so the check can fail.
func TestNoNumberTheCardDoesNotPrint(t *testing.T) {
	installFarDeck(t)
	for _, path := range []string{demoReplay, "testdata/continental-bad-input.jsonl", "testdata/cartographer-tiebreak.jsonl"} {
		if got := leaks(rulestest.Texts(t, path, geo.OptPrintedBy, geo.PrintedByTableref, geo.OptDeck, farDeck)); len(got) == 0 {
			t.Errorf("%s on tableref's cards says no circle number at all: the check below cannot fail", path)
		}
		for _, s := range leaks(rulestest.Texts(t, path, geo.OptPrintedBy, geo.PrintedByPublisher, geo.OptDeck, farDeck)) {
			t.Errorf("%s on the publisher's cards shows a number they do not print: %s", path, s)
		}
	}
}

// The rulebook's Punta del Este example on a boxed game with tableref's
// deck: the referee must not say "green 83 < 97" while the card prints 85
// and 91 (the report that opened issue 15); it says where the places are.
func TestPuntaDelEsteInWords(t *testing.T) {
	d, err := setupDeck(rules.Setup{Mode: ModeCartographer, Players: []string{"A", "B"}}, "")
	if err != nil {
		t.Fatal(err)
	}
	var pde, bra rules.CardID
	for _, c := range d.Cards() {
		switch c.Name {
		case "Punta del Este":
			pde = c.ID
		case "Brasília":
			bra = c.ID
		}
	}
	c, ok := circleBetween(d, pde, bra, false)
	if !ok {
		t.Fatal("no circle")
	}
	got := c.Describe(d)
	if number.MatchString(got) {
		t.Errorf("Describe = %q: shows numbers the boxed cards do not print", got)
	}
	want := "Punta del Este left of Brasília: right, Punta del Este is west of Brasília"
	if got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
}

// A deck installed from the user's box judges and speaks with the numbers
// its cards print, whoever printed them: the rulebook's Punta del Este
// prints 85 beside Brasília's 91 and 81 over Piura's 42.
func TestInstalledDeckSaysItsNumbers(t *testing.T) {
	f, err := geo.ReadDeckFile(strings.NewReader("number,name,ns,we\n1,Punta del Este,81,85\n2,Brasília,60,91\n3,Piura,42,4\n"),
		geo.ParseOptions{File: "box.csv", Code: "WB", Game: geo.GameWIT})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(geo.Scratch())
	if err := geo.Install(f); err != nil {
		t.Fatal(err)
	}
	d, err := setupDeck(rules.Setup{Mode: ModeCartographer, Players: []string{"A", "B"}, Options: map[string]string{"deck": "wb"}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if !d.SaysNumbers() {
		t.Fatal("an installed deck with printed numbers speaks in words")
	}
	pde, bra, piura := rules.CardID{Deck: "WB", Num: 1}, rules.CardID{Deck: "WB", Num: 2}, rules.CardID{Deck: "WB", Num: 3}
	right, _ := circleBetween(d, pde, bra, false)
	below, _ := circleBetween(d, pde, piura, true)
	if got := right.Describe(d); got != "Punta del Este left of Brasília: green 85 < 91" {
		t.Errorf("right circle: %q", got)
	}
	if got := below.Describe(d); got != "Punta del Este above Piura: green 81 > 42" || below.Right() {
		t.Errorf("bottom circle: %q (right %v)", got, below.Right())
	}
}

// TestWrongCardNamesTheFailedCircle plays the demo game up to its wrong
// card (Arequipa, one of four circles wrong) and checks that the page's
// sentence names the failing circle apart from the right ones, and that
// the display says it on a screen of its own.
func TestWrongCardNamesTheFailedCircle(t *testing.T) {
	f, err := os.Open(demoReplay)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got *rules.Event
	if _, err := replay.Run(replay.NewReader(f, demoReplay), func(s replay.Stamped) {
		if s.Kind == rules.EventVerdict && s.Verdict == rules.Wrong && got == nil {
			e := s.Event
			got = &e
		}
	}); err != nil {
		t.Fatal(err)
	}
	if got == nil {
		t.Fatal("the demo game has no wrong card")
	}
	const failed = "Arequipa above Cobija: green 54 > 43"
	if want := "1 of its 4 circles wrong: " + failed + " (right: "; !strings.Contains(got.Long, want) {
		t.Errorf("long %q: want the failed circle first, %q", got.Long, want)
	}
	if strings.Count(got.Long, failed) != 1 {
		t.Errorf("long %q names the failed circle %d times", got.Long, strings.Count(got.Long, failed))
	}
	if want := [][2]string{{"Wrong circle:", "above Cobija"}}; !slices.Equal(got.More, want) {
		t.Errorf("screens after %v: %v, want %v", got.Short, got.More, want)
	}
}
