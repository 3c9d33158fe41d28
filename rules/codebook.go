package rules

// PayloadsOf lists every payload a table of these decks can show: each
// card's front and back, as a sticker (kind C) and as tableref's printed
// card (kind P); each deck's shared back; and every marker (calibration,
// players, city boards, shaker). The QR reader matches codes too small
// for error correction against this list (vision/qr's Codebook), so a
// code of another deck is never taken for one of these. Unknown deck
// codes are skipped: a deck that is not installed has no cards to list.
func PayloadsOf(decks ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, code := range decks {
		d, ok := LookupDeck(code)
		if !ok || seen[d.Code] {
			continue
		}
		seen[d.Code] = true
		for _, c := range d.Cards {
			for _, side := range []Side{Front, Back} {
				ref := CardRef{ID: c.ID, Side: side}
				out = append(out, CardPayload(ref).String(), PrintedCardPayload(ref).String())
			}
		}
		out = append(out, CardPayload(CardRef{ID: CardID{Deck: d.Code}}).String())
	}
	return append(out, MarkerPayloads()...)
}

// MarkerPayloads lists every marker payload.
func MarkerPayloads() []string {
	var out []string
	corners := []Corner{NW, NE, SE, SW}
	for _, c := range corners {
		out = append(out,
			MarkerPayload(Marker{Type: MarkerCalibration, Corner: c}).String(),
			MarkerPayload(Marker{Type: MarkerShaker, Corner: c}).String())
	}
	for p := 1; p <= MaxPlayers; p++ {
		out = append(out, MarkerPayload(Marker{Type: MarkerPlayer, Player: p}).String())
		for _, c := range corners {
			out = append(out, MarkerPayload(Marker{Type: MarkerBoard, Player: p, Corner: c}).String())
		}
	}
	return out
}
