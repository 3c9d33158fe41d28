// Package clock is the live referee's one way to wait: Sleep returns
// after d or as soon as the context ends, so a stage that paces frames or
// slows a PIN guesser stops with the daemon instead of finishing its wait.
// It lives here rather than in hw/indicator, where it began, so the page
// and the camera stages need no hardware package to wait.
package clock

import (
	"context"
	"time"
)

// Sleeper waits for d or until ctx is done; tests pass a recorder.
type Sleeper func(ctx context.Context, d time.Duration) error

// Sleep waits for d, or returns ctx's error as soon as ctx is done.
// A zero or negative d returns at once (nil unless ctx is already done).
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	wait, stop := context.WithTimeout(ctx, d)
	defer stop()
	<-wait.Done()
	// nil when the wait ran out; the caller's error when it ended first.
	return ctx.Err()
}
