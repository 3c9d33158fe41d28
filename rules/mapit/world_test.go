package mapit

import (
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// The rulebook's examples hold with the World deck's own coordinates too.
func TestWorldDeckJudgesTheRulebookExamples(t *testing.T) {
	cat := deckCatalogue{geo.InPlay{Deck: geo.DeckWorld, Tableref: true}}
	get := func(num int, name string) Place {
		p, ok := cat.Place(rules.CardID{Deck: "WLD", Num: num})
		if !ok || p.Name != name {
			t.Fatalf("WLD-%03d = %+v, want %s", num, p, name)
		}
		return p
	}
	wash, tokyo, athens := get(1, "Washington D.C."), get(2, "Tokyo"), get(3, "Athens")
	rio, sp := get(4, "Rio de Janeiro"), get(5, "São Paulo")
	if !inOrder(East, wash, tokyo, true) || !inOrder(East, wash, athens, true) || !inOrder(East, athens, tokyo, true) {
		t.Error("MI-1/MI-2 with WLD coordinates")
	}
	if inOrder(South, sp, rio, true) {
		t.Error("MI-3 with WLD coordinates: Rio judged south of São Paulo")
	}
	if _, ok := cat.Place(rules.CardID{Deck: "SA", Num: 1}); ok {
		t.Error("a card of another deck is known to Map It!")
	}
}
