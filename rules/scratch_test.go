package rules

import "testing"

// What a test registers or removes in its scratch copy is gone, and what it
// removed is back, once the copy is restored.
func TestScratchRegistriesRestore(t *testing.T) {
	RegisterDeck(&Deck{Code: "ZZK", Name: "kept", Cards: []CardInfo{{ID: CardID{Deck: "ZZK", Num: 1}, Name: "A"}}})
	restore := ScratchRegistries()
	RegisterDeck(&Deck{Code: "ZZS", Name: "scratch", Cards: []CardInfo{{ID: CardID{Deck: "ZZS", Num: 1}, Name: "B"}}})
	RegisterMode(&Mode{ID: "zz-scratch", New: func(Setup) (Game, error) { return nil, nil }})
	RemoveDeck("ZZK")
	if _, ok := LookupDeck("ZZS"); !ok {
		t.Fatal("the scratch copy does not hold what the test registered")
	}
	restore()
	if _, ok := LookupDeck("ZZS"); ok {
		t.Error("a deck registered in the scratch copy outlived it")
	}
	if _, ok := LookupMode("zz-scratch"); ok {
		t.Error("a mode registered in the scratch copy outlived it")
	}
	if _, ok := LookupDeck("ZZK"); !ok {
		t.Error("a deck removed in the scratch copy is still gone")
	}
	RemoveDeck("ZZK")
}
