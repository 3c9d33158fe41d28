// Package nsoe referees Nord Sud Ovest Est: European city cards placed on
// a grid board around a reference city, judged by their printed whole
// degrees; a wrong card is discarded and its player draws two; the first
// player to place every card (or the fewest cards when the piles run out)
// wins. Rules and default readings: rules/REFERENCE.md §5.
package nsoe

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/internal/setupopt"
)

// ModeID is the game mode's registered ID.
const ModeID = "nsoe"

// Zone is the table zone of the board, in the board's frame: row 0 is
// the printed top (north), column 0 the west edge.
const Zone = "board"

// HandSize is the number of cards dealt to each player (rulebook).
const HandSize = 3

// Values of the finalRound option (REFERENCE.md §5.5).
const (
	FinalCompleteRound = "completeRound" // players after the finisher, up to the first player, play once more
	FinalOneMoreEach   = "oneMoreEach"   // every other player plays once more
)

// Options are the game's options beyond the placement rules.
type Options struct {
	// Deck is the deck played with, and PrintedByTableref says its cards
	// are tableref's print-and-play cards (REFERENCE.md has neither: they
	// are the deck and printedBy options of every geography mode).
	Deck              string    `json:"deck,omitzero"`
	PrintedByTableref bool      `json:"printedByTableref,omitzero"`
	FinalRound        string    `json:"finalRound"`
	Rows              int       `json:"boardRows"`
	Cols              int       `json:"boardCols"`
	Centre            rules.Pos `json:"centre"`
	DeckSize          int       `json:"deckSize"`
}

var mode = &rules.Mode{
	ID:         ModeID,
	Name:       "Nord Sud Ovest Est",
	Game:       "nsoe",
	Aliases:    []string{"north south west east"},
	MinPlayers: 2,
	MaxPlayers: 6,
	Decks:      []string{"EU"},
	Options: append(geo.ModeOptions(geo.GameNSOE, geo.DeckEurope),
		rules.Option{Key: "compareWith", Default: CompareAll, Values: []string{CompareAll, CompareNeighbour},
			Help: "check a new card against every card on the board, or only the reference city and the nearest card in each direction along its row and column"},
		rules.Option{Key: "strict", Default: "true", Values: []string{"true", "false"},
			Help: "cards in different rows (columns) need strictly different latitudes (longitudes)"},
		rules.Option{Key: "tolerance", Default: "2", Help: "degrees a card may differ from a card in the same row or column"},
		rules.Option{Key: "toleranceScope", Default: ScopeSameLine, Values: []string{ScopeSameLine, ScopeAll},
			Help: "the tolerance applies to the same row or column only, or to every comparison"},
		rules.Option{Key: "finalRound", Default: FinalCompleteRound, Values: []string{FinalCompleteRound, FinalOneMoreEach},
			Help: "after a player places their last card: finish the round, or every other player plays once more"},
		rules.Option{Key: "boardRows", Default: "9", Help: "rows of squares on the GPS board"},
		rules.Option{Key: "boardCols", Default: "9", Help: "columns of squares on the GPS board"},
		rules.Option{Key: "centreRow", Default: "4", Help: "row of the central slot (0 = top row)"},
		rules.Option{Key: "centreCol", Default: "4", Help: "column of the central slot (0 = left column)"},
		rules.Option{Key: "deckSize", Default: "all", Help: "city cards in play (\"all\": the whole box)"}),
	Inputs: []rules.InputUse{{Type: rules.InputSwap, Label: "Swap", Player: true, Cards: true,
		Help: "the player on turn gives up a card for the top card of a pile (the camera sees neither: naming them is optional)"}},
	New: func(s rules.Setup) (rules.Game, error) {
		cat, t, err := catalogueFor(s, "")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ModeID, err)
		}
		g, err := newGame(s, cat)
		if err != nil {
			return nil, err
		}
		g.Opt.Deck, g.Opt.PrintedByTableref = t.Deck, t.Tableref
		return g, nil
	},
	Restore: func(b []byte) (rules.Game, error) {
		t, err := geo.SavedInPlay(b, geo.DeckEurope)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ModeID, err)
		}
		return restore(b, deckCatalogue{t})
	},
	ScoreTable: func(s rules.Setup, t rules.Table) ([]rules.Score, []rules.Event, error) {
		cat, _, err := catalogueFor(s, "")
		if err != nil {
			return nil, nil, err
		}
		return judgeBoardTable(s, t, cat)
	},
}

func init() {
	mode.Layout = boardLayout
	rules.RegisterMode(mode)
}

// boardLayout is the GPS board the scanner reads: 9×9 slots around the
// centre by default, or the size the setup's options give.
func boardLayout(s rules.Setup) (rules.Layout, error) {
	l := rules.Layout{Kind: rules.LayoutBoard, Rows: 9, Cols: 9, Centre: rules.Pos{Row: 4, Col: 4}}
	for key, dst := range map[string]*int{"boardRows": &l.Rows, "boardCols": &l.Cols, "centreRow": &l.Centre.Row, "centreCol": &l.Centre.Col} {
		if v, ok := s.Options[key]; ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return l, fmt.Errorf("%s option %s=%q: want a whole number", ModeID, key, v)
			}
			*dst = n
		}
	}
	return l, nil
}

// readOptions reads and checks the options' values.
func readOptions(s rules.Setup, cat Catalogue) (Rules, Options, error) {
	r := Rules{ToleranceScope: s.Options["toleranceScope"], CompareWith: s.Options["compareWith"]}
	o := Options{FinalRound: s.Options["finalRound"]}
	var err error
	if r.Strict, err = s.BoolOption("strict"); err != nil {
		return r, o, err
	}
	if err := setupopt.Ints(s, setupopt.Int{Key: "tolerance", Dst: &r.Tolerance},
		setupopt.Int{Key: "boardRows", Dst: &o.Rows, Min: 1}, setupopt.Int{Key: "boardCols", Dst: &o.Cols, Min: 1},
		setupopt.Int{Key: "centreRow", Dst: &o.Centre.Row}, setupopt.Int{Key: "centreCol", Dst: &o.Centre.Col}); err != nil {
		return r, o, err
	}
	if o.Centre.Row >= o.Rows || o.Centre.Col >= o.Cols {
		return r, o, fmt.Errorf("the central slot %v is off a %d×%d board", o.Centre, o.Rows, o.Cols)
	}
	o.DeckSize = cat.Size()
	if v := s.Options["deckSize"]; v != "all" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > cat.Size() {
			return r, o, fmt.Errorf("option deckSize=%q: want all or 1 to %d", v, cat.Size())
		}
		o.DeckSize = n
	}
	if need := HandSize*len(s.Players) + 1; o.DeckSize < need {
		return r, o, fmt.Errorf("%d cards cannot deal %d to %d players and a reference city", o.DeckSize, HandSize, len(s.Players))
	}
	return r, o, nil
}

// NewWithCatalogue starts a game that reads cities from cat instead of
// the Europe deck: tests and home-made decks use it.
func NewWithCatalogue(s rules.Setup, cat Catalogue) (*Game, error) {
	s, err := mode.Check(s)
	if err != nil {
		return nil, err
	}
	return newGame(s, cat)
}

func newGame(s rules.Setup, cat Catalogue) (*Game, error) {
	r, o, err := readOptions(s, cat)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ModeID, err)
	}
	if d, ok := cat.(deckCatalogue); ok {
		// The deck and printedBy options, which the deck's catalogue
		// was made from: a mixed table goes back to them (seePrint).
		o.Deck, o.PrintedByTableref = d.Deck, d.Tableref
	}
	n := len(s.Players)
	g := &Game{
		Players: append([]string(nil), s.Players...),
		Rules:   r,
		Opt:     o,
		Phase:   PhaseReference,
		Turn:    1,
		Piles:   o.DeckSize - HandSize*n - 1,
		Hands:   make([]int, n),
		Stats:   make([]Stats, n),
		cat:     cat,
	}
	for i := range g.Hands {
		g.Hands[i] = HandSize
	}
	return g, nil
}

// restore reads a saved game back; the catalogue is not saved with it.
func restore(b []byte, cat Catalogue) (*Game, error) {
	g := &Game{}
	if err := json.Unmarshal(b, g); err != nil {
		return nil, fmt.Errorf("%s: restoring state: %w", ModeID, err)
	}
	if len(g.Players) < 2 || len(g.Hands) != len(g.Players) || len(g.Stats) != len(g.Players) {
		return nil, fmt.Errorf("%s: restoring state: player lists do not match", ModeID)
	}
	if err := g.Print.Check(); err != nil {
		return nil, fmt.Errorf("%s: restoring state: %w", ModeID, err)
	}
	g.cat = cat
	g.seePrint(rules.Table{})
	return g, nil
}

// pname is a player's name for messages.
func (g *Game) pname(p int) string {
	if p >= 1 && p <= len(g.Players) {
		return g.Players[p-1]
	}
	return "P" + strconv.Itoa(p)
}
