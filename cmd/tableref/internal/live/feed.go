package live

import (
	"context"
	"errors"
	"fmt"
	"github.com/tableref/tableref/cmd/tableref/internal/clock"
	"io"
	"os"
	"time"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// ReplayPrefix marks a camera source that is a recorded stream of
// snapshots and inputs (a replay file): the referee, journal, display and
// status page run as live, without vision. Tests, the crash test and the
// soak use it.
const ReplayPrefix = "replay:"

// Input is an input on its way to the referee: from a replay file, the
// page or the buttons. Reply is told whether the referee took it.
type Input struct {
	In    rules.Input
	T     float64 // <0: the referee's clock
	Reply chan error
}

// Feed plays a replay file into the referee at its own pace.
type Feed struct {
	Path  string
	Speed float64 // 1 real time, 0 no waiting
	Snaps chan<- Snapshot
	Ins   chan<- Input
}

// ReadSetup returns the replay's header: the game a replay source plays.
func ReadSetup(path string) (rules.Setup, error) {
	f, err := os.Open(path)
	if err != nil {
		return rules.Setup{}, err
	}
	defer f.Close()
	line, err := replay.NewReader(f, path).Next()
	if err != nil {
		return rules.Setup{}, err
	}
	return line.Setup, nil
}

// Run sends every line after the header except the first skip ones (when
// a game is resumed, the journal holds them already: it has one entry per
// line the feed sent), then returns ErrEnded.
func (fd *Feed) Run(ctx context.Context, skip int) error {
	f, err := os.Open(fd.Path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := replay.NewReader(f, fd.Path)
	start := time.Now()
	first := -1.0
	for {
		line, err := r.Next()
		if errors.Is(err, io.EOF) {
			return ErrEnded
		}
		if err != nil {
			return fmt.Errorf("replay source: %w", err)
		}
		if line.Kind == replay.KindHeader {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		if first < 0 {
			first = line.T
		}
		if fd.Speed > 0 {
			due := start.Add(time.Duration((line.T - first) / fd.Speed * float64(time.Second)))
			if err := clock.Sleep(ctx, time.Until(due)); err != nil {
				return err
			}
		}
		switch line.Kind {
		case replay.KindSnapshot:
			msg := Snapshot{Table: line.Table, T: line.T, Done: make(chan struct{})}
			select {
			case fd.Snaps <- msg:
			case <-ctx.Done():
				return ctx.Err()
			}
			select { // in order: an input after it must not overtake it
			case <-msg.Done:
			case <-ctx.Done():
				return ctx.Err()
			}
		case replay.KindInput:
			msg := Input{In: line.Input, T: line.T, Reply: make(chan error, 1)}
			select {
			case fd.Ins <- msg:
			case <-ctx.Done():
				return ctx.Err()
			}
			select { // in order: the next line waits for this input
			case <-msg.Reply:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}
