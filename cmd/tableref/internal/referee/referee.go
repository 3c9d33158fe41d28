package referee

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/archive"
	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// Referee is the game with its journal: everything that reaches the engine
// goes through it, and it writes each entry to the journal (fsync'd)
// before the engine sees it. An entry that cannot be journaled is not
// acted on. Not safe for concurrent use: the referee goroutine owns it.
type Referee struct {
	path  string
	lock  *journal.Lock // this process's right to write the journal
	w     *journal.Writer
	match *journal.Match
	table rules.Table // the last snapshot the engine was given
	have  bool

	// the game's clock: t = base + time since started
	base    float64
	started time.Time
	last    float64 // time of the last journaled entry
	n       int     // entries journaled in this game
	now     func() time.Time
	// said is when each game time was reached in this run, so the page
	// shows clock times (entries replayed at a resume have none).
	said map[float64]time.Time
	// decksChanged says how the decks installed now differ from those
	// that judged the resumed game (nil: they do not).
	decksChanged error
}

// New is a referee on a journal already open and a game already
// started: tests that write to a fake disk make it so.
func New(path string, w *journal.Writer, m *journal.Match, now func() time.Time) *Referee {
	return &Referee{path: path, w: w, match: m, now: now, started: now()}
}

// Open resumes the journal at path if there is one (replaying it
// through the engine), else starts a new game for setup. resumed says
// which happened; start holds the events to show (the start events of a
// new game, or a "resumed" note and the last events of a resumed one).
//
// The journal is locked first: a second tableref on the same journal (the
// service, and `sudo tableref run --camera 0` beside it) is refused with
// the holder's PID (journal.ErrInUse) before it reads or writes anything.
// A journal that holds no game (empty, or its header cut short by a power
// cut as a new game started) is set aside with a warning and a new game
// starts; one that holds a game but cannot be read is an error, so that a
// game is never thrown away.
func Open(path string, setup rules.Setup, now func() time.Time) (r *Referee, start []rules.Event, resumed bool, err error) {
	if now == nil {
		now = time.Now
	}
	lock, err := journal.TakeLock(path)
	if err != nil {
		return nil, nil, false, err
	}
	defer func() {
		if err != nil {
			r.Close()
			r = nil
		}
	}()
	r = &Referee{path: path, lock: lock, now: now, started: now()}
	if _, statErr := os.Stat(path); statErr == nil {
		evs, err := r.resume()
		if !errors.Is(err, replay.ErrNoGame) {
			return r, evs, true, err
		}
		aside, rerr := archive.Keep(path, "nogame", now())
		if rerr != nil {
			return r, nil, false, fmt.Errorf("resuming %s: %w (and setting it aside failed: %w)", path, err, rerr)
		}
		slog.Warn("journal: it held no game (empty, or its first lines cut short by a power cut): set aside, starting a new game", "journal", path, "set_aside", aside, "why", err)
	}
	if setup.Mode == "" {
		return r, nil, false, errors.New("no game to resume and none configured: set game.mode (or -mode) and game.players")
	}
	evs, err := r.NewGame(setup)
	return r, evs, false, err
}

func (r *Referee) resume() ([]rules.Event, error) {
	l, w, err := journal.Open(r.path)
	if errors.Is(err, replay.ErrNoGame) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("resuming %s: %w (move it away to start a new game)", r.path, err)
	}
	if l.TornTail {
		slog.Warn("journal: the last line was cut short (power cut?) and was dropped", "journal", r.path)
	}
	m := l.Match
	m.OnFold = r.saveCheckpoint
	r.table, r.have = l.Table, l.HaveTable
	r.decksChanged = l.DecksChanged
	if l.DecksChanged != nil {
		slog.Warn("journal: the decks installed now are not those that judged the game", "err", l.DecksChanged)
	}
	r.w, r.match, r.base, r.last, r.n = w, m, l.LastT(), l.LastT(), l.Count
	slog.Info("journal: game resumed", "journal", r.path, "mode", l.Setup.Mode, "entries", l.Count, "replayed", l.Replayed, "checkpoint", l.Checkpoint, "t", r.base)
	note := rules.Event{Kind: rules.EventInfo, Short: rules.Say("Game resumed", fmt.Sprintf("%d steps kept", l.Count)),
		Long: fmt.Sprintf("The game was resumed from its journal: %d snapshots and inputs kept.", l.Count)}
	evs := []rules.Event{note}
	if h := m.History(); len(h) > 0 {
		last := h[len(h)-1].Event
		if last.Kind != rules.EventInfo || last.Short != note.Short {
			evs = append(evs, last) // what the players were last told
		}
	}
	return evs, nil
}

// NewGame closes the current journal (keeping it under an archive name)
// and starts a new game with its own journal.
func (r *Referee) NewGame(s rules.Setup) ([]rules.Event, error) {
	m, start, err := journal.NewMatch(s)
	if err != nil {
		return nil, err
	}
	w, err := journal.Create(r.path, m.Setup(), r.now())
	if err != nil {
		return nil, err
	}
	if r.w != nil {
		r.w.Close()
	}
	m.OnFold = r.saveCheckpoint
	r.w, r.match, r.table, r.have, r.decksChanged = w, m, rules.Table{}, false, nil
	r.base, r.last, r.n, r.started = 0, 0, 0, r.now()
	r.said = map[float64]time.Time{0: r.started}
	slog.Info("new game", "mode", s.Mode, "players", s.Players, "journal", r.path)
	return start, nil
}

// T is the game time now: seconds since the start, continuing after a
// resume, never going backwards.
func (r *Referee) T() float64 {
	return r.base + r.now().Sub(r.started).Seconds()
}

// Same reports whether tab is the snapshot the engine judged last (a live
// source skips it: nothing changed on the table).
func (r *Referee) Same(tab rules.Table) bool { return r.have && tab.Equal(r.table) }

// Observe journals and then judges a stable snapshot taken at game time t
// (use T() for live sources).
func (r *Referee) Observe(t float64, tab rules.Table) ([]rules.Event, error) {
	t = r.monotone(t)
	if err := r.w.Snapshot(t, tab); err != nil {
		return nil, err
	}
	r.n++
	r.table, r.have = tab.Clone(), true
	return r.match.Apply(r.entry(journal.Entry{T: t, Kind: replay.KindSnapshot, Table: tab})), nil
}

// Input journals and then applies a player's input at game time t.
func (r *Referee) Input(t float64, in rules.Input) ([]rules.Event, error) {
	if n := len(r.match.Setup().Players); in.Player < 0 || in.Player > n {
		return nil, fmt.Errorf("player %d: this game has players 1 to %d", in.Player, n)
	}
	t = r.monotone(t)
	if err := r.w.Input(t, in); err != nil {
		return nil, err
	}
	r.n++
	return r.match.Apply(r.entry(journal.Entry{T: t, Kind: replay.KindInput, Input: in})), nil
}

// entry stamps e, just journaled, with where it ends in the journal, so
// that a fold at it can save a checkpoint.
func (r *Referee) entry(e journal.Entry) journal.Entry {
	e.Line, e.End, e.Sum, e.Seq = r.w.Line(), r.w.Size(), r.w.Sum(), r.n
	return e
}

// saveCheckpoint saves the game's folded state beside the journal. A
// checkpoint that cannot be saved costs only time at the next resume.
func (r *Referee) saveCheckpoint(cp *journal.Checkpoint) {
	cp.Decks = r.w.Decks()
	if err := journal.SaveCheckpoint(r.path, cp); err != nil {
		slog.Warn("journal: saving a checkpoint (the next resume replays the whole journal)", "err", err)
	}
}

// monotone keeps journal times from going backwards (a replay reader
// rejects that), and moves the clock base along with a source that
// supplies its own times.
func (r *Referee) monotone(t float64) float64 {
	t = max(t, r.last)
	r.last = t
	if r.said == nil {
		r.said = map[float64]time.Time{}
	}
	if _, ok := r.said[t]; !ok {
		r.said[t] = r.now()
	}
	return t
}

// SaidAt is the clock time game time t was reached in this run; false for
// times before a resume.
func (r *Referee) SaidAt(t float64) (time.Time, bool) {
	at, ok := r.said[t]
	return at, ok
}

// Game is the engine.
func (r *Referee) Game() rules.Game { return r.match.Game() }

// Setup is the game's setup.
func (r *Referee) Setup() rules.Setup { return r.match.Setup() }

// History is every event of the game as it stands.
func (r *Referee) History() []replay.Stamped { return r.match.History() }

// Table is the last snapshot the engine judged.
func (r *Referee) Table() (rules.Table, bool) { return r.table, r.have }

// LastT is the time of the last journaled entry.
func (r *Referee) LastT() float64 { return r.last }

// Entries is the number of snapshots and inputs journaled in this game.
func (r *Referee) Entries() int { return r.n }

// DecksChanged says, for a resumed game, how the decks installed now
// differ from those that judged it (journal.ErrDecksChanged), or nil. The
// game must not go on with other cards: the daemon refuses, and New game
// keeps it as it was judged.
func (r *Referee) DecksChanged() error { return r.decksChanged }

// Path is the journal's path.
func (r *Referee) Path() string { return r.path }

// Close closes the journal and releases its lock.
func (r *Referee) Close() error {
	if r == nil {
		return nil
	}
	var err error
	if r.w != nil {
		err = r.w.Close()
		r.w = nil
	}
	if lerr := r.lock.Release(); err == nil {
		err = lerr
	}
	r.lock = nil
	return err
}
