// Package mapit referees Map It! World Edition: cards laid on a cross
// around a centre card, challenges after each placement, a guess of the
// misplaced cards at the end of each of three rounds, tokens as score.
// The rules and their default readings are in rules/REFERENCE.md §4.
package mapit

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/internal/setupopt"
)

// ModeID is the game mode's registered ID.
const ModeID = "mapit"

// The values of the onWrongChallenge option: what happens to a card a
// challenge finds wrong (REFERENCE.md §4.4).
const (
	WrongRemove = "remove" // the card leaves the cross (other editions' rule)
	WrongSwap   = "swap"   // it changes places with the neighbour it was compared with
	WrongKeep   = "keep"   // it stays; the end-of-round check catches it
)

// The values of the cards option.
const (
	CardsBeginner = "beginner"
	CardsAll      = "all"
)

// Options are the game options, read once from the setup.
type Options struct {
	// Deck is the deck played with, and PrintedByTableref says its cards
	// are tableref's print-and-play cards (the deck and printedBy options
	// of every geography mode).
	Deck              string `json:"deck,omitzero"`
	PrintedByTableref bool   `json:"printedByTableref,omitzero"`
	TieIsCorrect      bool   `json:"tieIsCorrect"`
	OnWrongChallenge  string `json:"onWrongChallenge"`
	Cards             string `json:"cards"`
	TokensTotal       int    `json:"tokensTotal"` // the bank at the start
	StartTokens       int    `json:"startTokens"`
	PileSize          int    `json:"pileSize"`
	Rounds            int    `json:"rounds"`
}

var mode = &rules.Mode{
	ID:         ModeID,
	Name:       "Map It! World Edition",
	Game:       "mapit",
	Aliases:    []string{"map it"},
	MinPlayers: 2,
	MaxPlayers: 6,
	Decks:      []string{"WLD"},
	Options: append(geo.ModeOptions(geo.GameMapIt, geo.DeckWorld),
		rules.Option{Key: "tieIsCorrect", Default: "true", Values: []string{"true", "false"},
			Help: "coordinates level at a hundredth of a degree count as correct"},
		rules.Option{Key: "onWrongChallenge", Default: WrongRemove, Values: []string{WrongRemove, WrongSwap, WrongKeep},
			Help: "a card a challenge finds wrong is removed, swaps with the neighbour it was compared with (not the centre card), or stays"},
		rules.Option{Key: "cards", Default: CardsAll, Values: []string{CardsBeginner, CardsAll},
			Help: "the card set: beginner cards only, or beginner and expert cards"},
		rules.Option{Key: "tokensTotal", Default: "35", Help: "tokens in the bank at the start (US edition: 35)"},
		rules.Option{Key: "startTokens", Default: "4", Help: "tokens each player takes at the start"},
		rules.Option{Key: "pileSize", Default: "15", Help: "cards per round's pile, the centre card included"},
		rules.Option{Key: "rounds", Default: "3", Help: "rounds in a game"}),
	Inputs: []rules.InputUse{
		{Type: rules.InputChallenge, Label: "Challenge", Player: true, Cards: true,
			Help: "a player challenges the card just laid; the neighbour it is compared with may be named"},
		{Type: rules.InputGuess, Label: "Guess", Player: true, Number: true,
			Help: "at the end of a round each player guesses how many cards are misplaced"},
		{Type: rules.InputNext, Label: "Check the cards", Help: "closes the guessing: the cards are turned and checked"},
	},
	New: func(s rules.Setup) (rules.Game, error) {
		cat, t, err := catalogueFor(s)
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
		t, err := geo.SavedInPlay(b, geo.DeckWorld)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ModeID, err)
		}
		return restore(b, deckCatalogue{t})
	},
	ScoreTable: judgeCrossTable,
}

func init() {
	mode.Expect = expectCross
	mode.Layout = rules.FixedLayout(rules.Layout{Kind: rules.LayoutCross})
	rules.RegisterMode(mode)
}

// readOptions checks the setup's option values beyond what Mode.Check
// knows: whole numbers in range.
func readOptions(s rules.Setup) (Options, error) {
	o := Options{OnWrongChallenge: s.Options["onWrongChallenge"], Cards: s.Options["cards"]}
	var err error
	if o.TieIsCorrect, err = s.BoolOption("tieIsCorrect"); err != nil {
		return o, err
	}
	return o, setupopt.Ints(s, setupopt.Int{Key: "tokensTotal", Dst: &o.TokensTotal}, setupopt.Int{Key: "startTokens", Dst: &o.StartTokens},
		setupopt.Int{Key: "pileSize", Dst: &o.PileSize, Min: 2}, setupopt.Int{Key: "rounds", Dst: &o.Rounds, Min: 1})
}

// NewWithCatalogue starts a game that reads coordinates from cat instead
// of the World deck: tests and home-made card sets use it.
func NewWithCatalogue(s rules.Setup, cat Catalogue) (*Game, error) {
	s, err := mode.Check(s)
	if err != nil {
		return nil, err
	}
	return newGame(s, cat)
}

func newGame(s rules.Setup, cat Catalogue) (*Game, error) {
	if cat == nil {
		return nil, fmt.Errorf("%s: no card catalogue (the World deck is not built in)", ModeID)
	}
	o, err := readOptions(s)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ModeID, err)
	}
	if d, ok := cat.(deckCatalogue); ok {
		// The deck and printedBy options, which the deck's catalogue
		// was made from: a mixed table goes back to them (seePrint).
		o.Deck, o.PrintedByTableref = d.Deck, d.Tableref
	}
	g := &Game{
		Players: append([]string(nil), s.Players...),
		Opt:     o,
		Phase:   PhaseCentre,
		Turn:    1,
		Bank:    o.TokensTotal,
		Used:    map[rules.CardID]bool{},
		cat:     cat,
	}
	for range s.Players {
		g.Tokens = append(g.Tokens, o.StartTokens)
		g.Challenges = append(g.Challenges, 0)
		g.Guessing = append(g.Guessing, 0)
	}
	return g, nil
}

// restore reads a saved game back; the catalogue is not saved with it.
func restore(b []byte, cat Catalogue) (*Game, error) {
	g := &Game{}
	if err := json.Unmarshal(b, g); err != nil {
		return nil, fmt.Errorf("%s: restoring state: %w", ModeID, err)
	}
	if len(g.Players) < 2 || len(g.Tokens) != len(g.Players) || len(g.Challenges) != len(g.Players) || len(g.Guessing) != len(g.Players) {
		return nil, fmt.Errorf("%s: restoring state: player lists do not match", ModeID)
	}
	if g.Used == nil {
		g.Used = map[rules.CardID]bool{}
	}
	if err := g.Print.Check(); err != nil {
		return nil, fmt.Errorf("%s: restoring state: %w", ModeID, err)
	}
	g.cat = cat
	g.seePrint(rules.Table{})
	return g, nil
}

// pname is a player's name for messages, "P3" when out of range.
func (g *Game) pname(p int) string {
	if p >= 1 && p <= len(g.Players) {
		return g.Players[p-1]
	}
	return "P" + strconv.Itoa(p)
}
