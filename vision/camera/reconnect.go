package camera

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"gocv.io/x/gocv"
)

// Clock is the part of time a Reconnecting source uses, so tests can run
// backoff without waiting.
type Clock interface {
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Reconnecting keeps a live camera going: when Read fails it closes the
// source and reopens it, waiting Min, then twice as long each time up to
// Max, until it gets a frame or ctx ends. End of file (io.EOF) is passed
// through: a file does not come back by reopening it.
type Reconnecting struct {
	Open     func(ctx context.Context) (Source, error)
	Min, Max time.Duration
	Clock    Clock

	src Source
}

// NewReconnecting opens a Spec through Open with backoff from 250 ms to 10 s.
func NewReconnecting(sp Spec) *Reconnecting {
	return &Reconnecting{Open: func(ctx context.Context) (Source, error) { return Open(ctx, sp) }}
}

func (r *Reconnecting) String() string {
	if r.src != nil {
		return "reconnecting " + r.src.String()
	}
	return "reconnecting source (closed)"
}

// Read returns the next frame, reopening the source as often as needed.
func (r *Reconnecting) Read(ctx context.Context, dst *gocv.Mat) error {
	clock := r.Clock
	if clock == nil {
		clock = realClock{}
	}
	lo, hi := r.Min, r.Max
	if lo <= 0 {
		lo = 250 * time.Millisecond
	}
	if hi < lo {
		hi = max(lo, 10*time.Second)
	}
	wait := lo
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if r.src == nil {
			src, err := r.Open(ctx)
			if err != nil {
				slog.Warn("camera: reopen failed", "attempt", attempt, "retry_in", wait, "err", err)
			} else {
				r.src = src
			}
		}
		if r.src != nil {
			err := r.src.Read(ctx, dst)
			if err == nil {
				return nil
			}
			if errors.Is(err, io.EOF) || errors.Is(err, ErrTruncated) || ctx.Err() != nil {
				return err
			}
			slog.Warn("camera: read failed, reopening", "source", r.src.String(), "retry_in", wait, "err", err)
			r.src.Close()
			r.src = nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("camera: gave up reconnecting: %w", ctx.Err())
		case <-clock.After(wait):
		}
		wait = min(2*wait, hi)
	}
}

// Close closes the current source, if any.
func (r *Reconnecting) Close() error {
	if r.src == nil {
		return nil
	}
	err := r.src.Close()
	r.src = nil
	return err
}
