package history

import (
	"context"
	"log/slog"
	"os"
	"sync"
	"time"
)

// Recorder records the daemon's games into the history as they go, off
// the referee's goroutine: Note after a verdict, Keep before the journal
// is moved aside for a new game. A history that cannot be opened (corrupt,
// newer) is logged once and nothing is recorded: the referee and its
// journal go on, and the games can be rebuilt from the journals later.
type Recorder struct {
	s   *Store
	err error

	mu      sync.Mutex
	pending []job
	wake    chan struct{}
	stop    context.CancelFunc
	done    chan struct{}

	followed *follower // the journal in play, read as it grows (the loop's own)
}

type job struct {
	path  string
	data  []byte // nil: read path when recording
	ended time.Time
	flush chan struct{}
}

// A nil *Recorder records nothing.

// NewRecorder opens the history at path and starts recording. Close it.
func NewRecorder(ctx context.Context, path string) *Recorder {
	r := &Recorder{wake: make(chan struct{}, 1), done: make(chan struct{})}
	r.s, r.err = Open(ctx, path)
	if r.err != nil {
		slog.Error("history: games are not recorded (the journal still is)", "err", r.err)
	}
	ctx, r.stop = context.WithCancel(context.WithoutCancel(ctx))
	go r.loop(ctx)
	return r
}

// Err says why nothing is recorded, or nil.
func (r *Recorder) Err() error { return r.err }

// Store is the open history, nil when it could not be opened.
func (r *Recorder) Store() *Store { return r.s }

// Note asks for the journal at path to be recorded soon. It never
// blocks; notes for the same journal not yet taken count once.
func (r *Recorder) Note(path string) {
	if r == nil {
		return
	}
	r.add(job{path: path}, true)
}

// Keep reads the journal at path now (it is about to be moved aside) and
// records it soon.
func (r *Recorder) Keep(path string) {
	if r == nil {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		slog.Warn("history: reading the journal", "err", err)
		return
	}
	r.add(job{path: path, data: data, ended: time.Now()}, false)
}

// Flush waits until everything asked so far is recorded.
func (r *Recorder) Flush() {
	ch := make(chan struct{})
	r.add(job{flush: ch}, false)
	select {
	case <-ch:
	case <-r.done:
	}
}

func (r *Recorder) add(j job, coalesce bool) {
	r.mu.Lock()
	dup := false
	if coalesce {
		for _, p := range r.pending {
			if p.path == j.path && p.data == nil && p.flush == nil {
				dup = true
			}
		}
	}
	if !dup {
		r.pending = append(r.pending, j)
	}
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

func (r *Recorder) loop(ctx context.Context) {
	defer close(r.done)
	for {
		stopping := false
		select {
		case <-r.wake:
		case <-ctx.Done():
			stopping = true
		}
		r.mu.Lock()
		jobs := r.pending
		r.pending = nil
		r.mu.Unlock()
		for _, j := range jobs {
			r.record(ctx, j)
		}
		if stopping {
			return
		}
	}
}

func (r *Recorder) record(ctx context.Context, j job) {
	if j.flush != nil {
		close(j.flush)
		return
	}
	if r.s == nil {
		return
	}
	var g *Game
	var err error
	if j.data != nil {
		g, err = FromJournal(j.data, j.path, j.ended)
	} else {
		g, err = r.follow(ctx, j.path)
	}
	if err != nil {
		slog.Warn("history: not recorded", "journal", j.path, "err", err)
		return
	}
	if g.entries == 0 {
		return // a game just set up: nothing happened yet
	}
	// Recording outlives the daemon's context by the moment it takes:
	// a game's last record must not be cut off by the shutdown itself.
	if err := r.s.Record(context.WithoutCancel(ctx), g); err != nil {
		slog.Error("history: recording", "game", g.ID, "err", err)
		return
	}
	slog.Debug("history: recorded", "game", g.ID, "status", g.Status, "verdicts", g.Verdicts)
}

// follow records the journal at path from what was added to it since it
// was last recorded.
func (r *Recorder) follow(ctx context.Context, path string) (*Game, error) {
	if r.followed == nil || r.followed.path != path {
		r.followed = newFollower(path)
	}
	// Like the record itself, the read outlives the shutdown: the last
	// record is taken as the daemon stops.
	ctx = context.WithoutCancel(ctx)
	return r.followed.catchUp(func() ([]int, error) { return r.s.sizes(ctx, path) })
}

// Close records what is pending and closes the history.
func (r *Recorder) Close() error {
	r.stop()
	<-r.done
	if r.s == nil {
		return nil
	}
	return r.s.Close()
}
