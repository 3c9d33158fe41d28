package daemon

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/rules"
)

// slowScanner takes cost per frame, as a slow core does, and records the
// frame index (the first pixel) and the time of each frame it was given.
type slowScanner struct {
	cost time.Duration
	mu   sync.Mutex
	seen []int
	at   []time.Duration // the frame's time as the scanner was told it
	wall []time.Time     // when the scanner got it
}

func (s *slowScanner) Frame(_ context.Context, t time.Duration, f gocv.Mat) (live.ScanUpdate, error) {
	s.mu.Lock()
	s.seen = append(s.seen, int(f.GetUCharAt(0, 0)))
	s.at = append(s.at, t)
	s.wall = append(s.wall, time.Now())
	s.mu.Unlock()
	time.Sleep(s.cost)
	return live.ScanUpdate{}, nil
}

// numberedFolder writes n frames whose first pixel is their index.
func numberedFolder(t *testing.T, n int) string {
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.png", i)), pixelFrame(t, i), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRecordingPlaysByTheClock: a folder played at 50 frames a second to
// a scanner that takes 65 ms a frame (three frames' time) lasts as long
// as the recording, not as long as scanning every frame would; the frames
// the scanner had no time for are dropped, and each frame it gets is the
// newest when it asks, so it sees about every third one.
func TestRecordingPlaysByTheClock(t *testing.T) {
	const n, fps = 60, 50.0
	period := time.Duration(float64(time.Second) / fps)
	dir := numberedFolder(t, n)
	slow := &slowScanner{cost: 65 * time.Millisecond}
	cfg := testConfig(t, dir)
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = fps
	start := time.Now()
	var mu sync.Mutex
	taken := map[int]time.Time{} // frame index → when the camera took it
	err := Run(context.Background(), cfg, Deps{
		NewScanner: func(rules.Setup) (live.Scanner, error) { return slow, nil },
		OnFrame: func(n int64, at time.Time) {
			mu.Lock()
			taken[int(n-1)] = at
			mu.Unlock()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	recording := time.Duration(n) * period
	if took > recording+1500*time.Millisecond { // scanning every frame would take 3.9 s
		t.Errorf("the %v recording took %v to play: the scanner's pace, not the clock's", recording, took)
	}
	if len(slow.seen) >= n*2/3 {
		t.Errorf("the scanner got %d of %d frames at three frames' time each: none were dropped", len(slow.seen), n)
	}
	for i := 1; i < len(slow.seen); i++ {
		if slow.seen[i] <= slow.seen[i-1] {
			t.Errorf("frame %d after frame %d: out of order", slow.seen[i], slow.seen[i-1])
		}
		// The frame's time is its place in the recording.
		if want := time.Duration(slow.seen[i]-slow.seen[0]) * period; absDur(slow.at[i]-slow.at[0]-want) > time.Millisecond {
			t.Errorf("frame %d told time %v after frame %d, want %v", slow.seen[i], slow.at[i]-slow.at[0], slow.seen[0], want)
		}
	}
	// Latest frame wins: the scanner, three frames' time a frame, gets
	// about every third frame (each the newest when it asks), not each in
	// turn. Structural, not timed: the machine is shared.
	if len(slow.seen) > 1 {
		gap := float64(slow.seen[len(slow.seen)-1]-slow.seen[0]) / float64(len(slow.seen)-1)
		if gap < 2 {
			t.Errorf("the scanner got every %.1f-th frame at three frames' time a frame: it is given old frames", gap)
		}
	}
	for k := range slow.seen {
		if _, ok := taken[slow.seen[k]]; !ok {
			t.Errorf("frame %d scanned but never taken", slow.seen[k])
		}
	}
}

// TestRecordingPlaysEveryFrame: camera.play: every gives the scanner every
// frame in order, however slow it is.
func TestRecordingPlaysEveryFrame(t *testing.T) {
	const n = 20
	dir := numberedFolder(t, n)
	slow := &slowScanner{cost: 30 * time.Millisecond}
	cfg := testConfig(t, dir)
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = 100
	cfg.Camera.Play = config.PlayEvery
	if err := Run(context.Background(), cfg, Deps{NewScanner: func(rules.Setup) (live.Scanner, error) { return slow, nil }}); err != nil {
		t.Fatal(err)
	}
	if len(slow.seen) != n {
		t.Fatalf("the scanner got %d of %d frames: %v", len(slow.seen), n, slow.seen)
	}
	for i, k := range slow.seen {
		if k != i {
			t.Fatalf("frame %d came %d-th", k, i)
		}
	}
}

// stillScanner emits one snapshot, at frame emitAt, saying the table had
// been still for stillFor.
type stillScanner struct {
	emitAt   int
	stillFor time.Duration
	at       time.Duration // the snapshot frame's time
}

func (s *stillScanner) Frame(_ context.Context, t time.Duration, f gocv.Mat) (live.ScanUpdate, error) {
	if int(f.GetUCharAt(0, 0)) != s.emitAt {
		return live.ScanUpdate{}, nil
	}
	s.at = t
	tab := table(2)
	return live.ScanUpdate{Snapshot: &tab, StillFor: s.stillFor}, nil
}

// TestLatencyFromFirstStillFrame: a verdict's latency (the present.Screen's At,
// which the display's log line counts from) starts at the first still
// frame of the move, not at the frame that completed the snapshot.
func TestLatencyFromFirstStillFrame(t *testing.T) {
	const fps = 20.0
	period := time.Duration(float64(time.Second) / fps)
	dir := numberedFolder(t, 12)
	sc := &stillScanner{emitAt: 8, stillFor: 5 * period}
	cfg := testConfig(t, dir)
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = fps
	cfg.Camera.Play = config.PlayEvery
	fastHolds(t, 20*time.Millisecond)
	var mu sync.Mutex
	var first time.Time
	var verdictAt time.Time
	err := Run(context.Background(), cfg, Deps{
		Display:    &recDisplay{},
		NewScanner: func(rules.Setup) (live.Scanner, error) { return sc, nil },
		OnFrame: func(n int64, at time.Time) {
			mu.Lock()
			defer mu.Unlock()
			if n == 1 {
				first = at
			}
		},
		OnShown: func(s present.Screen, _ time.Time) {
			mu.Lock()
			defer mu.Unlock()
			if !s.At.IsZero() && verdictAt.IsZero() {
				verdictAt = s.At
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if verdictAt.IsZero() {
		t.Fatal("no verdict shown")
	}
	// Frame 8 completed the snapshot after 5 still periods: the move's
	// first still frame is frame 3, taken 3 periods after frame 0 (the
	// scanner's clock starts at the run, not at frame 0: compare with
	// frame 0's time).
	want := first.Add(3 * period)
	if d := verdictAt.Sub(want); absDur(d) > 2*time.Millisecond {
		t.Errorf("latency counted from %v after frame 0, want %v (the first still frame)", verdictAt.Sub(first), 3*period)
	}
}

func absDur(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
