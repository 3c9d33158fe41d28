package shakecity

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tableref/tableref/rules"
)

// ModeID is the game mode's registered name.
const ModeID = "shakecity"

// Option keys (REFERENCE.md §8: stc.profile.<side>, stc.solo.target).
const (
	optSide         = "side"
	optFamily       = "family"
	optSites        = "constructionSites"
	optSoloTarget   = "solo.target"
	optWild         = "wildCubes"
	optProfileStd   = "profile.standard"
	optProfileSea   = "profile.sea"
	optTiles        = "tiles"
	optSiteTiles    = "sites"
	optFirstManager = "firstManager"
)

func init() {
	rules.RegisterMode(&rules.Mode{
		ID:         ModeID,
		Name:       "Shake That City",
		Game:       "shakecity",
		Aliases:    []string{"stc"},
		MinPlayers: 1,
		MaxPlayers: 4,
		Options: []rules.Option{
			{Key: optSide, Default: SideStandard, Values: []string{SideStandard, SideSea}, Help: "board side everybody plays"},
			{Key: optFamily, Default: "false", Values: []string{"false", "true"}, Help: "family variant: only scoring tiles score"},
			{Key: optSites, Default: "false", Values: []string{"false", "true"}, Help: "construction-site module (always on in solo)"},
			{Key: optSoloTarget, Default: "55", Help: "solo: points needed to win"},
			{Key: optWild, Default: "0", Help: "white wild cubes in the shaker (Wild Nights expansion); 0 = none"},
			{Key: optProfileStd, Default: "", Help: "JSON board profile replacing the standard side's default (file content)"},
			{Key: optProfileSea, Default: "", Help: "JSON board profile replacing the sea side's default (file content)"},
			{Key: optTiles, Default: DefaultLayout.String(), Help: "scoring tiles: 3 north west→east, then 3 west north→south"},
			{Key: optSiteTiles, Default: DefaultSites, Help: "construction sites 1–4 along the diagonal, two colour letters each"},
			{Key: optFirstManager, Default: "1", Help: "player who is construction manager in round 1"},
		},
		Inputs: []rules.InputUse{
			{Type: rules.InputNext, Label: "End the round", Help: "the round is over (the cubes go back in the shaker): its placements are scored"},
			{Type: rules.InputChoose, Label: "Take colour", Player: true, Choices: tileColourNames(),
				Help: "a player says which colour they take this round"},
		},
		New:        func(s rules.Setup) (rules.Game, error) { return New(s) },
		Restore:    func(state []byte) (rules.Game, error) { return Restore(state) },
		ScoreTable: scoreCityTable,
		Expect:     expectBoards,
		Layout:     cityLayout,
	})
}

// cityLayout is what the scanner reads of a Shake That City table: colour
// zones only, and the construction-site squares when the module is in play
// (always in solo): the board profile's, else the diagonal's first four.
func cityLayout(s rules.Setup) (rules.Layout, error) {
	l := rules.Layout{Kind: rules.LayoutColours}
	on := len(s.Players) == 1
	if b, err := strconv.ParseBool(s.Options[optSites]); err == nil && b {
		on = true
	}
	if !on {
		return l, nil
	}
	side := cmp.Or(s.Options[optSide], SideStandard)
	var p struct {
		Cells [][2]int `json:"constructionCells"`
	}
	if text := strings.TrimSpace(s.Options["profile."+side]); text != "" && json.Unmarshal([]byte(text), &p) == nil && len(p.Cells) > 0 {
		for _, c := range p.Cells {
			l.Sites = append(l.Sites, rules.Pos{Row: c[0], Col: c[1]})
		}
		return l, nil
	}
	l.Sites = []rules.Pos{{Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 3, Col: 3}, {Row: 4, Col: 4}}
	return l, nil
}

// expectBoards is the shape of a finished table (rules.Mode.Expect): every
// player's city board with each of its 36 squares read, a tile or seen
// empty. An empty square is a fine end (fewer empty squares only break
// ties); a square the camera could not read is not, since the tile on it
// may score.
func expectBoards(s rules.Setup, t rules.Table) []rules.Expect {
	var out []rules.Expect
	for p := 1; p <= len(s.Players); p++ {
		out = append(out, rules.Expect{Zone: BoardZone(p), What: s.PlayerName(p) + "'s city board",
			Read: rules.GridCells(rules.Pos{}, rules.Pos{Row: Size - 1, Col: Size - 1})})
	}
	return out
}

// config is the setup read into typed values; it is rebuilt from the
// Setup on restore, so it is not part of the saved state.
type config struct {
	profile    *Profile
	family     bool
	sites      bool
	solo       bool
	soloTarget int
	wild       int
}

func readConfig(s rules.Setup) (config, Layout, []Site, int, error) {
	var c config
	var err error
	side := s.Options[optSide]
	custom := s.Options[optProfileStd]
	if side == SideSea {
		custom = s.Options[optProfileSea]
	}
	if custom != "" {
		c.profile, err = ParseProfile([]byte(custom), side)
	} else {
		c.profile, err = DefaultProfile(side)
	}
	if err != nil {
		return c, Layout{}, nil, 0, err
	}
	if c.family, err = s.BoolOption(optFamily); err != nil {
		return c, Layout{}, nil, 0, err
	}
	if c.sites, err = s.BoolOption(optSites); err != nil {
		return c, Layout{}, nil, 0, err
	}
	c.solo = len(s.Players) == 1
	if c.solo {
		c.sites = true // solo is set up as the construction-site module (§6.12)
		if c.family {
			return c, Layout{}, nil, 0, fmt.Errorf("%s: the family variant is not played solo (the 55-point target assumes full scoring)", ModeID)
		}
	}
	if c.soloTarget, err = s.IntOption(optSoloTarget); err != nil {
		return c, Layout{}, nil, 0, err
	}
	if c.wild, err = s.IntOption(optWild); err != nil || c.wild < 0 || c.wild > 9 {
		return c, Layout{}, nil, 0, fmt.Errorf("option %s=%q: want 0 to 9 white cubes", optWild, s.Options[optWild])
	}
	layout, err := ParseLayout(s.Options[optTiles])
	if err != nil {
		return c, Layout{}, nil, 0, err
	}
	sites, err := ParseSites(s.Options[optSiteTiles])
	if err != nil {
		return c, Layout{}, nil, 0, err
	}
	first, err := strconv.Atoi(s.Options[optFirstManager])
	if err != nil || first < 1 || first > len(s.Players) {
		return c, Layout{}, nil, 0, fmt.Errorf("option %s=%q: want a player number 1 to %d", optFirstManager, s.Options[optFirstManager], len(s.Players))
	}
	return c, layout, sites, first, nil
}

// New starts a game from a checked setup.
func New(s rules.Setup) (*Game, error) {
	cfg, layout, sites, first, err := readConfig(s)
	if err != nil {
		return nil, err
	}
	g := &Game{Setup: s, Layout: layout, Round: 1, Manager: first, Phase: phaseShake, ShakerCleared: true, cfg: cfg}
	if cfg.sites {
		g.Sites = sites
	}
	for range s.Players {
		g.Players = append(g.Players, &player{})
	}
	return g, nil
}

// Restore reads a saved game state back.
func Restore(state []byte) (*Game, error) {
	var g Game
	if err := json.Unmarshal(state, &g); err != nil {
		return nil, fmt.Errorf("%s state: %w", ModeID, err)
	}
	m, _ := rules.LookupMode(ModeID)
	s, err := m.Check(g.Setup)
	if err != nil {
		return nil, fmt.Errorf("%s state: %w", ModeID, err)
	}
	if g.cfg, _, _, _, err = readConfig(s); err != nil {
		return nil, fmt.Errorf("%s state: %w", ModeID, err)
	}
	if len(g.Players) != len(s.Players) {
		return nil, fmt.Errorf("%s state: %d boards for %d players", ModeID, len(g.Players), len(s.Players))
	}
	return &g, nil
}
