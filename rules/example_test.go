package rules_test

import (
	"errors"
	"fmt"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // registers every game mode and deck
)

// Every card carries a short QR payload: version, deck, number, side and a
// check character, so that a misread code is refused instead of acted on.
func ExampleParsePayload() {
	ref, err := rules.FindCard("Bogotá/B", "SA")
	if err != nil {
		fmt.Println(err)
		return
	}
	text := rules.CardPayload(ref).String()
	p, err := rules.ParsePayload(text)
	fmt.Println(text, "is", p.Describe(), err)

	// A wrong check character and a foreign QR code are both refused.
	for _, bad := range []string{"TR1:C:SA-001B:1", "https://example.com"} {
		_, err := rules.ParsePayload(bad)
		fmt.Printf("%s: %v (not ours: %v)\n", bad, err, errors.Is(err, rules.ErrNotOurs))
	}
	// Output:
	// TR1:C:SA-001B:0 is card SA-001 (Bogotá), back <nil>
	// TR1:C:SA-001B:1: payload "TR1:C:SA-001B:1": check character "1" does not match (misprint or misread): wrong check character (not ours: true)
	// https://example.com: payload "https://example.com": not a tableref code (not ours: true)
}
