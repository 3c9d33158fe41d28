package service

import (
	"strings"
	"testing"
	"time"
)

// The watchdog's view of the referee loop runs on the monotonic clock:
// the wall clock going back or forward changes nothing (issue 34: it
// compared Unix nanoseconds).
func TestHeartbeatIgnoresTheWallClock(t *testing.T) {
	h := NewHeartbeat()
	if !strings.Contains(h.start.String(), " m=") {
		t.Fatalf("the heartbeat's start %v has no monotonic reading", h.start)
	}
	if s := h.Silent(); s < 0 || s > time.Second {
		t.Errorf("just beaten, silent for %v", s)
	}
	var mono time.Duration
	h.elapsed = func() time.Duration { return mono }
	h.Beat()
	mono += 9 * time.Second
	if !h.Within(10 * time.Second) {
		t.Error("silent 9 s: not within 10 s")
	}
	mono += 2 * time.Second
	if h.Within(10 * time.Second) {
		t.Error("silent 11 s: still within 10 s")
	}
	h.Beat()
	if !h.Within(10*time.Second) || h.Silent() != 0 {
		t.Errorf("after a beat: silent %v", h.Silent())
	}
}
