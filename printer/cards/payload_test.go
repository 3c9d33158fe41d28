package cards

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

// tableref's print-and-play cards say in their code that tableref printed
// them (payload kind P), so the referee knows their numbers without the
// printedBy option (issue 29).
func TestPrintedCardsSayTablerefPrintedThem(t *testing.T) {
	front, back := Payloads(rules.CardID{Deck: "SA", Num: 17})
	for _, s := range []string{front, back} {
		p, err := rules.ParsePayload(s)
		if err != nil || !p.Tableref || p.Card.ID != (rules.CardID{Deck: "SA", Num: 17}) {
			t.Errorf("printed payload %q reads as %+v, %v: want card SA-017 printed by tableref", s, p, err)
		}
	}
}
