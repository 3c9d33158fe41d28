package daemon

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/demo"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/cmd/tableref/internal/reach"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes"
	"github.com/tableref/tableref/rules/replay"
	"github.com/tableref/tableref/vision/camera"
)

// TestVerdictLatency measures, on a generated recording of the demo game
// played like a camera (by the wall clock, the frames the scanner has no
// time for dropped), the time from the first still frame after each move
// (the hand has gone) to the verdict on the display: the scanner's
// stability window, two agreeing reads, the referee, the journal's fsync
// and the display included. It reports the figures (go test -v -run
// Latency) and fails only if a verdict never comes, or comes before the
// stability window could have passed (a broken measurement), never on
// slowness: the machine is shared.
//
// TABLEREF_MEASURE=1 (or 1080p): the first 20 snapshots at 1920×1080, 15
// frames per second. TABLEREF_MEASURE=12MP: 4608×2592 and
// TABLEREF_MEASURE=2304x1296 (the Camera Module 3's binned mode) at the
// frame rates the Pi's config asks the camera for in those modes
// (reach.PiModes: 10 and 15 fps): frames the scanner has no time for are
// dropped, as a camera's are.
// TABLEREF_MEASURE_ISP=1 decodes the recording's JPEG frames outside the
// quota, as a Pi's camera image processor delivers them (isp_test.go).
// TABLEREF_MEASURE_SNAPSHOTS=N cuts the game after N snapshots (0: the
// whole game). On one core (make measure): the compiled test binary run
// under taskset -c 0; as a Raspberry Pi (make measure too): under
// scripts/cpuquota, one core at 33 % (Pi 5) or 18 % (Pi 4). Every line it
// prints says the CPU it had (the cgroup's quota, read back, and the CPUs
// it may run on). Recordings are cached in $XDG_CACHE_HOME/tableref like
// the demo's.
func TestVerdictLatency(t *testing.T) {
	size := os.Getenv("TABLEREF_MEASURE")
	if size == "" {
		t.Skip("a measurement, not a check (a minute of rendering and playing): make measure, or TABLEREF_MEASURE=1")
	}
	// At 1080p the first 20 snapshots' table gets 1.79 px a module from
	// the default 16.8 mm codes: a 1080p webcam above that table needs
	// the codes README gives it, print deck --module 1.5 (31.5 mm).
	opts := demo.Options{Width: 1920, Height: 1080, FPS: 15, Still: 1.5, CodeMM: 1.5 * 21}
	switch size {
	case "1", "1080p":
	case "12MP":
		opts = recordingAt(t, 4608, 2592)
	case "2304x1296", "2304×1296":
		opts = recordingAt(t, 2304, 1296)
	default:
		t.Fatalf("TABLEREF_MEASURE=%q: want 1, 1080p, 2304x1296 or 12MP", size)
	}
	snaps := 20
	if v := os.Getenv("TABLEREF_MEASURE_SNAPSHOTS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("TABLEREF_MEASURE_SNAPSHOTS=%q: want a count, 0 for the whole game", v)
		}
		snaps = n
		if n == 0 {
			snaps = -1 // shortDemo: never cut
		}
	}
	data := shortDemo(t, snaps)
	// A mode too small for the whole game's table (the demo's needs
	// 2576×1456 at sizing.MinPxPerModule: a Pi picks 12 MP for it,
	// reach.Lightest) plays the longest start of the game it reads: the
	// table a Pi in that mode would be set up for.
	dir := t.TempDir()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	frames := filepath.Join(cache, "tableref", "latency-"+demo.Key(data, opts))
	rec, err := demo.Load(frames)
	if err != nil {
		if rec, err = demo.Generate(data, "demo", frames, opts, nil); err != nil {
			t.Fatal(err)
		}
	}
	cpu := cpuLimit()
	var openCamera func(ctx context.Context) (camera.Source, error)
	if os.Getenv("TABLEREF_MEASURE_ISP") != "" {
		openCamera = func(ctx context.Context) (camera.Source, error) { return openISP(ctx, frames) }
		cpu += ", frames decoded outside the quota (the camera's ISP)"
	}
	under := ""
	if rec.ModulePx < sizing.MinPxPerModule {
		under = fmt.Sprintf(" (under the sizing rule's %g: a Pi films this table in a larger mode; the case measures this mode's speed)", sizing.MinPxPerModule)
	}
	t.Logf("[%s] %d frames at %d×%d, %.0f fps, %.2f px per module%s, %d moves, GOMAXPROCS %d", cpu, rec.Frames, rec.Width, rec.Height, rec.FPS, rec.ModulePx, under, len(rec.Moves), runtime.GOMAXPROCS(0))

	cfg := config.Default()
	cfg.Game = config.Game{Mode: rec.Setup.Mode, Players: rec.Setup.Players, Options: rec.Setup.Options}
	cfg.Camera = config.Camera{Source: frames, AtEnd: config.AtEndStop, FPS: rec.FPS}
	cfg.Journal = filepath.Join(dir, "journal.jsonl")
	cfg.LockDir = filepath.Join(dir, "lock")
	cfg.Web.Listen = config.Off

	var mu sync.Mutex
	read := map[int64]time.Time{}
	var verdicts []time.Time
	var made []timedSnapshot
	newScanner := live.TableScanner(nil, cfg.Scanner.Stable)
	err = Run(context.Background(), cfg, Deps{
		Display:    &recDisplay{},
		OpenCamera: openCamera,
		NewScanner: func(s rules.Setup) (live.Scanner, error) {
			sc, err := newScanner(s)
			return &timedScanner{Scanner: sc, mu: &mu, made: &made}, err
		},
		OnFrame: func(n int64, at time.Time) {
			mu.Lock()
			read[n-1] = at // frame files are numbered from 0
			mu.Unlock()
		},
		OnShown: func(s present.Screen, at time.Time) {
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
	// Frame i of the recording was taken at start + i/fps (the camera's
	// clock: it is what OnFrame reports), whether or not the scanner had
	// time for it. Each verdict belongs to the last move whose first still
	// frame was taken before it (moves that turn a card over give no
	// verdict).
	start, ok := read[0]
	if !ok {
		t.Fatal("the first frame was never read")
	}
	period := time.Duration(float64(time.Second) / rec.FPS)
	var lat []time.Duration
	// Where each verdict's time went: how long the scanner had seen the
	// table still at the snapshot's frame (the window), the scanner on
	// that frame, and the referee, journal and display (snapshot → shown);
	// the rest is the frame's decoding and wait for the scanner, and still
	// frames the scanner missed.
	var still, scan, after []time.Duration
	for _, v := range verdicts {
		var t0 time.Time
		for _, first := range rec.Moves {
			if at := start.Add(time.Duration(first) * period); at.Before(v) {
				t0 = at
			}
		}
		if t0.IsZero() {
			continue
		}
		lat = append(lat, v.Sub(t0))
		for i := len(made) - 1; i >= 0; i-- {
			if s := made[i]; s.done.Before(v) {
				still, scan, after = append(still, s.stillFor), append(scan, s.done.Sub(s.began)), append(after, v.Sub(s.done))
				break
			}
		}
	}
	// What the game gives without a camera: a move the scanner saw merged
	// with the next (it had no time for the frames between) is a warning
	// ("appeared at once"), not a verdict, and is missing here.
	want := 0
	if _, err := replay.Run(replay.NewReader(bytes.NewReader(data), "demo"), func(s replay.Stamped) {
		if s.Kind == rules.EventVerdict && (s.Verdict == rules.Right || s.Verdict == rules.Wrong) {
			want++
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Logf("[%s] %d verdicts measured; the camera-free replay of the same game gives %d verdict events", cpu, len(lat), want)
	// Moves are placements and flips; only placements give verdicts.
	if len(lat) < 5 {
		t.Fatalf("only %d verdicts measured (%d shown, %d moves)", len(lat), len(verdicts), len(rec.Moves))
	}
	for _, l := range lat {
		if l < cfg.Scanner.Stable {
			t.Errorf("a verdict %v after the first still frame: faster than the %v stability window, so the measurement is wrong", l, cfg.Scanner.Stable)
		}
	}
	// In game order, so a referee falling behind the table shows as a
	// growing series; then the median of the first and last thirds.
	var parts []string
	for _, l := range lat {
		parts = append(parts, l.Round(time.Millisecond).String())
	}
	third := len(lat) / 3
	sorted := append([]time.Duration(nil), lat...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	t.Logf("[%s] %d×%d first still frame → verdict shown (stability window %v): median %v, p90 %v, max %v over %d verdicts; first third median %v, last third %v; in game order: %s",
		cpu, rec.Width, rec.Height, cfg.Scanner.Stable, sorted[len(sorted)/2].Round(time.Millisecond), sorted[(len(sorted)*9+9)/10-1].Round(time.Millisecond), sorted[len(sorted)-1].Round(time.Millisecond), len(lat),
		median(lat[:third]).Round(time.Millisecond), median(lat[len(lat)-third:]).Round(time.Millisecond), strings.Join(parts, " "))
	t.Logf("[%s] where the time went (medians of %d): the scanner saw the table still for %v at the snapshot's frame; it scanned that frame in %v; referee, journal and display %v; the rest (%v) is not split: the frame's decoding and its wait for the scanner, and still frames the scanner missed",
		cpu, len(scan), median(still).Round(time.Millisecond), median(scan).Round(time.Millisecond), median(after).Round(time.Millisecond),
		(sorted[len(sorted)/2] - median(still) - median(scan) - median(after)).Round(time.Millisecond))
}

// recordingAt is a recording at one of the Camera Module 3 modes the Pi's
// config picks (reach.PiModes), at the frame rate the Pi asks the camera
// for in that mode: the measurement plays what a Pi's scanner gets.
func recordingAt(t *testing.T, w, h int) demo.Options {
	for _, m := range reach.PiModes {
		if m.Width == w && m.Height == h {
			// The demo's table needs 2576×1456 at the sizing rule (a Pi
			// films it at 12 MP, reach.Lightest); at 2304×1296 its codes
			// are 2.0 px a module, which the reader still reads (docs/
			// vision.md): the case measures the mode's speed, and the
			// test's log says the module size it played.
			return demo.Options{Width: w, Height: h, FPS: float64(m.FPS), Still: 1.5, MinModulePx: 1.9}
		}
	}
	t.Fatalf("no Pi camera mode %d×%d in reach.PiModes", w, h)
	return demo.Options{}
}

// timedSnapshot is a snapshot the scanner made: how long the table had
// been still at its frame, and when the scanner began and finished that
// frame.
type timedSnapshot struct {
	stillFor    time.Duration
	began, done time.Time
}

// timedScanner times the frames that make snapshots.
type timedScanner struct {
	live.Scanner
	mu   *sync.Mutex
	made *[]timedSnapshot
}

func (s *timedScanner) Frame(ctx context.Context, at time.Duration, frame gocv.Mat) (live.ScanUpdate, error) {
	began := time.Now()
	u, err := s.Scanner.Frame(ctx, at, frame)
	if u.Snapshot != nil {
		s.mu.Lock()
		*s.made = append(*s.made, timedSnapshot{stillFor: u.StillFor, began: began, done: time.Now()})
		s.mu.Unlock()
	}
	return u, err
}
func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// shortDemo is the bundled demo game cut after n snapshots (n < 0: whole).
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
