package rules

import (
	"strings"
	"testing"
)

func TestPayloadsOf(t *testing.T) {
	RegisterDeck(&Deck{Code: "ZZC", Name: "codebook test", Cards: []CardInfo{
		{ID: CardID{Deck: "ZZC", Num: 1}, Name: "A"}, {ID: CardID{Deck: "ZZC", Num: 7}, Name: "B"},
	}})
	got, err := PayloadsOf("zzc")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ZZC-001F", "ZZC-001B", "ZZC-007F", "ZZC-007B", "ZZC-BACK"}
	if len(got) != 10 {
		t.Fatalf("%d payloads %v, want 10 (2 cards × 2 sides × kinds C and P, and the deck's back twice)", len(got), got)
	}
	seen := map[string]bool{}
	for _, p := range got {
		pl, err := ParsePayload(p)
		if err != nil || pl.Kind != KindCard {
			t.Errorf("%s: %v, %v", p, pl.Kind, err)
		}
		seen[p] = true
	}
	for _, body := range want {
		for _, kind := range []string{"C", "P"} {
			found := false
			for p := range seen {
				found = found || strings.HasPrefix(p, "TR1:"+kind+":"+body+":")
			}
			if !found {
				t.Errorf("no kind %s payload of %s in %v", kind, body, got)
			}
		}
	}
	if _, err := PayloadsOf("ZZC", "NOPE"); err == nil || !strings.Contains(err.Error(), `"NOPE"`) {
		t.Errorf("unknown deck: %v", err)
	}
}

func TestCardPayloadsAnonymousBack(t *testing.T) {
	got := CardPayloads(CardID{Deck: "SW", Num: 0})
	if len(got) != 2 || !strings.HasPrefix(got[0], "TR1:C:SW-BACK:") || !strings.HasPrefix(got[1], "TR1:P:SW-BACK:") {
		t.Errorf("anonymous back: %v", got)
	}
}

func TestMarkerPayloads(t *testing.T) {
	got := MarkerPayloads()
	if len(got) != 4+MaxPlayers+4*MaxPlayers+4 {
		t.Errorf("%d markers", len(got))
	}
	seen := map[string]bool{}
	for _, p := range got {
		pl, err := ParsePayload(p)
		if err != nil || pl.Kind != KindMarker || seen[p] {
			t.Errorf("%s: kind %v, err %v, repeated %v", p, pl.Kind, err, seen[p])
		}
		seen[p] = true
	}
	for _, m := range []string{"CAL-NW", "P6", "B6-SE", "SHK-SW"} {
		if !seen[MarkerPayload(mustMarker(t, m)).String()] {
			t.Errorf("%s missing", m)
		}
	}
	all, err := TablePayloads()
	if err != nil || len(all) != len(got) {
		t.Errorf("TablePayloads with no deck: %d, %v", len(all), err)
	}
}

func mustMarker(t *testing.T, body string) Marker {
	t.Helper()
	m, err := parseMarkerBody(body)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
