package history

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// The status of a game in the history.
const (
	Finished  = "finished"  // the engine said the game is over
	Abandoned = "abandoned" // stopped before the end, with verdicts standing
	Undone    = "undone"    // every verdict was taken back: undone to the start
)

// Game is one game as the history keeps it.
type Game struct {
	// ID is the first 12 hex digits of the SHA-256 of the journal's
	// content, up to the line that ended the game for a finished one: the
	// same journal gives the same game whatever its name, and a finished
	// game keeps its id while the camera goes on journaling the table.
	ID       string      `json:"id"`
	Journal  string      `json:"journal"`
	Ended    time.Time   `json:"ended"`   // when the journal was last written
	Seconds  float64     `json:"seconds"` // the game's length (its last entry's time)
	Mode     string      `json:"mode"`
	Status   string      `json:"status"`
	Verdicts int         `json:"verdicts"`
	Players  []Player    `json:"players"` // in seat order
	Events   []Stamped   `json:"events,omitempty"`
	Options  rules.Setup `json:"-"`

	size    int                           // the journal's bytes the game was read from
	idOf    func(size int) (string, bool) // the ID of the journal's first size bytes, to find the same game recorded shorter
	entries int                           // snapshots and inputs after the header
}

// Player is one seat's result.
type Player struct {
	Seat   int               `json:"seat"` // 1-based
	Name   string            `json:"name"`
	Total  int               `json:"total"`
	Winner bool              `json:"winner,omitempty"`
	Parts  []rules.ScorePart `json:"parts,omitempty"`
}

// Stamped is one event the referee said, with its journal time.
type Stamped struct {
	T       float64         `json:"t"`
	Kind    rules.EventKind `json:"kind"`
	Player  int             `json:"player,omitempty"`
	Verdict rules.Verdict   `json:"verdict,omitempty"`
	Points  int             `json:"points,omitempty"`
	Long    string          `json:"long"`
}

// Started is when the game began (Ended less its length).
func (g *Game) Started() time.Time {
	return g.Ended.Add(-time.Duration(g.Seconds * float64(time.Second)))
}

// Winners are the winners' names.
func (g *Game) Winners() []string {
	var w []string
	for _, p := range g.Players {
		if p.Winner {
			w = append(w, p.Name)
		}
	}
	return w
}

// ID returns the id of a journal's content.
func ID(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:6])
}

// FromJournal referees a journal's content the way the daemon does (undo
// included) and returns the game it records; name says where it came
// from, ended when it was last written. A journal with no header is an
// error; a torn last line is dropped as on resume.
func FromJournal(data []byte, name string, ended time.Time) (*Game, error) {
	var p play
	l, err := journal.Each(data, name, p.apply)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	p.l = l
	return p.game(name, ended, int(l.Size), func(line int) int { return lineEnd(data[:l.Size], line) },
		func(size int) (string, bool) { return ID(data[:min(size, len(data))]), size <= len(data) })
}

// play is a journal refereed as it is read: by FromJournal at once, by a
// follower a few lines at a time.
type play struct {
	l     *journal.Loaded
	m     *journal.Match
	merr  error
	undos int
}

func (p *play) apply(s rules.Setup, e journal.Entry) {
	if p.m == nil && p.merr == nil {
		p.m, _, p.merr = journal.NewMatch(s)
	}
	if p.merr != nil {
		return
	}
	if e.Kind == replay.KindInput && e.Input.Type == rules.InputUndo {
		p.undos++
	}
	p.m.Apply(e)
}

// game is the game read so far: size bytes of the journal's complete
// lines, endAt(line) where the line that ended the game ends, and idOf
// the ID of the journal's first bytes (false when not known), to find
// the same game recorded shorter.
func (p *play) game(name string, ended time.Time, size int, endAt func(line int) int, idOf func(size int) (string, bool)) (*Game, error) {
	l := p.l
	if l.Setup.Mode == "" {
		return nil, fmt.Errorf("history: %s: no game in it (no header line)", name)
	}
	if err := journal.CheckDecks(name, l.Decks); err != nil {
		return nil, fmt.Errorf("history: not recorded, never rescored with other cards: %w", err)
	}
	if p.m == nil && p.merr == nil {
		p.m, _, p.merr = journal.NewMatch(l.Setup)
	}
	if p.merr != nil {
		return nil, fmt.Errorf("history: %s: %w", name, p.merr)
	}
	m := p.m
	g := &Game{entries: l.Count, Journal: name, Ended: ended.UTC().Truncate(time.Millisecond), Seconds: l.LastT(), Mode: l.Setup.Mode, Options: l.Setup, idOf: idOf}
	steps := 0
	for _, s := range m.History() {
		if s.Kind == rules.EventVerdict {
			g.Verdicts++
		}
		if s.Kind == rules.EventVerdict || s.Kind == rules.EventPoints {
			steps++
		}
		g.Events = append(g.Events, Stamped{T: s.T, Kind: s.Kind, Player: s.Player, Verdict: s.Verdict, Points: s.Points, Long: s.Long})
	}
	game := m.Game()
	g.size = size
	if game.Finished() {
		for _, s := range m.History() {
			if s.Kind == rules.EventEnd && s.Line > 0 {
				g.size = endAt(s.Line)
			}
		}
	}
	var ok bool
	if g.ID, ok = idOf(g.size); !ok {
		return nil, fmt.Errorf("history: %s: the game's id is not known (the line that ended it was not seen)", name)
	}
	switch {
	case game.Finished():
		g.Status = Finished
	case steps == 0 && p.undos > 0:
		g.Status = Undone
	default:
		g.Status = Abandoned
	}
	winners := map[int]bool{}
	for _, w := range game.Winners() {
		winners[w] = true
	}
	for i, s := range game.Scores() {
		seat := s.Player
		if seat == 0 {
			seat = i + 1
		}
		g.Players = append(g.Players, Player{Seat: seat, Name: s.Name, Total: s.Total, Winner: game.Finished() && winners[seat], Parts: s.Parts})
	}
	return g, nil
}

// lineEnd is the offset just after line n (1-based) of data.
func lineEnd(data []byte, n int) int {
	off := 0
	for i := 0; i < n; i++ {
		j := bytes.IndexByte(data[off:], '\n')
		if j < 0 {
			return len(data)
		}
		off += j + 1
	}
	return off
}
