package journal

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// Match is a game being refereed from journal entries, with undo.
//
// Undo means: take back the referee's last verdict. The entry (snapshot or
// input) whose events hold the most recent verdict or points that is not
// already undone is dropped, with every entry after it, and the game is
// rebuilt by replaying the entries that remain. The undo input itself
// stays in the journal, so resuming after a crash and `tableref replay`
// of the journal undo the same step. Several undos in a row take back
// several steps. The players then put the table back as it was before
// that move: the next snapshot is judged against the rebuilt game.
//
// Undo reaches back UndoReach entries at least: once more than twice that
// many are kept, the oldest are folded into a saved state of the game (the
// mode's Restore reads it back) and what was said about them is kept in
// short (see compact). So a Match's memory, an undo's work and a resume's
// replay do not grow with the game's length. Folding happens at the same
// entries whether a game is played live, resumed or replayed, so all three
// undo alike.
type Match struct {
	setup   rules.Setup
	restore func([]byte) (rules.Game, error) // nil: the mode cannot fold
	game    rules.Game
	kept    []kept
	start   []rules.Event
	hist    []replay.Stamped

	base     []byte           // the game's state after the folded entries; nil: the start
	baseHist []replay.Stamped // what was said up to base, in short
	baseAt   Entry            // the last folded entry
	lead     int              // undo notes in hist between baseHist and the kept entries' events
	mid      []byte           // the game's state after kept[undoReach]: the next fold's, saved on the way

	// OnFold, when set, is called with a checkpoint after each fold.
	OnFold func(*Checkpoint)
}

// UndoReach is how many journal entries undo reaches back at least.
var undoReach = 1024

type kept struct {
	e     Entry
	step  bool // its events hold a verdict or points: what undo takes back
	n     int  // how many events it added to hist
	after int  // how many undo notes follow them in hist
}

// NewMatch starts a game for s (checked against its mode).
func NewMatch(s rules.Setup) (*Match, []rules.Event, error) {
	m := &Match{setup: s}
	if mode, ok := rules.LookupMode(s.Mode); ok {
		m.restore = mode.Restore
	}
	if err := m.rebuild(); err != nil {
		return nil, nil, err
	}
	return m, m.start, nil
}

// rebuild starts the game afresh (from the folded state, if any) and
// replays the kept entries silently.
func (m *Match) rebuild() error {
	g, start, err := m.fresh()
	if err != nil {
		return err
	}
	m.game = g
	m.hist = m.hist[:0]
	if m.base == nil {
		m.start = start
		for _, e := range m.start {
			m.hist = append(m.hist, replay.Stamped{Event: e})
		}
	} else {
		m.hist = append(m.hist, m.baseHist...)
	}
	m.lead, m.mid = 0, nil
	for i := range m.kept {
		evs := m.feed(m.kept[i].e)
		m.kept[i].n, m.kept[i].after = len(evs), 0
		m.saveMid(i)
	}
	return nil
}

// fresh is the game as it stood before the kept entries: the folded
// state, or a new game and its start events.
func (m *Match) fresh() (rules.Game, []rules.Event, error) {
	if m.base != nil {
		g, err := m.restore(m.base)
		if err != nil {
			return nil, nil, fmt.Errorf("restoring the saved state of %s: %w", m.setup.Mode, err)
		}
		return g, nil, nil
	}
	g, err := rules.NewGame(m.setup)
	if err != nil {
		return nil, nil, err
	}
	return g, g.Start(), nil
}

func play(g rules.Game, e Entry) []rules.Event {
	switch e.Kind {
	case replay.KindSnapshot:
		return g.Observe(e.Table)
	case replay.KindInput:
		return g.Input(e.Input)
	}
	return nil
}

func (m *Match) feed(e Entry) []rules.Event {
	evs := play(m.game, e)
	for _, ev := range evs {
		m.hist = append(m.hist, replay.Stamped{Line: e.Line, T: e.T, Event: ev})
	}
	return evs
}

// Apply refers one entry to the game and returns what the referee says.
// An undo input is handled here (see Match), never by the engine.
func (m *Match) Apply(e Entry) []rules.Event {
	if e.Kind == replay.KindInput && e.Input.Type == rules.InputUndo {
		return m.undo(e)
	}
	evs := m.feed(e)
	m.kept = append(m.kept, kept{e: e, step: isStep(evs), n: len(evs)})
	m.saveMid(len(m.kept) - 1)
	if m.restore != nil && len(m.kept) > 2*undoReach {
		m.fold()
	}
	return evs
}

func isStep(evs []rules.Event) bool {
	for _, ev := range evs {
		if ev.Kind == rules.EventVerdict || ev.Kind == rules.EventPoints {
			return true
		}
	}
	return false
}

func (m *Match) undo(e Entry) []rules.Event {
	last := -1
	for i := len(m.kept) - 1; i >= 0; i-- {
		if m.kept[i].step {
			last = i
			break
		}
	}
	if last < 0 {
		ev := rules.Event{Kind: rules.EventInfo, Short: rules.Say("Nothing to undo", ""),
			Long: "Undo: there is no verdict to take back yet."}
		m.note(replay.Stamped{Line: e.Line, T: e.T, Event: ev})
		return []rules.Event{ev}
	}
	what := m.describeStep(last)
	m.kept = m.kept[:last]
	if err := m.rebuild(); err != nil {
		// The setup was accepted when the match started, so this cannot
		// happen; say it rather than panic.
		ev := rules.Event{Kind: rules.EventWarning, Short: rules.Say("Undo failed", ""), Long: "Undo failed: " + err.Error()}
		return []rules.Event{ev}
	}
	ev := rules.Event{Kind: rules.EventInfo, Short: rules.Say("Undone", "Put it back"),
		Long: fmt.Sprintf("Undone: the referee took back its verdict (%s). Put the table back as it was before that move.", what)}
	m.note(replay.Stamped{Line: e.Line, T: e.T, Event: ev})
	return []rules.Event{ev}
}

// note adds what an undo said to hist, after the kept entries' events.
func (m *Match) note(s replay.Stamped) {
	m.hist = append(m.hist, s)
	if len(m.kept) > 0 {
		m.kept[len(m.kept)-1].after++
	} else {
		m.lead++
	}
}

// describeStep names the step kept[i] by the verdict it gave, as the
// display said it ("Quito: RIGHT, Ana +1"): the players remember the
// verdict, not the journal's clock ("the table seen at 51.4s").
func (m *Match) describeStep(i int) string {
	end := len(m.hist)
	for j := len(m.kept) - 1; j > i; j-- {
		end -= m.kept[j].n + m.kept[j].after
	}
	end -= m.kept[i].after
	start := end - m.kept[i].n
	if start < 0 || end > len(m.hist) {
		return "the last move"
	}
	for _, s := range m.hist[start:end] {
		if s.Kind != rules.EventVerdict && s.Kind != rules.EventPoints {
			continue
		}
		var said []string
		for _, l := range s.Short {
			if l = strings.TrimSpace(l); l != "" {
				said = append(said, l)
			}
		}
		if len(said) > 0 {
			return strings.Join(said, ", ")
		}
	}
	return "the last move"
}

// Game is the engine in its current state.
func (m *Match) Game() rules.Game { return m.game }

// Setup is the game's setup.
func (m *Match) Setup() rules.Setup { return m.setup }

// History is every event of the game as it stands (undone steps left
// out), stamped with the journal line and time that caused it; the start
// events have line 0. The slice is the Match's own: copy what you keep.
func (m *Match) History() []replay.Stamped { return m.hist }

// Run referees a journal read from r (or a replay: the same format) the
// way the daemon does, undo included, calling emit for every event. A torn
// last line is allowed; r.TornTail reports it afterwards.
func Run(r *replay.Reader, emit func(replay.Stamped)) (rules.Game, error) {
	r.AllowTornTail = true
	var m *Match
	for {
		line, err := r.Next()
		if errors.Is(err, io.EOF) {
			if m == nil {
				return nil, nil
			}
			return m.Game(), nil
		}
		if err != nil {
			if m == nil {
				return nil, err
			}
			return m.Game(), err
		}
		var evs []rules.Event
		switch line.Kind {
		case replay.KindHeader:
			m, evs, err = NewMatch(line.Setup)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line.Num, err)
			}
		default:
			evs = m.Apply(Entry{Line: line.Num, T: line.T, Kind: line.Kind, Table: line.Table, Input: line.Input})
		}
		for _, e := range evs {
			emit(replay.Stamped{Line: line.Num, T: line.T, Event: e})
		}
	}
}
