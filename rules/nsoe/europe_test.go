package nsoe

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

// The Europe deck prints Roma as 41N 12E (the rulebook's example) and
// holds the box's 76 cities.
func TestEuropeDeckPrintsRomaAsTheRulebook(t *testing.T) {
	cat := defaultCatalogue()
	c, ok := cat.City(rules.CardID{Deck: "EU", Num: 1})
	if !ok || c != (City{"Roma", 41, 12}) {
		t.Fatalf("EU-001 = %+v, %v", c, ok)
	}
	if cat.Size() != 76 {
		t.Errorf("deck size %d, want 76", cat.Size())
	}
	if _, ok := cat.City(rules.CardID{Deck: "WLD", Num: 1}); ok {
		t.Error("a World card is known to Nord Sud Ovest Est")
	}
}
