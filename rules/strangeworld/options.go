package strangeworld

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Options are the configurable points of REFERENCE.md §8 (keys without
// the "sw." prefix).
type Options struct {
	DeckProfile                   string `json:"deckProfile"`
	MoonFlipWhenPlayedCardFlipped bool   `json:"moonFlipWhenPlayedCardFlipped"`
	PortalUsedByHistory           bool   `json:"portalUsedByHistory"`
	WaterCountsFumarole           bool   `json:"waterCountsFumarole"`
	TieRule                       string `json:"tieRule"`
}

// DefaultOptions are the REFERENCE.md defaults.
func DefaultOptions() Options {
	return Options{DeckProfile: "default", MoonFlipWhenPlayedCardFlipped: true,
		PortalUsedByHistory: true, WaterCountsFumarole: true, TieRule: "shared"}
}

var boolValues = []string{"true", "false"}

var modeOptions = []rules.Option{
	{Key: "deckProfile", Default: "default", Values: []string{"default"},
		Help: "Land deck list: per-type counts per player-count mark (embedded data/decklist.csv); extra copies are only warned about"},
	{Key: "moonFlipWhenPlayedCardFlipped", Default: "true", Values: boolValues,
		Help: "a card played above Moons flips them even when the played card itself was flipped (D4b)"},
	{Key: "portalUsedByHistory", Default: "true", Values: boolValues,
		Help: "a card once part of a Dimensional Portal can never join another, even if its partner was covered"},
	{Key: "waterCountsFumarole", Default: "true", Values: boolValues,
		Help: "a Fumarole next to a water card counts as a side for water scoring"},
	{Key: "tieRule", Default: "shared", Values: []string{"shared"},
		Help: "the rulebook gives no tie-break: equal totals share the win"},
}

func parseOptions(s rules.Setup) (Options, error) {
	o := DefaultOptions()
	o.DeckProfile = s.Options["deckProfile"]
	o.TieRule = s.Options["tieRule"]
	for _, b := range []struct {
		key string
		dst *bool
	}{
		{"moonFlipWhenPlayedCardFlipped", &o.MoonFlipWhenPlayedCardFlipped},
		{"portalUsedByHistory", &o.PortalUsedByHistory},
		{"waterCountsFumarole", &o.WaterCountsFumarole},
	} {
		v, err := s.BoolOption(b.key)
		if err != nil {
			return o, fmt.Errorf("%s: %w", s.Mode, err)
		}
		*b.dst = v
	}
	return o, nil
}
