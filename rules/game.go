package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Game is one game engine in play. It is fed stable table snapshots and
// player inputs in order and answers with events. It never reads a clock or
// a file: the same setup, snapshots and inputs give the same events.
//
// A Game's whole state serialises with encoding/json (MarshalJSON) and a
// Mode's Restore reads it back, so a daemon can save it and resume.
type Game interface {
	// Start returns the events that open the game (what to lay out, whose
	// turn it is). It is called once, before anything else.
	Start() []Event
	// Observe takes the next stable snapshot of the table. The engine
	// infers what was done from the difference to the last one it accepted.
	Observe(t Table) []Event
	// Input takes what a player told the referee.
	Input(in Input) []Event
	// Scores returns the current scores with their breakdown, one per
	// player in seat order. After the end they are final.
	Scores() []Score
	// Finished reports whether the game is over.
	Finished() bool
	// Winners returns the winning players (1-based; several = shared win)
	// once the game is finished, nil before, and nil while the result is
	// undecided (rules.UndecidedIn(Scores()) says who ties and how to
	// settle it).
	Winners() []int
}

// Setup is how a game is started: the mode, the players in seat order
// (clockwise from the first player) and the options.
type Setup struct {
	Mode    string            `json:"mode"`
	Players []string          `json:"players"`
	Options map[string]string `json:"options,omitzero"`
}

// Option documents one game option: its key (as in REFERENCE.md, e.g.
// "pushScope"), its default and the values it takes.
type Option struct {
	Key     string
	Default string
	Values  []string // the allowed values; empty = any value Parse accepts
	Help    string
}

// Mode is a registered game mode. Every field is set in the literal that
// registers it (never patched in later from another file's init), so what
// a mode can do does not depend on the order files are initialised in.
type Mode struct {
	ID   string // "wit-continental"
	Name string // "Where is That? South America — Continental Shake Up"
	// Game is the family ("wit", "mapit", "strangeworld"): FindMode takes
	// it for the mode, or lists the family's modes when it has several.
	Game string
	// Aliases are other names people type for the mode ("continental").
	Aliases    []string
	MinPlayers int
	MaxPlayers int
	Decks      []string // deck codes whose card names resolve in replays
	Options    []Option
	// Inputs are the player inputs the mode takes besides undo, with the
	// fields each reads: the status page shows these controls and no
	// others. Set (an empty list, not nil) for every mode: a game that
	// needs no button says so by an empty list.
	Inputs []InputUse
	// New starts a game. Setup has been checked against MinPlayers,
	// MaxPlayers and Options (unknown keys, listed values) and its Options
	// hold every key with defaults filled in.
	New func(s Setup) (Game, error)
	// Restore reads back a game's saved JSON state.
	Restore func(state []byte) (Game, error)
	// ScoreTable scores a finished table seen in one photo (`tableref
	// scan`): a pure function from the setup (checked, defaults filled
	// in) and the snapshot to each player's final score and breakdown, in
	// seat order. Its events explain the scores for an annotated picture:
	// an EventVerdict per judged pair of cards (Card = one card, Action =
	// "pair " + the other card's ID, Verdict right or wrong, Long why),
	// and an EventPoints per scored cell of a colour zone (Player, Points,
	// Action = "cell <zone> <row>,<col>"); EventInfo and EventWarning say
	// anything else; an EventEnd, when the winners are not simply
	// Winners(scores) (Shake That City's construction sites and solo
	// target), names them. A mode whose points are earned during play
	// (Continental Shake Up, Map It!'s tokens, Nord Sud Ovest Est's cards
	// in hand) returns no scores: its events judge what the photo shows
	// (every pair) and an EventInfo says why there are no scores. nil
	// means nothing can be judged from a photo.
	ScoreTable func(s Setup, t Table) ([]Score, []Event, error)
	// Expect gives the shape a finished table of this mode must have, for
	// the zones the photo t shows or should show (a 4×4 world per player,
	// 13 cards per Cartographer's map, 36 squares per city board, arms
	// without holes). `tableref scan` reports what a photo missed of it
	// (FindGaps) and gives no score from a partial read. nil: the mode's
	// finished table has no fixed shape (a shared map with holes left by
	// discards, a board of cards laid anywhere).
	Expect func(s Setup, t Table) []Expect
	// Layout says what the scanner needs to read this mode's table for a
	// setup (zones, grid or free layout, board size, sites): the scanner
	// never names a mode. nil: every card in one zone "map".
	Layout func(s Setup) (Layout, error)
}

var modes = struct {
	sync.RWMutex
	m map[string]*Mode
}{m: map[string]*Mode{}}

// RegisterMode makes a game mode available by ID. Engines call it from
// init; a duplicate is a programming error and panics.
func RegisterMode(m *Mode) {
	modes.Lock()
	defer modes.Unlock()
	if m.ID == "" || m.New == nil {
		panic("rules: mode without ID or constructor")
	}
	if _, dup := modes.m[m.ID]; dup {
		panic("rules: mode registered twice: " + m.ID)
	}
	modes.m[m.ID] = m
}

// LookupMode returns a registered mode by its exact ID; FindMode resolves
// what people type.
func LookupMode(id string) (*Mode, bool) {
	modes.RLock()
	defer modes.RUnlock()
	m, ok := modes.m[id]
	return m, ok
}

// Modes returns every registered mode sorted by ID.
func Modes() []*Mode {
	modes.RLock()
	defer modes.RUnlock()
	out := make([]*Mode, 0, len(modes.m))
	for _, m := range modes.m {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// NewGame checks a setup against its mode and starts the game.
func NewGame(s Setup) (Game, error) {
	m, ok := LookupMode(s.Mode)
	if !ok {
		ids := []string{}
		for _, m := range Modes() {
			ids = append(ids, m.ID)
		}
		return nil, fmt.Errorf("unknown game mode %q (known: %s)", s.Mode, strings.Join(ids, ", "))
	}
	s, err := m.Check(s)
	if err != nil {
		return nil, err
	}
	return m.New(s)
}

// Check validates a setup for this mode and returns it with every option
// set (defaults filled in) and a copy of the maps, so callers keep theirs.
func (m *Mode) Check(s Setup) (Setup, error) {
	if n := len(s.Players); n < m.MinPlayers || n > m.MaxPlayers {
		return s, fmt.Errorf("%s: %d players, this mode takes %d to %d", m.ID, n, m.MinPlayers, m.MaxPlayers)
	}
	for i, p := range s.Players {
		if strings.TrimSpace(p) == "" {
			return s, fmt.Errorf("%s: player %d has no name", m.ID, i+1)
		}
	}
	opts := make(map[string]string, len(m.Options))
	for _, o := range m.Options {
		opts[o.Key] = o.Default
	}
	for k, v := range s.Options {
		o, ok := m.option(k)
		if !ok {
			keys := make([]string, len(m.Options))
			for i, o := range m.Options {
				keys[i] = o.Key
			}
			return s, fmt.Errorf("%s: unknown option %q (options: %s)", m.ID, k, strings.Join(keys, ", "))
		}
		if len(o.Values) > 0 && !contains(o.Values, v) {
			return s, fmt.Errorf("%s: option %s=%q, want one of %s", m.ID, k, v, strings.Join(o.Values, ", "))
		}
		opts[k] = v
	}
	s.Players = append([]string(nil), s.Players...)
	s.Options = opts
	return s, nil
}

// DecksFor lists the decks whose card names resolve in a game of this
// mode set up as s: the deck its "deck" option names (the geography
// games play tableref's deck or one installed from the user's box), else
// the mode's Decks.
func (m *Mode) DecksFor(s Setup) []string {
	if _, ok := m.option("deck"); ok {
		if d := strings.ToUpper(strings.TrimSpace(s.Options["deck"])); d != "" {
			return []string{d}
		}
	}
	return m.Decks
}

func (m *Mode) option(key string) (Option, bool) {
	for _, o := range m.Options {
		if o.Key == key {
			return o, true
		}
	}
	return Option{}, false
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// BoolOption reads a checked option as a boolean.
func (s Setup) BoolOption(key string) (bool, error) {
	v, err := strconv.ParseBool(s.Options[key])
	if err != nil {
		return false, fmt.Errorf("option %s=%q: want true or false", key, s.Options[key])
	}
	return v, nil
}

// IntOption reads a checked option as a whole number.
func (s Setup) IntOption(key string) (int, error) {
	v, err := strconv.Atoi(s.Options[key])
	if err != nil {
		return 0, fmt.Errorf("option %s=%q: want a whole number", key, s.Options[key])
	}
	return v, nil
}

// PlayerName returns the name of player p (1-based), or "P<p>".
func (s Setup) PlayerName(p int) string {
	if p >= 1 && p <= len(s.Players) {
		return s.Players[p-1]
	}
	return "P" + strconv.Itoa(p)
}
