package geo

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Print follows who printed the cards a game has seen on the table, from
// their codes (rules.Table.Tableref: payload kind P): "" before any card,
// PrintTableref while every card seen is tableref's print-and-play card,
// PrintMixed for the rest of the game once one is not (a sticker on a
// boxed game's card, or a card printed before the P kind existed).
// Every geography game follows it: Where is That? (rules/wit), Map It!
// and Nord Sud Ovest Est.
type Print string

const (
	PrintTableref Print = "tableref"
	PrintMixed    Print = "mixed"
)

// See is who printed the cards after a table: a table whose every card
// says P keeps (or makes) the game's cards tableref's; one card without
// it makes the table mixed for good.
func (p Print) See(t rules.Table) Print {
	if p == PrintMixed {
		return p
	}
	ids := t.Cards()
	if len(ids) == 0 {
		return p
	}
	for _, id := range ids {
		if !t.Tableref[id] {
			return PrintMixed
		}
	}
	return PrintTableref
}

// Tableref says whether the referee may judge with and say the numbers
// tableref prints: every card seen is tableref's, or the printedBy option
// says so (a mixed table, or no card yet, goes by the option).
func (p Print) Tableref(option bool) bool {
	return p == PrintTableref || option
}

// InPlay is in with Tableref as who printed the cards says (the option
// on a mixed table or before any card).
func (p Print) InPlay(in InPlay, option bool) InPlay {
	in.Tableref = p.Tableref(option)
	return in
}

// Check refuses a saved value this package never writes.
func (p Print) Check() error {
	switch p {
	case "", PrintTableref, PrintMixed:
		return nil
	}
	return fmt.Errorf("saved print %q unknown", string(p))
}
