package daemon

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/imagefile/imagefiletest"
)

// pixelFrame is a small PNG whose first pixel is i (what pixelScanner reads).
func pixelFrame(t *testing.T, i int) []byte {
	m := gocv.NewMatWithSize(48, 64, gocv.MatTypeCV8UC3)
	defer m.Close()
	m.SetUCharAt(0, 0, uint8(i))
	b, err := gocv.IMEncode(gocv.PNGFileExt, m)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	return bytes.Clone(b.GetBytes())
}

// A recording that cannot be read stops `tableref run` at once with a
// clear error (a non-zero exit), instead of being retried forever like a
// camera that is not plugged in yet.
func TestUnreadableRecordingsFail(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	random := make([]byte, 5000)
	for i := range random {
		random[i] = byte(i * 7919 >> 3)
	}
	emptyDir := filepath.Join(dir, "empty")
	os.Mkdir(emptyDir, 0o755)
	write("huge/f1.png", imagefiletest.Huge())
	write("corrupt/f1.png", []byte("\x89PNG\r\n\x1a\ncorrupt"))
	write("cut/f1.jpg", pixelFrame(t, 1)[:40])
	cases := []struct{ source, want string }{
		{write("empty.mp4", nil), "empty.mp4"},
		{write("random.mp4", random), "random.mp4"},
		{write("photo.mp4", pixelFrame(t, 1)), "still image"},
		{emptyDir, "has no images"},
		{filepath.Join(dir, "huge"), "none of its 1 images"},
		{filepath.Join(dir, "corrupt"), "none of its 1 images"},
		{filepath.Join(dir, "cut"), "none of its 1 images"},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.source), func(t *testing.T) {
			cfg := testConfig(t, tc.source)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			start := time.Now()
			err := Run(ctx, cfg, Deps{NewScanner: func(rules.Setup) (live.Scanner, error) { return &pixelScanner{}, nil }})
			if err == nil || ctx.Err() != nil {
				t.Fatalf("run on %s: %v after %v (want a clear error at once, not retries)", tc.source, err, time.Since(start).Round(time.Millisecond))
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("run on %s: %v; want it to say %q", tc.source, err, tc.want)
			}
			t.Logf("%s: %v", filepath.Base(tc.source), err)
		})
	}
}

// One corrupt frame in a recorded folder is skipped with a warning; the
// game goes on to its end (before, the bad frame made the folder restart
// from its first frame, for ever).
func TestCorruptFrameInFolderIsSkipped(t *testing.T) {
	tables := []rules.Table{{}, table(2), table(2, 4), table(2, 4, 6)}
	dir := t.TempDir()
	n := 0
	frame := func(data []byte) {
		n++
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.png", n)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range tables {
		for k := 0; k < 3; k++ {
			frame(pixelFrame(t, 99)) // a hand over the table
		}
		for k := 0; k < 4; k++ {
			frame(pixelFrame(t, i))
		}
		if i == 1 {
			frame([]byte("\x89PNG\r\n\x1a\ncorrupt"))
			frame(imagefiletest.Huge())
		}
	}
	pix := &pixelScanner{tables: append(tables, make([]rules.Table, 96)...), sent: -1}
	cfg := testConfig(t, dir)
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.FPS = 200
	cfg.Camera.Play = config.PlayEvery // 200 frames a second: by the clock most would be dropped
	fastHolds(t, 20*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var final rules.Game
	err := Run(ctx, cfg, Deps{
		NewScanner: func(rules.Setup) (live.Scanner, error) { return pix, nil },
		OnEnd:      func(_ io.Writer, g rules.Game) { final = g },
	})
	if err != nil || ctx.Err() != nil {
		t.Fatalf("run: %v (context: %v)", err, ctx.Err())
	}
	if final == nil || !final.Finished() || final.Scores()[0].Total != 3 {
		t.Fatalf("game after the recording: %+v", final)
	}
}
