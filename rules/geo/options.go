package geo

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Options every geography game mode takes: which deck is on the table,
// and who printed its cards. Who printed them decides which numbers the
// referee may say: the printed card is the authority at the table, and a
// message must never show a number the card in the player's hand does
// not print.
const (
	OptDeck      = "deck"
	OptPrintedBy = "printedBy"

	// PrintedByPublisher: the boxed game's own cards with tableref
	// stickers. The referee says only the numbers an installed deck file
	// records from the cards; otherwise it speaks in words.
	PrintedByPublisher = "publisher"
	// PrintedByTableref: tableref's print-and-play cards, which print
	// tableref's numbers.
	PrintedByTableref = "tableref"
)

// ModeOptions are the deck and printedBy options of a mode of game, with
// def the deck it plays by default.
func ModeOptions(game, def string) []rules.Option {
	return []rules.Option{
		{Key: OptDeck, Default: def,
			Help: fmt.Sprintf("the deck on the table: %s (tableref's own), or a deck installed with 'tableref decks import' as 'tableref decks' lists it (%s for a box wearing tableref's %s stickers)", def, def+BoxSuffix, def)},
		{Key: OptPrintedBy, Default: PrintedByPublisher, Values: []string{PrintedByPublisher, PrintedByTableref},
			Help: "who printed the cards: publisher (the boxed game with stickers: only numbers your deck file records are shown) or tableref (print-and-play cards)"},
	}
}

// InPlay says which deck a game is played with and whether the cards on
// the table print tableref's own numbers. (rules.Table is the snapshot of
// the cards on the table; calibration.Plane the table's surface.)
type InPlay struct {
	Deck     string // the deck code
	Tableref bool   // the cards are tableref's print-and-play cards
}

// SetupInPlay reads the deck and printedBy options of a checked setup. The
// deck must belong to game. A setup saved before these options existed
// has neither: it gets def and the publisher's cards.
func SetupInPlay(s rules.Setup, game, def string) (InPlay, error) {
	t := InPlay{Deck: strings.ToUpper(strings.TrimSpace(s.Options[OptDeck]))}
	if t.Deck == "" {
		t.Deck = def
	}
	switch p := s.Options[OptPrintedBy]; p {
	case "", PrintedByPublisher:
	case PrintedByTableref:
		t.Tableref = true
	default:
		return t, fmt.Errorf("option %s=%q: want %s or %s", OptPrintedBy, p, PrintedByPublisher, PrintedByTableref)
	}
	in, ok := Info(t.Deck)
	if !ok {
		return t, fmt.Errorf("option %s=%q: no such deck (%s)", OptDeck, t.Deck, deckList(game))
	}
	if in.Game != game {
		return t, fmt.Errorf("option %s=%q: %s, %s, is a %s deck, this game wants %s", OptDeck, t.Deck, in.Label(), in.Name, GameName(in.Game), deckList(game))
	}
	return t, nil
}

// deckList names a game's decks for messages: "SA or MYB".
func deckList(game string) string {
	var codes []string
	for _, d := range Decks() {
		if d.Game == game {
			codes = append(codes, d.Key)
		}
	}
	if len(codes) == 0 {
		return "none installed"
	}
	return strings.Join(codes, " or ")
}

// SavedInPlay reads the deck in play back from a geography game's saved
// state, whose options record it as "deck" and "printedByTableref". A
// state saved before the deck option existed names none: it gets def.
func SavedInPlay(state []byte, def string) (InPlay, error) {
	var saved struct {
		Opt struct {
			Deck              string `json:"deck"`
			PrintedByTableref bool   `json:"printedByTableref"`
		} `json:"options"`
	}
	if err := json.Unmarshal(state, &saved); err != nil {
		return InPlay{}, fmt.Errorf("restoring state: %w", err)
	}
	t := InPlay{Deck: saved.Opt.Deck, Tableref: saved.Opt.PrintedByTableref}
	if t.Deck == "" {
		t.Deck = def
	}
	return t, nil
}
