package rules_test

import (
	"testing"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/geo" // registers the geography decks
)

func TestPayloadsOfListsEveryCardSideAndMarker(t *testing.T) {
	sa, ok := rules.LookupDeck("SA")
	if !ok {
		t.Skip("deck SA not registered in this build")
	}
	got := rules.PayloadsOf("SA", "NOPE")
	markers := rules.MarkerPayloads()
	// 4 calibration + 4 shaker corners, 6 players, 6 boards of 4 corners
	if len(markers) != 4+4+6+24 {
		t.Fatalf("%d marker payloads, want 38", len(markers))
	}
	if want := 4*len(sa.Cards) + 1 + len(markers); len(got) != want {
		t.Errorf("%d payloads for SA, want %d", len(got), want)
	}
	has := map[string]bool{}
	for _, p := range got {
		if _, err := rules.ParsePayload(p); err != nil {
			t.Errorf("%q does not parse: %v", p, err)
		}
		has[p] = true
	}
	c := sa.Cards[0].ID
	for _, p := range []rules.Payload{
		rules.CardPayload(rules.CardRef{ID: c}),
		rules.PrintedCardPayload(rules.CardRef{ID: c, Side: rules.Back}),
		rules.MarkerPayload(rules.Marker{Type: rules.MarkerBoard, Player: 6, Corner: rules.SW}),
	} {
		if !has[p.String()] {
			t.Errorf("%s missing", p)
		}
	}
	for p := range has {
		if pl, _ := rules.ParsePayload(p); pl.Kind == rules.KindCard && pl.Card.ID.Deck != "SA" {
			t.Errorf("%s is not of deck SA", p)
		}
	}
}
