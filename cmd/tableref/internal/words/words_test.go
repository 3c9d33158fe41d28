package words

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // the games the recorded games play
	"github.com/tableref/tableref/rules/replay"
	"github.com/tableref/tableref/rules/strangeworld"
)

// recordings are the recorded games whose every screen is checked in
// every language.
var recordings = []string{
	"../../testdata/demo-continental.jsonl",
	"../../../../rules/wit/testdata/cartographer-box.jsonl",
	"../../../../rules/wit/testdata/cartographer-tiebreak.jsonl",
	"../../../../rules/mapit/testdata/world-three-rounds.jsonl",
	"../../../../rules/nsoe/testdata/europe-three-players.jsonl",
	"../../../../rules/nsoe/testdata/small-deck-piles-run-out.jsonl",
	"../../../../rules/shakecity/testdata/standard-2p.jsonl",
	"../../../../rules/shakecity/testdata/sea-2p.jsonl",
	"../../../../rules/shakecity/testdata/solo.jsonl",
	"../../../../rules/strangeworld/testdata/duo.jsonl",
	"../../../../rules/strangeworld/testdata/solo.jsonl",
}

// referee plays a recorded game, handing each event to each.
func referee(t *testing.T, path string, each func(replay.Stamped)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := replay.Run(replay.NewReader(f, path), each); err != nil {
		t.Fatal(err)
	}
}

// gameScreens referees a recorded game and returns its display screens
// in order (Short, then More, of every event) and its players.
func gameScreens(t *testing.T, path string) ([][2]string, []string) {
	t.Helper()
	var out [][2]string
	var players []string
	referee(t, path, func(s replay.Stamped) {
		if s.Kind == rules.EventSetup && players == nil {
			players = setupPlayers(t, path)
		}
		if s.Short != [2]string{} {
			out = append(out, s.Short)
		}
		out = append(out, s.More...)
	})
	return out, players
}

func setupPlayers(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, _, err := replay.Final(replay.NewReader(f, path))
	if err != nil {
		t.Fatal(err)
	}
	return s.Players
}

var (
	number      = regexp.MustCompile(`^-?\d+(\.\d+)?$`) // a number the catalogue carries over: 41.9 (degrees)
	colourCodes = regexp.MustCompile(`^[RGBYK]{3}([ /][RGBYK]{3})*$`)
	cells       = regexp.MustCompile(`^r\d+c\d+( r\d+c\d+)*$`) // Shake That City's squares: r1c2
	cardID      = regexp.MustCompile(`^[A-Z]{2,3}-\d+$`)
)

// isName reports whether a line is only a name, which no language
// translates: a player, a card (whole or shortened as the engines
// shorten it), a card's code, a shaker's colours.
func isName(l string, players []string) bool {
	l = strings.TrimSuffix(strings.TrimSpace(l), ":")
	if colourCodes.MatchString(l) || cardID.MatchString(l) {
		return true
	}
	var names []string
	names = append(names, players...)
	for _, d := range rules.Decks() {
		for _, c := range d.Cards {
			names = append(names, c.Name)
			names = append(names, c.Aliases...)
		}
	}
	for _, id := range strangeworld.Default().Deck().Cards {
		if c, ok := strangeworld.Default().Lookup(id.ID); ok {
			names = append(names, c.Short())
		}
	}
	for _, n := range names {
		for w := len([]rune(n)); w >= 3; w-- {
			if rules.ShortName(n, w) == l {
				return true
			}
		}
	}
	return false
}

// TestEveryScreenInEveryLanguage plays every recorded game and checks
// each of its display lines in each language: it fits the 16 cells of
// the HD44780 (as its ROM writes it), and it is either the catalogue's
// translation or a name alone, so no English is left on a screen in
// another language.
func TestEveryScreenInEveryLanguage(t *testing.T) {
	for _, path := range recordings {
		screens, players := gameScreens(t, path)
		for _, l := range Langs {
			t.Run(filepath.Base(path)+"/"+string(l), func(t *testing.T) {
				for _, s := range screens {
					for _, en := range s {
						got, known := Line(l, en)
						if !known && !isName(en, players) {
							t.Errorf("%q: not in the catalogue", en)
						}
						if w := Width(got); w > rules.ShortWidth {
							t.Errorf("%q in %s is %q: %d cells, over %d", en, l, got, w, rules.ShortWidth)
						}
					}
				}
			})
		}
	}
}

// TestCatalogueComplete checks each entry: a translation in every
// language, carrying the same names and numbers as the English, so a
// line never shows a missing argument.
func TestCatalogueComplete(t *testing.T) {
	seen := map[string]bool{}
	verbs := regexp.MustCompile(`%[sd]`)
	for _, e := range append(append([]line(nil), lines...), sentences...) { // one catalogue: no key twice
		if seen[e.en] {
			t.Errorf("%q twice in the catalogue", e.en)
		}
		seen[e.en] = true
		want := strings.Join(verbs.FindAllString(e.en, -1), "")
		for l, tr := range map[Lang]string{Italian: e.it, German: e.de, Spanish: e.es, Portuguese: e.pt} {
			if got := strings.Join(verbs.FindAllString(tr, -1), ""); tr == "" || got != want {
				t.Errorf("%q in %s is %q: want the names and numbers %q", e.en, l, tr, want)
			}
		}
	}
}

func TestLine(t *testing.T) {
	for _, c := range []struct {
		l        Lang
		in, want string
	}{
		{Italian, "Quito: RIGHT", "Quito: GIUSTO"},
		{German, "Ana's turn", "Ana ist dran"},
		{Spanish, "Not Jane's turn", "No juega Jane"},
		{Portuguese, "Round 2 of 5", "Rodada 2 de 5"},
		{German, "Barcello.: RIGHT", "Barcel.: RICHTIG"},
		{Italian, "Cayena", "Cayena"},
		{English, "Ben +3", "Ben +3"},
		{German, "41N 2W", "41N 2W"},
		{Portuguese, "41N 12E", "41N 12L"},
	} {
		if got, _ := Line(c.l, c.in); got != c.want {
			t.Errorf("Line(%s, %q) = %q, want %q", c.l, c.in, got, c.want)
		}
	}
}

func ExampleLine() {
	for _, l := range Langs {
		a, _ := Line(l, "Medellín: RIGHT")
		b, _ := Line(l, "Ana +3")
		fmt.Printf("%s: %s / %s\n", l, a, b)
	}
	// Output:
	// en: Medellín: RIGHT / Ana +3
	// it: Medellín: GIUSTO / Ana +3
	// de: Medell.: RICHTIG / Ana +3
	// es: Medellín: BIEN / Ana +3
	// pt: Medellín: CERTO / Ana +3
}

// TestShowDemoGame prints the bundled demo game's screens in every
// language (go test -run ShowDemoGame -v): what the issue's closing note
// shows.
func TestShowDemoGame(t *testing.T) {
	screens, _ := gameScreens(t, recordings[0])
	for _, l := range Langs {
		t.Logf("== %s (%s)", l.Name(), l)
		for _, s := range screens {
			t.Logf("%-16s | %s", Lines(l, s[:])[0], Lines(l, s[:])[1])
		}
	}
}

// gameSentences referees a recorded game and returns its events' full
// sentences in order.
func gameSentences(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	referee(t, path, func(s replay.Stamped) { out = append(out, s.Long) })
	return out
}

// namesOnly reports whether a part the catalogue kept as it is holds only
// names and numbers: "Ana 8, Ben 9, Caro 7", "Punta del Este", a mode's
// name.
func namesOnly(part string, players []string) bool {
	if isName(part, players) {
		return true // a card's name may hold a comma: "Green-Green 2 (Deer, Goat) #41"
	}
	for _, m := range rules.Modes() {
		part = strings.ReplaceAll(part, m.Name, "")
	}
	for _, it := range regexp.MustCompile(`, | & |: `).Split(part, -1) {
		it = strings.TrimSpace(regexp.MustCompile(` -?\d+$`).ReplaceAllString(it, ""))
		if it != "" && !isName(it, players) && !number.MatchString(it) && !cells.MatchString(it) {
			return false
		}
	}
	return true
}

// sentenceRecordings are the recorded games whose every full sentence the
// catalogue translates (the page's log and banner, the history): all of
// them.
var sentenceRecordings = recordings

// TestEverySentenceInEveryLanguage plays the recorded games and checks
// each full sentence in each language: its key is in the catalogue, and
// what the catalogue keeps as it is (no key for it) is only names.
func TestEverySentenceInEveryLanguage(t *testing.T) {
	for _, path := range sentenceRecordings {
		_, players := gameScreens(t, path)
		said := gameSentences(t, path)
		for _, l := range Langs {
			t.Run(filepath.Base(path)+"/"+string(l), func(t *testing.T) {
				for _, en := range said {
					out, left := sentence(l, en, true)
					if len(left) == 1 && left[0] == en {
						t.Errorf("%q: not in the catalogue", en)
						continue
					}
					for _, p := range left {
						if !namesOnly(p, players) {
							t.Errorf("%q in %s is %q: %q kept in English", en, l, out, p)
						}
					}
					if l == English && out != en {
						t.Errorf("%q in English is %q", en, out)
					}
				}
			})
		}
	}
}
