package daemon

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/camera"
)

// recDisplay records every screen.
type recDisplay struct {
	mu    sync.Mutex
	lines []string
}

func (r *recDisplay) Show(m display.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines = append(r.lines, m.Verdict.String()+": "+strings.Join(m.Lines, " / "))
	return nil
}

func (r *recDisplay) ShowScores(s display.Scores) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines = append(r.lines, fmt.Sprintf("scores %s: %v", s.Title, s.Players))
	return nil
}
func (r *recDisplay) Size() (int, int) { return 16, 2 }
func (r *recDisplay) Halt() error      { return nil }
func (r *recDisplay) String() string   { return "recorder" }

func (r *recDisplay) all() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.lines, "\n")
}

// table lays cards SA-n in a row of zone "map".
func table(nums ...int) rules.Table { return fakegame.Table(nums...) }

// scriptCamera plays frames whose first pixel is the index of a table in
// the script. It fails (a camera unplugged) at frame failAt, refuses to
// open failOpens times, then comes back.
type scriptCamera struct {
	frames    []int // table index per frame
	next      *atomic.Int64
	failAt    int
	failOpens *atomic.Int64
}

func (c *scriptCamera) open(ctx context.Context) (camera.Source, error) {
	if c.failOpens.Load() > 0 && c.next.Load() > int64(c.failAt) {
		c.failOpens.Add(-1)
		return nil, errors.New("no such device")
	}
	return &scriptSource{c: c}, nil
}

type scriptSource struct{ c *scriptCamera }

func (s *scriptSource) Read(ctx context.Context, dst *gocv.Mat) error {
	n := int(s.c.next.Load())
	if n == s.c.failAt && s.c.failOpens.Load() > 0 {
		s.c.next.Add(1)
		return errors.New("read: device unplugged")
	}
	if n >= len(s.c.frames) {
		return io.EOF
	}
	s.c.next.Add(1)
	m := gocv.NewMatWithSize(48, 64, gocv.MatTypeCV8UC3)
	defer m.Close()
	m.SetUCharAt(0, 0, uint8(s.c.frames[n]))
	m.CopyTo(dst)
	return nil
}
func (s *scriptSource) Close() error   { return nil }
func (s *scriptSource) String() string { return "script camera" }

// pixelScanner reads the table index from the first pixel and emits a
// snapshot when the same index has been seen in 3 frames in a row and
// differs from the last one emitted: stability in miniature.
type pixelScanner struct {
	tables []rules.Table
	last   int
	run    int
	sent   int
}

func (p *pixelScanner) Frame(ctx context.Context, t time.Duration, f gocv.Mat) (live.ScanUpdate, error) {
	i := int(f.GetUCharAt(0, 0))
	if i == p.last {
		p.run++
	} else {
		p.last, p.run = i, 1
	}
	u := live.ScanUpdate{Moving: p.run < 3}
	if p.run == 3 && i != p.sent {
		p.sent = i
		tab := p.tables[i].Clone()
		u.Snapshot = &tab
	}
	return u, nil
}

func testConfig(t *testing.T, source string) *config.Config {
	c := config.Default()
	c.Game = config.Game{Mode: fakegame.ModeID, Players: []string{"Ana", "Ben"}, Options: map[string]string{"cards": "3"}}
	c.Camera.Source = source
	c.Camera.Speed = 0
	dir := t.TempDir()
	c.Journal = filepath.Join(dir, "journal.jsonl")
	c.LockDir = filepath.Join(dir, "lock")
	c.Web.Listen = config.Off
	return c
}

// The whole live path: frames → scanner → referee → display, with the
// camera unplugged in the middle of the game and back again.
func TestPipelineWithCameraUnplugged(t *testing.T) {
	tables := []rules.Table{{}, table(2), table(2, 4), table(2, 4, 6)}
	var frames []int
	for i := range tables {
		for k := 0; k < 5; k++ {
			frames = append(frames, 99) // a hand over the table
		}
		for k := 0; k < 6; k++ {
			frames = append(frames, i)
		}
	}
	cam := &scriptCamera{frames: frames, next: &atomic.Int64{}, failAt: 25, failOpens: &atomic.Int64{}}
	cam.failOpens.Store(2)
	pix := &pixelScanner{tables: append(tables, make([]rules.Table, 96)...), sent: -1}
	disp := &recDisplay{}
	cfg := testConfig(t, "scripted")
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = 200
	fastHolds(t, 20*time.Millisecond)
	var final rules.Game
	err := Run(context.Background(), cfg, Deps{
		Display:    disp,
		OpenCamera: cam.open,
		NewScanner: func(rules.Setup) (live.Scanner, error) { return pix, nil },
		OnEnd:      func(_ io.Writer, g rules.Game) { final = g },
	})
	if err != nil {
		t.Fatal(err)
	}
	shown := disp.all()
	for _, want := range []string{"SA-002: RIGHT", "SA-004: RIGHT", "SA-006: RIGHT", "warn: Camera lost / Check the cable", "Camera back / Play on", "scores Final"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the display never showed %q; it showed:\n%s", want, shown)
		}
	}
	if final == nil || !final.Finished() || final.Scores()[0].Total != 3 {
		t.Fatalf("game after the recording: %+v", final)
	}
}

// A camera that fails from the first open was never lost: the display
// says none was found, then that it is back once it gives frames.
func TestCameraNeverOpenedIsNotLost(t *testing.T) {
	frames := []int{0, 0, 0, 0, 0, 0}
	cam := &scriptCamera{frames: frames, next: &atomic.Int64{}, failAt: -1, failOpens: &atomic.Int64{}}
	cam.failOpens.Store(2)
	disp := &recDisplay{}
	cfg := testConfig(t, "scripted")
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = 200
	fastHolds(t, 20*time.Millisecond)
	err := Run(context.Background(), cfg, Deps{
		Display:    disp,
		OpenCamera: cam.open,
		NewScanner: func(rules.Setup) (live.Scanner, error) {
			return &pixelScanner{tables: []rules.Table{{}}, sent: -1}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	shown := disp.all()
	if !strings.Contains(shown, "warn: No camera found / Check the cable") || strings.Contains(shown, "Camera lost") {
		t.Errorf("a camera that never opened; the display showed:\n%s", shown)
	}
}
