package geo

import "testing"

// A saved Map It! or Nord Sud Ovest Est state records its deck in its
// options; one saved before the deck option has none and gets the
// game's default, and a state that is not JSON says so.
func TestSavedInPlay(t *testing.T) {
	got, err := SavedInPlay([]byte(`{"options":{"deck":"EU2","printedByTableref":true},"turn":3}`), DeckEurope)
	if err != nil || got != (InPlay{Deck: "EU2", Tableref: true}) {
		t.Fatalf("SavedInPlay = %+v, %v; want EU2 printed by tableref", got, err)
	}
	got, err = SavedInPlay([]byte(`{"options":{}}`), DeckWorld)
	if err != nil || got != (InPlay{Deck: DeckWorld}) {
		t.Fatalf("old state: SavedInPlay = %+v, %v; want the default deck %s", got, err, DeckWorld)
	}
	if _, err := SavedInPlay([]byte(`{"options":`), DeckWorld); err == nil {
		t.Fatal("a torn state was accepted")
	}
}
