package wit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Both engines are games (checked at compile time).
var (
	_ rules.Game = (*continental)(nil)
	_ rules.Game = (*cartographer)(nil)
)

func init() {
	register(modeSpec{id: ModeContinental, name: "Continental Shake Up", aliases: []string{"continental"}, perPlayer: 5,
		newGame:    func(s rules.Setup, d *Deck) (rules.Game, error) { return newContinental(s, d) },
		restore:    restoreContinental,
		scoreTable: judgeContinentalTable,
		layout:     rules.Layout{Kind: rules.LayoutSharedMap}})
	register(modeSpec{id: ModeCartographer, name: "Cartographer's Corner", aliases: []string{"cartographer", "cartographers"}, perPlayer: 12,
		newGame:    func(s rules.Setup, d *Deck) (rules.Game, error) { return newCartographer(s, d) },
		restore:    restoreCartographer,
		scoreTable: scoreCartographerTable,
		layout:     rules.Layout{Kind: rules.LayoutPlayerMaps, Apart: true},
		expect:     expectMaps,
		inputs: []rules.InputUse{{Type: rules.InputSettle, Label: "Settle the tie", Player: true,
			Help: "after a tie the referee cannot break (the closest circle's numbers are on your cards): who won"}}})
}

// expectMaps is the shape of a finished Cartographer's Corner table
// (rules.Mode.Expect): each map holds its starting city and every card its
// player placed, 13 with the rulebook's 12 per player. A map may grow any
// way and keep holes, so only the count can be checked. Continental Shake
// Up has no Expect: its discards leave holes, and the photo gives no
// scores anyway.
func expectMaps(s rules.Setup, t rules.Table) []rules.Expect {
	o, err := parseOptions(s)
	if err != nil {
		return nil
	}
	var out []rules.Expect
	for p := 1; p <= len(s.Players); p++ {
		out = append(out, rules.Expect{Zone: zoneName(p), What: s.PlayerName(p) + "'s map", Cards: 1 + o.perPlayer,
			Why: fmt.Sprintf("every map ends with its starting city and %s", rules.Count(o.perPlayer, "placed card"))})
	}
	return out
}

// modeSpec is what differs between the two modes on the South America
// deck: perPlayer is the rulebook's number of cards each player places,
// scoreTable scores a photo of the finished table, expect is its shape.
type modeSpec struct {
	id, name   string
	aliases    []string
	perPlayer  int
	newGame    func(rules.Setup, *Deck) (rules.Game, error)
	restore    func([]byte) (rules.Game, error)
	scoreTable func(rules.Setup, rules.Table) ([]rules.Score, []rules.Event, error)
	expect     func(rules.Setup, rules.Table) []rules.Expect
	layout     rules.Layout // what the scanner needs (one shared map, or a map per player)
	inputs     []rules.InputUse
}

// register adds one mode on the South America deck, every field set here.
func register(m modeSpec) {
	rules.RegisterMode(&rules.Mode{
		ID:         m.id,
		Name:       "Where is That? South America — " + m.name,
		Game:       "wit",
		Aliases:    append(m.aliases, m.name),
		MinPlayers: 2, // REFERENCE §1.1: the rulebook gives no count; 2–6 by default
		MaxPlayers: 6,
		Decks:      []string{deckSA},
		Options:    modeOptions(m.perPlayer),
		Inputs:     append([]rules.InputUse{}, m.inputs...), // every move is seen on the table: no button but undo (and settling a tie)
		Layout:     rules.FixedLayout(m.layout),
		New: func(s rules.Setup) (rules.Game, error) {
			d, err := setupDeck(s, "")
			if err != nil {
				return nil, err
			}
			return m.newGame(s, d)
		},
		Restore:    m.restore,
		ScoreTable: m.scoreTable,
		Expect:     m.expect,
	})
}
