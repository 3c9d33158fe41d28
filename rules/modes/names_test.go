package modes

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// Every name a user may type for a deck resolves to it, whatever its case
// or accents; the code wins over a name; a name no deck has lists the
// decks with their other names.
func TestFindDeck(t *testing.T) {
	for name, want := range map[string]string{
		"SA": "SA", "sa": "SA", "wit-sa": "SA", "WIT-SA": "SA", "wit": "SA", "Where is That? South America": "SA",
		"where is that south america": "SA", "South-América": "SA",
		"WLD": "WLD", "mapit": "WLD", "mapit-world": "WLD", "Map It! World Edition": "WLD",
		"EU": "EU", "nsoe": "EU", "nsoe-eu": "EU", "europe": "EU",
		"continental": "SA", "Map It!": "WLD", "strangeworld-solo": "SW",
		"SW": "SW", "sw": "SW", "strangeworld": "SW", "Strange World": "SW", "strange-world": "SW",
	} {
		d, err := rules.FindDeck(name)
		if err != nil || d.Code != want {
			t.Errorf("FindDeck(%q) = %v, %v; want %s", name, d, err, want)
		}
	}
	_, err := rules.FindDeck("XX")
	if !errors.Is(err, rules.ErrUnknownName) || !strings.Contains(err.Error(), `unknown deck "XX" (known: `) ||
		!strings.Contains(err.Error(), "SA or wit-sa") || !strings.Contains(err.Error(), "tableref decks lists them") {
		t.Errorf("FindDeck(XX): %v", err)
	}
	_, err = rules.FindDeck("shakecity")
	if !errors.Is(err, rules.ErrUnknownName) || !strings.Contains(err.Error(), "Shake That City is played without cards") {
		t.Errorf("FindDeck(shakecity): %v", err)
	}
}

func TestFindMode(t *testing.T) {
	for name, want := range map[string]string{
		"wit-continental": "wit-continental", "continental": "wit-continental", "Continental Shake Up": "wit-continental",
		"CONTINENTAL": "wit-continental", "cartographer": "wit-cartographer", "Cartographer's Corner": "wit-cartographer",
		"mapit": "mapit", "Map It!": "mapit", "map-it": "mapit", "WLD": "mapit", "Map It! World Edition": "mapit",
		"nsoe": "nsoe", "Nord Sud Ovest Est": "nsoe", "EU": "nsoe",
		"strangeworld": "strangeworld", "strange world": "strangeworld", "strangeworld-solo": "strangeworld-solo",
		"shakecity": "shakecity", "Shake That City": "shakecity", "stc": "shakecity",
	} {
		m, err := rules.FindMode(name)
		if err != nil || m.ID != want {
			t.Errorf("FindMode(%q) = %v, %v; want %s", name, m, err, want)
		}
	}
	for name, choices := range map[string][]string{
		"wit": {"wit-cartographer (", "wit-continental ("},
		"SA":  {"wit-cartographer", "wit-continental"},
		"sw":  {"strangeworld (", "strangeworld-solo ("},
	} {
		_, err := rules.FindMode(name)
		var ne *rules.NameError
		if !errors.As(err, &ne) || !ne.Ambiguous || len(ne.Choices) != len(choices) {
			t.Errorf("FindMode(%q): %v, want ambiguous between %v", name, err, choices)
			continue
		}
		for i, c := range choices {
			if !strings.HasPrefix(ne.Choices[i], c) {
				t.Errorf("FindMode(%q): choice %d is %q, want %q…", name, i, ne.Choices[i], c)
			}
		}
		if !strings.Contains(err.Error(), "is ambiguous: it names") {
			t.Errorf("FindMode(%q): %v", name, err)
		}
	}
	_, err := rules.FindMode("monopoly")
	if !errors.Is(err, rules.ErrUnknownName) || !strings.Contains(err.Error(), "tableref modes lists them") || !strings.Contains(err.Error(), "nsoe (Nord Sud Ovest Est)") {
		t.Errorf("FindMode(monopoly): %v", err)
	}
}

func TestFindCard(t *testing.T) {
	for _, tc := range []struct {
		name  string
		decks []string
		want  string
	}{
		{"SW-021", nil, "SW-021"},
		{"sa-017/b", nil, "SA-017/B"},
		{"Encarnación", nil, "SA-017"},
		{"encarnacion", []string{"wit"}, "SA-017"},
		{"Bogotá", []string{"wit-sa"}, "SA-001"},
		{"bogota/B", []string{"SA"}, "SA-001/B"},
	} {
		ref, err := rules.FindCard(tc.name, tc.decks...)
		if err != nil || ref.String() != tc.want {
			t.Errorf("FindCard(%q, %v) = %v, %v; want %s", tc.name, tc.decks, ref, err, tc.want)
		}
	}
	// Bogotá is in South America and in the world: both are listed.
	_, err := rules.FindCard("Bogotá")
	var ne *rules.NameError
	if !errors.As(err, &ne) || !ne.Ambiguous || len(ne.Choices) != 2 || !strings.Contains(err.Error(), "SA-001 Bogotá in Where is That? South America") ||
		!strings.Contains(err.Error(), "WLD-") || !strings.Contains(err.Error(), "name the deck") {
		t.Errorf("FindCard(Bogotá): %v", err)
	}
	for _, tc := range []struct {
		name  string
		decks []string
		want  string
	}{
		{"XY-001", nil, "no deck has the code XY"},
		{"SW-010", nil, `unknown card "SW-010"; Strange World above the clouds has no card 10; tableref decks show SW lists them`},
		{"Atlantis", []string{"SA"}, `unknown card "Atlantis"; not a card ID (such as SA-001) or a card's name in SA`},
		{"Bogotá", []string{"nowhere"}, `unknown deck "nowhere"`},
	} {
		if _, err := rules.FindCard(tc.name, tc.decks...); !errors.Is(err, rules.ErrUnknownName) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FindCard(%q, %v): %v, want %q", tc.name, tc.decks, err, tc.want)
		}
	}
}

// A deck added at run time (a user's own deck) resolves like the built-in
// ones; adding one twice is an error, not a panic.
func TestAddDeckResolves(t *testing.T) {
	d := &rules.Deck{Code: "ZQX", Name: "Capitals of Zembla", Game: "wit", Aliases: []string{"zembla"},
		Cards: []rules.CardInfo{{ID: rules.CardID{Deck: "ZQX", Num: 1}, Name: "Onhava"}}}
	if err := rules.AddDeck(d, false); err != nil {
		t.Fatal(err)
	}
	defer rules.RemoveDeck("ZQX")
	if got, err := rules.FindDeck("Zembla"); err != nil || got != d {
		t.Errorf("FindDeck(Zembla) = %v, %v", got, err)
	}
	if ref, err := rules.FindCard("onhava", "zembla"); err != nil || ref.String() != "ZQX-001" {
		t.Errorf("FindCard(onhava) = %v, %v", ref, err)
	}
	// "wit" is now the game of two decks: the name lists both.
	if _, err := rules.FindDeck("wit"); !errors.Is(err, rules.ErrAmbiguousName) || !strings.Contains(err.Error(), "ZQX (Capitals of Zembla)") {
		t.Errorf("FindDeck(wit) with two wit decks: %v", err)
	}
	if err := rules.AddDeck(d, false); err == nil || !strings.Contains(err.Error(), "deck ZQX exists already (Capitals of Zembla)") {
		t.Errorf("second AddDeck: %v", err)
	}
	// A user's own South America box beside SA (issue 30) takes none of
	// tableref's deck's names: "wit-sa" and "SA" still name tableref's
	// deck, the box is picked by its key, and a card both have is one card.
	sa, _ := rules.LookupDeck("SA")
	mine := &rules.Deck{Code: "SA", Key: "SA-BOX", Source: "/decks/SA.csv", Name: "My South America", Game: "wit", Cards: []rules.CardInfo{{ID: rules.CardID{Deck: "SA", Num: 1}, Name: "Bogotá"}}}
	if err := rules.AddDeck(mine, false); err != nil {
		t.Fatal(err)
	}
	defer rules.RemoveDeck("SA-BOX")
	for _, name := range []string{"wit-sa", "SA"} {
		if got, err := rules.FindDeck(name); err != nil || got != sa {
			t.Errorf("FindDeck(%s) with a box beside SA = %v, %v; want tableref's", name, got, err)
		}
	}
	if got, err := rules.FindDeck("sa-box"); err != nil || got != mine {
		t.Errorf("FindDeck(sa-box) = %v, %v", got, err)
	}
	if ref, err := rules.FindCard("Bogotá", "SA", "SA-BOX"); err != nil || ref.ID != (rules.CardID{Deck: "SA", Num: 1}) {
		t.Errorf("FindCard(Bogotá) with a box beside SA = %v, %v", ref, err)
	}
	if _, err := rules.FindCard("Lima", "SA-BOX"); err == nil || !strings.Contains(err.Error(), "SA-BOX (installed from /decks/SA.csv)") {
		t.Errorf("a card the box lacks: %v; want the error to name the installed file", err)
	}
}

// Every field of a game mode is set where the mode is registered, never
// patched in later by another file's init: a mode must not depend on the
// order Go initialises files in. An init that calls rules.LookupMode, or
// that assigns a Mode field without registering the mode itself, fails.
func TestModesSetInTheirLiteral(t *testing.T) {
	fields := map[string]bool{"ScoreTable": true, "New": true, "Restore": true, "Options": true, "Decks": true, "MinPlayers": true, "MaxPlayers": true}
	root := filepath.Join("..")
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		checked++
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "init" || fn.Recv != nil {
				continue
			}
			registers, looksUp := false, false
			var assigns []string
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
						registers = registers || sel.Sel.Name == "RegisterMode"
						looksUp = looksUp || sel.Sel.Name == "LookupMode"
					}
				case *ast.AssignStmt:
					for _, l := range n.Lhs {
						if sel, ok := l.(*ast.SelectorExpr); ok && fields[sel.Sel.Name] {
							assigns = append(assigns, sel.Sel.Name)
						}
					}
				}
				return true
			})
			pos := fset.Position(fn.Pos())
			if looksUp {
				t.Errorf("%s: init looks a mode up (rules.LookupMode) to change it: set the field in the mode's literal", pos)
			}
			if len(assigns) > 0 && !registers {
				t.Errorf("%s: init sets %s of a mode registered elsewhere: set it in the mode's literal", pos, strings.Join(assigns, ", "))
			}
		}
		return nil
	})
	if err != nil || checked < 20 {
		t.Fatalf("walked %d files: %v", checked, err)
	}
	for _, m := range rules.Modes() {
		if m.ScoreTable == nil || m.Game == "" {
			t.Errorf("mode %s: ScoreTable set %v, Game %q", m.ID, m.ScoreTable != nil, m.Game)
		}
	}
}
