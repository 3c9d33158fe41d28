package mapit

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// worldGame starts a Map It! game with the World deck and the default
// printedBy option (publisher) and lays Washington D.C. in the centre and
// Tokyo east of it, the cards marked tableref's (payload kind P) as
// printed says; Ben challenges Tokyo. It returns the game and the
// verdict's sentence.
func worldGame(t *testing.T, printed func(rules.CardID) bool) (rules.Game, string) {
	t.Helper()
	g := rulestest.Start(t, rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}})
	wash, tokyo := rules.CardID{Deck: "WLD", Num: 1}, rules.CardID{Deck: "WLD", Num: 2}
	z := &rules.Zone{}
	tab := rules.Table{Zones: map[string]*rules.Zone{Zone: z}}
	lay := func(p rules.Pos, id rules.CardID) {
		z.Set(p, rules.Cell{Card: rules.CardRef{ID: id}})
		if printed(id) {
			tab.MarkTableref(id)
		}
		g.Observe(tab.Clone())
	}
	lay(rules.Pos{}, wash)
	lay(rules.East, tokyo)
	for _, e := range g.Input(rules.Input{Type: rules.InputChallenge, Player: 2}) {
		if e.Kind == rules.EventVerdict {
			return g, e.Long
		}
	}
	t.Fatal("no verdict on the challenge")
	return nil, ""
}

// On tableref's own printed cards (kind P) the referee says the
// coordinates they print, without the printedBy option; the restored
// game too (issue 29).
func TestMapItKnowsItsOwnPrintedCards(t *testing.T) {
	g, long := worldGame(t, func(rules.CardID) bool { return true })
	if !strings.Contains(long, "Tokyo (139.69° E)") {
		t.Errorf("on tableref's printed cards: %q, want the printed coordinates", long)
	}
	back := rulestest.RoundTrip(t, ModeID, g)
	if p := back.(*Game).place(rules.CardID{Deck: "WLD", Num: 2}); p.Unprinted {
		t.Error("the restored game forgot the cards are tableref's")
	}
}

// A mixed table (Tokyo's code is a sticker's, kind C) goes by the
// option: with the default, in words, no number the card may not print.
func TestMapItMixedTableStaysInWords(t *testing.T) {
	_, long := worldGame(t, func(id rules.CardID) bool { return id.Num != 2 })
	if strings.Contains(long, "°") || !strings.Contains(long, "Tokyo") {
		t.Errorf("mixed table: %q, want words", long)
	}
}
