package service

import (
	"sync/atomic"
	"time"
)

// Heartbeat is when a loop last turned, on the monotonic clock: the
// watchdog asks it how long the loop has been silent. It used to compare
// wall-clock times (Unix nanoseconds), so a clock set back an hour (NTP
// after a boot without a real-time clock, a user fixing the date) made a
// stuck loop look alive for that hour, and a clock set forward made a
// live one look stuck, and systemd restarted it.
type Heartbeat struct {
	start time.Time // with the monotonic reading time.Now gives
	// elapsed is the monotonic time since start; tests replace it.
	elapsed func() time.Duration
	last    atomic.Int64 // elapsed at the last Beat, in nanoseconds
}

// NewHeartbeat returns a heartbeat that has just beaten.
func NewHeartbeat() *Heartbeat {
	h := &Heartbeat{start: time.Now()}
	h.elapsed = func() time.Duration { return time.Since(h.start) } // monotonic: both carry the reading
	h.Beat()
	return h
}

// Beat records that the loop turned now.
func (h *Heartbeat) Beat() { h.last.Store(int64(h.elapsed())) }

// Silent is how long ago the loop last turned (never negative).
func (h *Heartbeat) Silent() time.Duration {
	return max(0, h.elapsed()-time.Duration(h.last.Load()))
}

// Within reports whether the loop turned less than limit ago: the
// watchdog's alive function.
func (h *Heartbeat) Within(limit time.Duration) bool { return h.Silent() < limit }
