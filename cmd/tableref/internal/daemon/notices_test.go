package daemon

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
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
	cal := &calibration.File{Table: &calibration.Table{Image: [2]int{64, 48}, H: geom.ScaleH(10, 10), Source: calibration.SourceCodes, CodeMM: 30, Codes: 2}}
	disp := &timedDisplay{}
	cfg := testConfig(t, "scripted")
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = 20
	var first atomic.Int64
	err := Run(context.Background(), cfg, Deps{
		Display:    disp,
		OpenCamera: cam.open,
		NewScanner: func(s rules.Setup) (Scanner, error) {
			sc, err := scanner.New(cal, scanner.Options{Mode: s.Mode, Setup: s, Still: 300 * time.Millisecond, Reader: twoInOneCell{}})
			return tableScanner{sc}, err
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
