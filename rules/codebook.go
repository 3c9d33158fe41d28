package rules

import (
	"fmt"
	"strings"
)

// PayloadsOf lists every card payload that the given decks can put on a
// table: for each card, both sides (F and B), each as a sticker (kind C)
// and as tableref's print-and-play card (kind P), and the deck's shared
// back (DECK-BACK). It is the card part of a
// reader's codebook (vision/qr.Codebook); TablePayloads adds the markers.
// A deck code rules does not know is an error: a codebook without the
// cards in play would make the reader refuse them.
func PayloadsOf(decks ...string) ([]string, error) {
	var out []string
	for _, code := range decks {
		d, ok := LookupDeck(code)
		if !ok {
			return nil, fmt.Errorf("payloads of deck %q: no such deck (known: %s)", code, knownDecks())
		}
		back := false
		for _, c := range d.Cards {
			out = append(out, CardPayloads(c.ID)...)
			back = back || c.ID.Anonymous()
		}
		if !back {
			// A deck whose backs carry no identity (Strange World's
			// Tzimime) lies face down as DECK-BACK; listing it for every
			// deck costs two payloads that never match another deck's.
			out = append(out, CardPayloads(CardID{Deck: d.Code})...)
		}
	}
	return out, nil
}

// CardPayloads is the four payloads one card can carry: front and back, as
// a sticker (kind C) and as tableref's printed card (kind P). A deck's
// anonymous back (SW-BACK) has no front: its two.
func CardPayloads(id CardID) []string {
	sides := []Side{Front, Back}
	if id.Anonymous() {
		sides = []Side{Back}
	}
	var out []string
	for _, s := range sides {
		ref := CardRef{ID: id, Side: s}
		out = append(out, CardPayload(ref).String(), PrintedCardPayload(ref).String())
	}
	return out
}

// MarkerPayloads lists every marker payload: the calibration sheet's four
// corners, the player markers 1 to MaxPlayers, every corner of every
// player's city board and of the shaker mat.
func MarkerPayloads() []string {
	corners := []Corner{NW, NE, SE, SW}
	var ms []Marker
	for _, c := range corners {
		ms = append(ms, Marker{Type: MarkerCalibration, Corner: c})
	}
	for p := 1; p <= MaxPlayers; p++ {
		ms = append(ms, Marker{Type: MarkerPlayer, Player: p})
	}
	for p := 1; p <= MaxPlayers; p++ {
		for _, c := range corners {
			ms = append(ms, Marker{Type: MarkerBoard, Player: p, Corner: c})
		}
	}
	for _, c := range corners {
		ms = append(ms, Marker{Type: MarkerShaker, Corner: c})
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = MarkerPayload(m).String()
	}
	return out
}

// TablePayloads is every payload that can lie on a table where the given
// decks are in play: their cards (PayloadsOf) and every marker.
func TablePayloads(decks ...string) ([]string, error) {
	cards, err := PayloadsOf(decks...)
	if err != nil {
		return nil, err
	}
	return append(cards, MarkerPayloads()...), nil
}

func knownDecks() string {
	var codes []string
	for _, d := range Decks() {
		codes = append(codes, d.Pick())
	}
	if len(codes) == 0 {
		return "none registered"
	}
	return strings.Join(codes, ", ")
}
