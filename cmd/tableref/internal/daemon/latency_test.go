package daemon

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/demo"
	"github.com/tableref/tableref/hw/display"
	_ "github.com/tableref/tableref/rules/modes"
)

// TestVerdictLatency measures, on a generated 1080p recording of the demo
// game's first moves played at 15 frames per second, the time from the
// first still frame after each move (the hand has gone) to the verdict on
// the display: the scanner's stability window, two agreeing reads, the
// referee, the journal's fsync and the display included. It reports the
// figures (go test -v -run Latency) and fails only if a verdict never
// comes, or comes before the stability window could have passed (a
// broken measurement), never on slowness: the machine is shared.
func TestVerdictLatency(t *testing.T) {
	if os.Getenv("TABLEREF_MEASURE") == "" {
		t.Skip("a measurement, not a check (a minute of rendering and playing): make measure, or TABLEREF_MEASURE=1")
	}
	data := shortDemo(t, 20)
	dir := t.TempDir()
	rec, err := demo.Generate(data, "demo", filepath.Join(dir, "frames"), demo.Options{Width: 1920, Height: 1080, FPS: 15, Still: 1.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d frames at %d×%d, %.1f px per module, %d moves", rec.Frames, rec.Width, rec.Height, rec.ModulePx, len(rec.Moves))

	cfg := config.Default()
	cfg.Game = config.Game{Mode: rec.Setup.Mode, Players: rec.Setup.Players, Options: rec.Setup.Options}
	cfg.Camera = config.Camera{Source: filepath.Join(dir, "frames"), AtEnd: config.AtEndStop, FPS: rec.FPS}
	cfg.Journal = filepath.Join(dir, "journal.jsonl")
	cfg.LockDir = filepath.Join(dir, "lock")
	cfg.Web.Listen = config.Off

	var mu sync.Mutex
	read := map[int64]time.Time{}
	var verdicts []time.Time
	err = Run(context.Background(), cfg, Deps{
		Display:    &recDisplay{},
		NewScanner: TableScanner(nil, cfg.Scanner.Stable),
		OnFrame: func(n int64, at time.Time) {
			mu.Lock()
			read[n-1] = at // frame files are numbered from 0
			mu.Unlock()
		},
		OnShown: func(s Screen, at time.Time) {
			if s.Msg.Verdict == display.Right || s.Msg.Verdict == display.Wrong {
				mu.Lock()
				verdicts = append(verdicts, at)
				mu.Unlock()
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Each verdict belongs to the last move whose first still frame was
	// read before it (moves that turn a card over give no verdict).
	var lat []time.Duration
	for _, v := range verdicts {
		var t0 time.Time
		for _, first := range rec.Moves {
			if at, ok := read[int64(first)]; ok && at.Before(v) {
				t0 = at
			}
		}
		if !t0.IsZero() {
			lat = append(lat, v.Sub(t0))
		}
	}
	// Moves are placements and flips; only placements give verdicts.
	if len(lat) < 5 {
		t.Fatalf("only %d verdicts measured (%d shown, %d moves)", len(lat), len(verdicts), len(rec.Moves))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	for _, l := range lat {
		if l < cfg.Scanner.Stable {
			t.Errorf("a verdict %v after the first still frame: faster than the %v stability window, so the measurement is wrong", l, cfg.Scanner.Stable)
		}
	}
	var parts []string
	for _, l := range lat {
		parts = append(parts, l.Round(time.Millisecond).String())
	}
	t.Logf("first still frame → verdict shown (stability window %v): median %v, max %v over %d verdicts: %s",
		cfg.Scanner.Stable, lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond), len(lat), strings.Join(parts, " "))
}

// shortDemo is the bundled demo game cut after n snapshots.
func shortDemo(t *testing.T, n int) []byte {
	t.Helper()
	b, err := os.ReadFile("../../testdata/demo-continental.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, `"snapshot"`) {
			if n == 0 {
				break
			}
			n--
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n") + "\n")
}
