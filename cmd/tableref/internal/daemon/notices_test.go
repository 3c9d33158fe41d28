package daemon

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/camera"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// twoInOneCell reads two cards lying on one another in every frame: a
// problem that blocks every snapshot.
type twoInOneCell struct{}

func (twoInOneCell) Read(context.Context, gocv.Mat) (qr.Result, error) {
	var res qr.Result
	for i, n := range []int{2, 4} {
		p := rules.CardPayload(rules.CardRef{ID: rules.CardID{Deck: "SA", Num: n}})
		x := 30 + float64(i) // a millimetre apart
		q := geom.Quad{{X: x - 1.5, Y: 22.5}, {X: x + 1.5, Y: 22.5}, {X: x + 1.5, Y: 25.5}, {X: x - 1.5, Y: 25.5}}
		res.Codes = append(res.Codes, qr.Tableref{Code: qr.Code{Text: p.String(), Corners: q, ModulePx: 5, Confidence: 1}, Payload: p})
	}
	return res, nil
}

// TestBlockingProblemIsSaid is the filmed Shake That City game of the
// issue in miniature: the scanner sees a problem that blocks every
// snapshot (here two cards in one cell) on a still table. Within 3 s of
// stillness the display says it (once), and the log says it in full.
func TestBlockingProblemIsSaid(t *testing.T) {
	frames := make([]int, 120) // 6 s of one still table at 20 frames a second
	cam := &scriptCamera{frames: frames, next: &atomic.Int64{}, failAt: -1, failOpens: &atomic.Int64{}}
	cal := &calibration.File{Plane: &calibration.Plane{Image: [2]int{64, 48}, H: geom.ScaleH(10, 10), Source: calibration.SourceCodes, CodeMM: 30, Codes: 2}}
	disp := &timedDisplay{}
	cfg := testConfig(t, "scripted")
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = 20
	var first atomic.Int64
	err := Run(context.Background(), cfg, Deps{
		Display:    disp,
		OpenCamera: cam.open,
		NewScanner: func(s rules.Setup) (live.Scanner, error) {
			sc, err := scanner.New(cal, scanner.Options{Mode: s.Mode, Setup: s, Stable: 300 * time.Millisecond, Reader: twoInOneCell{}, FullRead: -1})
			return live.NewTableScanner(sc, cal, s), err
		},
		OnFrame: func(n int64, at time.Time) {
			if n == 1 {
				first.Store(at.UnixNano())
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Unix(0, first.Load())
	said := 0
	for _, s := range disp.all() {
		if s.Msg.Verdict != display.Warn {
			continue
		}
		said++
		if s.text() != "2 cards, 1 cell / one card a cell" {
			t.Errorf("the display says %q", s.text())
		}
		if d := s.from.Sub(start); d > 3*time.Second {
			t.Errorf("said %.1f s after the table was still, want within 3 s", d.Seconds())
		}
	}
	if said != 1 {
		var all []string
		for _, s := range disp.all() {
			all = append(all, s.text())
		}
		t.Errorf("the blocking problem was said %d times, want once; the display showed:\n%s", said, strings.Join(all, "\n"))
	}
}

// stillCamera gives n black frames of w×h pixels.
type stillCamera struct {
	w, h, n int
	read    atomic.Int64
}

func (c *stillCamera) open(context.Context) (camera.Source, error) { return c, nil }
func (c *stillCamera) Read(ctx context.Context, dst *gocv.Mat) error {
	if int(c.read.Add(1)) > c.n {
		return io.EOF
	}
	m := gocv.NewMatWithSize(c.h, c.w, gocv.MatTypeCV8UC3)
	defer m.Close()
	m.CopyTo(dst)
	return nil
}
func (c *stillCamera) Close() error   { return nil }
func (c *stillCamera) String() string { return "still camera" }

// cardsAt reads the same Strange World cards in every frame, their codes
// measuring modulePx pixels per module: the table in play as the reader
// sees it.
type cardsAt struct {
	modulePx float64
	mmPerPx  float64
	w, h     int
}

func (c cardsAt) Read(context.Context, gocv.Mat) (qr.Result, error) {
	var res qr.Result
	side := 28 / c.mmPerPx // SW's printed code, 28 mm
	for i, n := range []int{1, 2, 3} {
		p := rules.CardPayload(rules.CardRef{ID: rules.CardID{Deck: "SW", Num: n}})
		x, y := float64(c.w)/2+float64(i-1)*200, float64(c.h)/2
		q := geom.Quad{{X: x - side/2, Y: y - side/2}, {X: x + side/2, Y: y - side/2}, {X: x + side/2, Y: y + side/2}, {X: x - side/2, Y: y + side/2}}
		res.Codes = append(res.Codes, qr.Tableref{Code: qr.Code{Text: p.String(), Corners: q, ModulePx: c.modulePx, Confidence: 1, Modules: 25}, Payload: p})
	}
	return res, nil
}

// TestWeakCameraIsSaidOnlyWhenTheReadsSayIt is the camera (issue
// 29): frames of 1920×1080 from 0.7 m above a Strange World table, where
// the stickers' 0.8 mm modules (issue 28) would get 1.4 px at the far
// corner. That prediction alone told players whose every card was read
// "Camera too weak". Now the codes read judge it: cards read at 2 px per
// module or more (or nothing read yet) say nothing; a card read at 1.8 px
// per module, at the reader's limit, says it at the start, on the display
// and in the log, once, with what would work.
func TestWeakCameraIsSaidOnlyWhenTheReadsSayIt(t *testing.T) {
	const w, h = 1920, 1080
	s := 0.4735 // mm per px under a 66° lens 70 cm up at 1920 px
	cal := &calibration.File{Plane: &calibration.Plane{Image: [2]int{w, h}, H: geom.ScaleH(s, s).Mul(geom.Translate(-w/2, -h/2)), Source: calibration.SourceSheet, CodeMM: 33.6, Codes: 4}}
	for _, tc := range []struct {
		name     string
		modulePx float64 // of the codes read; 0: nothing read
		warn     bool
	}{
		{"every card read at 2 px", 2, false},
		{"nothing read", 0, false},
		{"a card read at 1.8 px", 1.8, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cam := &stillCamera{w: w, h: h, n: 20}
			disp := &timedDisplay{}
			cfg := testConfig(t, "scripted")
			cfg.Game = config.Game{Mode: "strangeworld", Players: []string{"Ana", "Ben"}}
			cfg.Camera.AtEnd = config.AtEndStop
			cfg.Camera.FPS = 20
			logs := captureLog(t)
			var reader scanner.CodeReader = cardsAt{modulePx: tc.modulePx, mmPerPx: s, w: w, h: h}
			if tc.modulePx == 0 {
				reader = noCodes{}
			}
			start := time.Now()
			err := Run(context.Background(), cfg, Deps{
				Display:    disp,
				OpenCamera: cam.open,
				NewScanner: func(st rules.Setup) (live.Scanner, error) {
					sc, err := scanner.New(cal, scanner.Options{Mode: st.Mode, Setup: st, Stable: 300 * time.Millisecond, Reader: reader, FullRead: -1})
					return live.NewTableScanner(sc, cal, st), err
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			said := 0
			var all []string
			for _, s := range disp.all() {
				all = append(all, fmt.Sprintf("%s %s", s.from.Format("05.000"), s.text()))
				if strings.HasPrefix(s.text(), "Camera too weak") {
					said++
					if s.text() != "Camera too weak / 1.4 px/module" || s.from.Sub(start) > 2*time.Second {
						t.Errorf("the display says %q %.1f s after the start", s.text(), s.from.Sub(start).Seconds())
					}
				}
			}
			want := map[bool]int{false: 0, true: 1}[tc.warn]
			if said != want {
				t.Errorf("the weak camera was said %d times on the display, want %d; it showed:\n%s\nlog:\n%s", said, want, strings.Join(all, "\n"), logs.String())
			}
			log := logs.String()
			if tc.warn && (!strings.Contains(log, "too weak for the codes") || !strings.Contains(log, "read at 1.8 px per module") ||
				!strings.Contains(log, "lower the camera to 43 cm") || !strings.Contains(log, "px wide")) {
				t.Errorf("the log does not say what was read and what would work:\n%s", log)
			}
			if !tc.warn && strings.Contains(log, "the camera is too weak") {
				t.Errorf("the log warns though no code was read under the reader's limit:\n%s", log)
			}
		})
	}
}

// noCodes reads nothing: an empty table, or a camera that reads no code.
type noCodes struct{}

func (noCodes) Read(context.Context, gocv.Mat) (qr.Result, error) { return qr.Result{}, nil }

// syncBuffer is a buffer the logger and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// captureLog sends the default logger to a buffer for the test.
func captureLog(t *testing.T) *syncBuffer {
	buf := &syncBuffer{}
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(buf, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return buf
}

// TestNoticeSaidOncePerKey: a notice whose text moves from read to read
// (a distance of 253 mm, then 254 mm) is the same notice: said once; a
// blocking one is news again after the table was read.
func TestNoticeSaidOncePerKey(t *testing.T) {
	d := &daemon{pres: present.NewPresenter(present.NoDisplay{}, nil)}
	m := live.Notice{Text: "P1's cards lie 253 mm from P2's marker", Short: [2]string{"Move the markers", "see the page"}, Key: "marker p1"}
	b := live.Notice{Text: "two cards in one cell", Short: [2]string{"2 cards, 1 cell", "one card a cell"}, Key: "same cell", Blocking: true}
	d.notices([]live.Notice{m, b})
	m.Text = "P1's cards lie 254 mm from P2's marker"
	d.notices([]live.Notice{m, b})
	d.tableRead()
	d.notices([]live.Notice{m, b})
	var sent [][]present.Screen
	for len(d.pres.Sent()) > 0 {
		sent = append(sent, <-d.pres.Sent())
	}
	if len(sent) != 2 || len(sent[0]) != 2 || len(sent[1]) != 1 || sent[1][0].Msg.Lines[0] != "2 cards, 1 cell" {
		t.Errorf("sent %v: want both at first, then only the blocking one after the table was read", sent)
	}
}
