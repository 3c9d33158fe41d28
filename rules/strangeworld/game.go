package strangeworld

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Mode IDs.
const (
	ModeMulti = "strangeworld"
	ModeSolo  = "strangeworld-solo"
)

// Turns is the number of turns; each player plays CardsPerTurn per turn.
const (
	Turns        = 5
	CardsPerTurn = 3
)

func init() {
	rules.RegisterDeck(std.Deck())
	for _, m := range []*rules.Mode{
		{ID: ModeMulti, Name: "Strange World above the clouds", Aliases: []string{"strange world"}, MinPlayers: 2, MaxPlayers: 4},
		{ID: ModeSolo, Name: "Strange World above the clouds — solo", Aliases: []string{"strange world solo"}, MinPlayers: 1, MaxPlayers: 1},
	} {
		m.Game = "strangeworld"
		m.Decks = []string{DeckCode}
		m.ScoreTable = scoreWorldsTable
		m.Options = modeOptions
		m.New = func(s rules.Setup) (rules.Game, error) { return New(s) }
		m.Restore = func(b []byte) (rules.Game, error) { return Restore(b) }
		m.Expect = expectWorlds
		m.Layout = rules.FixedLayout(rules.Layout{Kind: rules.LayoutPlayerMaps,
			OffGrid: []string{"dark city", "traveller"}, OwnZone: map[string]string{"sun": "sun"}, Supply: []string{"fumarole"},
			// Solo lays its seven stacks' face-up cards beside the world:
			// a card apart from it is a stack's top card, not refused.
			Apart: m.ID == ModeMulti, Players: map[bool]int{true: 1}[m.ID == ModeSolo]})
		m.Inputs = []rules.InputUse{
			{Type: rules.InputChoose, Label: "Sun", Player: true, Choices: []string{dirLeft, dirRight},
				Help: "the Sun holder turns the Sun's arrow left or right for this turn (when the camera does not watch the Sun)"},
			{Type: rules.InputPass, Label: "No Traveller", Player: true, Help: "the player welcomes no Traveller through the portal just played"},
		}
		rules.RegisterMode(m)
	}
}

// Game phases.
const (
	phaseStart = "start" // waiting for every starting card
	phasePlay  = "play"
	phaseOver  = "over"
)

// Sun directions: "left" passes cards and turns clockwise (to the next
// seat), "right" anticlockwise.
const (
	dirLeft  = "left"
	dirRight = "right"
)

// Pending is an action the referee asked for and waits to see done.
type Pending struct {
	Player int         `json:"player"`
	Action string      `json:"action"`          // flip, remove, cover, city
	Cells  []rules.Pos `json:"cells,omitempty"` // flip: to flip; cover: may be covered; city: Fumaroles to pair with At
	Ref    string      `json:"ref,omitempty"`   // remove: the card token to take away
	At     rules.Pos   `json:"at"`              // remove: its cell; city: the new Fumarole
	Reason string      `json:"reason,omitempty"`
}

// Offer is an open chance to welcome a Traveller after a portal.
type Offer struct {
	Player int  `json:"player"`
	Row    int  `json:"row"`   // the portal's row
	Final  bool `json:"final"` // after the last card: the game waits for it
}

// Game is one game of Strange World. Every field is state and saved.
type Game struct {
	Mode    string        `json:"mode"`
	Players []string      `json:"players"`
	Opts    Options       `json:"options"`
	Worlds  []*World      `json:"worlds"`
	Phase   string        `json:"phase"`
	Turn    int           `json:"turn"`
	Holder  int           `json:"holder"` // Sun holder (1-based)
	Dir     string        `json:"dir"`
	Locked  bool          `json:"locked"` // the direction is fixed for this turn
	Order   []int         `json:"order"`  // play order of this turn, once locked
	Step    int           `json:"step"`   // cards played this turn
	Told    bool          `json:"told"`   // the current player has been told to play
	Pending []Pending     `json:"pending,omitempty"`
	Offer   *Offer        `json:"offer,omitempty"`
	Solo    *SoloState    `json:"solo,omitempty"`
	Warned  []string      `json:"warned,omitempty"` // warnings already said, not repeated while they last
	Final   []rules.Score `json:"final,omitempty"`
}

// SoloState is what the solo mode reads from the "offer" zone.
type SoloState struct {
	Revealed []int `json:"revealed,omitempty"` // the Travellers revealed at setup
	Tops     []int `json:"tops,omitempty"`     // the face-up top cards of the stacks, last seen
	Stacks   int   `json:"stacks"`             // stacks taken
}

// New starts a game from a checked setup.
func New(s rules.Setup) (*Game, error) {
	o, err := parseOptions(s)
	if err != nil {
		return nil, err
	}
	g := &Game{Mode: s.Mode, Players: append([]string(nil), s.Players...), Opts: o,
		Phase: phaseStart, Turn: 1, Holder: 1, Dir: dirLeft}
	for range s.Players {
		g.Worlds = append(g.Worlds, &World{})
	}
	if s.Mode == ModeSolo {
		g.Solo = &SoloState{}
	}
	return g, nil
}

// Restore reads a saved game.
func Restore(b []byte) (*Game, error) {
	var g Game
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("strangeworld: restoring state: %w", err)
	}
	if len(g.Players) == 0 || len(g.Worlds) != len(g.Players) {
		return nil, fmt.Errorf("strangeworld: restoring state: %d players, %d worlds", len(g.Players), len(g.Worlds))
	}
	for i, w := range g.Worlds {
		if w == nil {
			return nil, fmt.Errorf("strangeworld: restoring state: world %d missing", i+1)
		}
	}
	return &g, nil
}

func (g *Game) n() int { return len(g.Players) }

func (g *Game) name(p int) string {
	if p >= 1 && p <= g.n() {
		return g.Players[p-1]
	}
	return fmt.Sprintf("P%d", p)
}

func (g *Game) short(p int) string { return rules.ShortName(g.name(p), 8) }

func zoneName(p int) string { return fmt.Sprintf("p%d", p) }

// Start tells the players how to lay out the game.
func (g *Game) Start() []rules.Event {
	var long string
	if g.Solo != nil {
		long = fmt.Sprintf("Strange World solo for %s: place a starting card face up in zone p1; "+
			"lay the 7 stacks of 3 (1+ cards) and the 3 revealed Travellers in zone offer.", g.name(1))
	} else {
		long = fmt.Sprintf("Strange World for %s: deal one starting card to each player, face up in their zone; "+
			"%s holds the Sun (send choose with another player to change that).", strings.Join(g.Players, ", "), g.name(g.Holder))
	}
	return []rules.Event{{Kind: rules.EventSetup, Short: rules.Say("Strange World", "Place start card"), Long: long}}
}

// Finished reports whether every world is scored.
func (g *Game) Finished() bool { return g.Phase == phaseOver }

// Scores returns each world's stars with the breakdown.
func (g *Game) Scores() []rules.Score {
	if g.Final != nil {
		return append([]rules.Score(nil), g.Final...)
	}
	return g.scores()
}

func (g *Game) scores() []rules.Score {
	out := make([]rules.Score, g.n())
	for i, w := range g.Worlds {
		parts := w.Score(g.Opts)
		out[i] = rules.Score{Player: i + 1, Name: g.name(i + 1), Total: Total(parts), Parts: parts}
	}
	return out
}

// Winners returns the best totals; ties are shared (tieRule "shared").
func (g *Game) Winners() []int {
	if !g.Finished() {
		return nil
	}
	return rules.Winners(g.Scores())
}

// current is the player whose card the referee expects next.
func (g *Game) current() int {
	if g.Step == 0 || len(g.Order) == 0 {
		return g.Holder
	}
	return g.Order[g.Step%g.n()]
}

// playOrder lists the players from the Sun holder in the Sun's direction.
func (g *Game) playOrder() []int {
	out := make([]int, g.n())
	for i := range out {
		k := i
		if g.Dir == dirRight {
			k = -i
		}
		out[i] = ((g.Holder-1+k)%g.n()+g.n())%g.n() + 1
	}
	return out
}

func (g *Game) orderNames() string {
	var names []string
	for _, p := range g.playOrder() {
		names = append(names, g.name(p))
	}
	return strings.Join(names, ", ")
}

// maxMark is the highest player-count mark of this game's Land deck.
func (g *Game) maxMark() int {
	return min(g.n(), 4)
}

// MarshalJSON is the plain struct form (named so the interface is clear).
func (g *Game) MarshalJSON() ([]byte, error) {
	type plain Game
	return json.Marshal((*plain)(g))
}
