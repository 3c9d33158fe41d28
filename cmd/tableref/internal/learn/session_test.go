package learn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// An interrupted session keeps what was confirmed: every card is on disk
// the moment it is confirmed, and a line torn by a crash is left out.
func TestSessionSurvivesAnInterruption(t *testing.T) {
	path := filepath.Join(t.TempDir(), "learn-SA.jsonl")
	s, err := Open(path, "sa", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Card{{Num: 18, Name: "Punta del Este", NS: 97, WE: 83}, {Num: 4, Name: "Brasília", NS: 64, WE: 91}} {
		if err := s.Confirm(c); err != nil {
			t.Fatal(err)
		}
	}
	// The process dies here, half-way through writing a third card.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"kind":"card","card":{"num":19,"na`); err != nil {
		t.Fatal(err)
	}
	f.Close()
	s.Close()

	again, err := Open(path, "SA", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Torn {
		t.Error("the torn line was not noticed")
	}
	got := again.Cards()
	if len(got) != 2 || got[0].Num != 4 || got[1].Num != 18 || got[1].NS != 97 {
		t.Fatalf("resumed cards = %+v, want Brasília and Punta del Este", got)
	}
	// It goes on after the torn line, and reads back again.
	if err := again.Confirm(Card{Num: 19, Name: "Piura", NS: 33, WE: 3}); err != nil {
		t.Fatal(err)
	}
	again.Close()
	third, err := Open(path, "SA", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	if len(third.Cards()) != 3 || third.Torn {
		t.Errorf("after going on: %+v, torn %v", third.Cards(), third.Torn)
	}
	third.Close()
	if _, err := Open(path, "WB", geo.GameWIT); err == nil || !strings.Contains(err.Error(), "is a learn session of deck SA") {
		t.Errorf("opened for another deck: %v", err)
	}
}

func TestSessionRefusesWhatNoBoxPrints(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "s.jsonl"), "WB", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Confirm(Card{Num: 1, Name: "Lima", NS: 37, WE: 8}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Card{
		{Num: 2, Name: "Quito", NS: 37, WE: 9},    // Lima's north–south number
		{Num: 2, Name: "Quito", NS: 22, WE: 8},    // Lima's west–east number
		{Num: 2, Name: "Quito", NS: 0, WE: 9},     // no number
		{Num: 2, Name: " ", NS: 22, WE: 9},        // no name
		{Num: 1000, Name: "Quito", NS: 22, WE: 9}, // not a card number
	} {
		if err := s.Confirm(c); err == nil {
			t.Errorf("confirmed %+v", c)
		}
	}
	// Confirming a card again replaces it.
	if err := s.Confirm(Card{Num: 1, Name: "Lima", NS: 38, WE: 8}); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Card(1); c.NS != 38 {
		t.Errorf("Lima = %+v, want ns 38", c)
	}
}

// The session becomes a deck file that import reads: the confirmed cards
// with their printed numbers and what tableref's deck knows of them.
func TestSessionDeckFile(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "s.jsonl"), "SA", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Card{{Num: 18, Name: "Punta del Este", NS: 81, WE: 85}, {Num: 4, Name: "Brasília", NS: 60, WE: 91}, {Num: 150, Name: "Puerto Nuevo del Test", NS: 70, WE: 80}} {
		if err := s.Confirm(c); err != nil {
			t.Fatal(err)
		}
	}
	d, err := s.DeckFile("")
	if err != nil {
		t.Fatal(err)
	}
	if d.Code != "SA" || len(d.Cards) != 3 || d.Name != "Where is That? South America" {
		t.Fatalf("deck %s %q with %d cards", d.Code, d.Name, len(d.Cards))
	}
	pde := d.Cards[1]
	if pde.ID != (rules.CardID{Deck: "SA", Num: 18}) || pde.Printed == nil || pde.Printed.NS != 81 || !pde.HasCoords || pde.Country != "Uruguay" {
		t.Errorf("Punta del Este = %+v", pde)
	}
	if n := d.Cards[2]; n.Name != "Puerto Nuevo del Test" || n.HasCoords {
		t.Errorf("a card tableref's deck lacks = %+v", n)
	}
	if err := geo.Check(d); err != nil {
		t.Errorf("the learned deck cannot be installed over SA: %v", err)
	}
}

// A session goes on after its first dozen was installed: the learned SA
// deck (holding only the cards learned so far) replaces tableref's, yet
// the next cards are still known by tableref's deck: their names (so a
// read name is checked, not asked as a new card) and their coordinates
// and country (kept in the deck file).
func TestSessionGoesOnOverItsInstalledDeck(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(filepath.Join(dir, "s.jsonl"), "SA", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Confirm(Card{Num: 4, Name: "Brasília", NS: 60, WE: 91}); err != nil {
		t.Fatal(err)
	}
	first, err := s.DeckFile("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(geo.Scratch())
	if err := geo.Install(first); err != nil {
		t.Fatal(err)
	}
	if _, ok := geo.Lookup(rules.CardID{Deck: "SA", Num: 18}); ok {
		t.Fatal("the installed deck should hold Brasília only")
	}

	pde, ok := deckCard(rules.CardID{Deck: "SA", Num: 18})
	if !ok || pde.Name != "Punta del Este" || !pde.HasCoords {
		t.Fatalf("SA-018 after the first dozen was installed = %+v, %v; want tableref's Punta del Este", pde, ok)
	}
	if err := s.Confirm(Card{Num: 18, Name: "Punta del Este", NS: 81, WE: 85}); err != nil {
		t.Fatal(err)
	}
	d, err := s.DeckFile("")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Cards) != 2 {
		t.Fatalf("%d cards, want 2", len(d.Cards))
	}
	if c := d.Cards[1]; c.Name != "Punta del Este" || !c.HasCoords || c.Country != "Uruguay" {
		t.Errorf("Punta del Este in the second deck file = %+v: lost what tableref's deck knows", c)
	}
}

// One learn at a time has a session: a second is refused, naming the
// first, and gets it once the first has closed it (issue 34: both ended
// well and the last to write won).
func TestSessionIsOneLearnsAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "learn-SA.jsonl")
	first, err := Open(path, "SA", geo.GameWIT)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(path, "SA", geo.GameWIT)
	if err == nil || !strings.Contains(err.Error(), "another learn has this session") || !strings.Contains(err.Error(), "decks learn SA") {
		t.Fatalf("a second learn on the session: %v", err)
	}
	first.Close()
	second, err := Open(path, "SA", geo.GameWIT)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	second.Close()
}
