package camera

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/imagefile/imagefiletest"
)

// testFrame is a 160×120 frame whose top-left pixel encodes i.
func testFrame(i int) gocv.Mat {
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 80, 120, 0), 120, 160, gocv.MatTypeCV8UC3)
	gocv.Rectangle(&m, image.Rect(0, 0, 40, 40), color.RGBA{R: uint8(20 * i), G: 200, B: 10}, -1)
	return m
}

func readAll(t *testing.T, src Source) (int, error) {
	t.Helper()
	m := gocv.NewMat()
	defer m.Close()
	n := 0
	for {
		err := src.Read(context.Background(), &m)
		if err != nil {
			return n, err
		}
		if m.Empty() || m.Cols() != 160 {
			t.Fatalf("frame %d: %d×%d", n, m.Cols(), m.Rows())
		}
		n++
	}
}

func TestParse(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "v.avi")
	os.WriteFile(file, []byte("x"), 0o644)
	cases := map[string]Kind{
		"0": KindV4L2, "/dev/video2": KindV4L2, "pi": KindGStreamer,
		"gst:videotestsrc ! appsink": KindGStreamer, "videotestsrc ! appsink": KindGStreamer,
		"rpicam": KindRpicam, "rpicam:1920x1080@30": KindRpicam, dir: KindFolder, file: KindFile,
	}
	for in, want := range cases {
		sp, err := Parse(in)
		if err != nil || sp.Kind != want {
			t.Errorf("Parse(%q) = %v, %v; want kind %v", in, sp.Kind, err, want)
		}
	}
	if sp, _ := Parse("rpicam:1920x1080@30"); sp.Width != 1920 || sp.Height != 1080 || sp.FPS != 30 {
		t.Errorf("rpicam size: %+v", sp)
	}
	for _, bad := range []string{"", "rpicam:big", filepath.Join(dir, "missing.mp4")} {
		if _, err := Parse(bad); !errors.Is(err, ErrOpen) {
			t.Errorf("Parse(%q): err %v, want ErrOpen", bad, err)
		}
	}
	if sp, _ := Parse("pi"); !bytes.Contains([]byte(sp.Target), []byte("appsink drop=1 max-buffers=1")) {
		t.Errorf("pi pipeline %q does not drop stale frames", sp.Target)
	}
}

func TestFolder(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 3; i++ {
		m := testFrame(i)
		gocv.IMWrite(filepath.Join(dir, fmt.Sprintf("f%d.png", i)), m)
		m.Close()
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not an image"), 0o644)
	src, err := Open(context.Background(), Spec{Kind: KindFolder, Target: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	n, err := readAll(t, src)
	if n != 3 || !errors.Is(err, io.EOF) {
		t.Errorf("read %d frames, then %v; want 3 then EOF", n, err)
	}

	if _, err := Open(context.Background(), Spec{Kind: KindFolder, Target: t.TempDir()}); !errors.Is(err, ErrOpen) {
		t.Errorf("empty folder: %v, want ErrOpen", err)
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "a.png"), []byte("\x89PNG\r\n\x1a\ncorrupt"), 0o644)
	if _, err := Open(context.Background(), Spec{Kind: KindFolder, Target: bad}); !errors.Is(err, ErrNoFrame) {
		t.Errorf("corrupt image: %v, want ErrNoFrame", err)
	}
}

func writeVideo(t *testing.T, path string, frames int) {
	t.Helper()
	vw, err := gocv.VideoWriterFile(path, "MJPG", 10, 160, 120, true)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < frames; i++ {
		m := testFrame(i)
		if err := vw.Write(m); err != nil {
			t.Fatal(err)
		}
		m.Close()
	}
	vw.Close()
}

func TestVideoFileAndTruncation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "clip.avi")
	writeVideo(t, path, 12)
	src, err := Open(context.Background(), Spec{Kind: KindFile, Target: path})
	if err != nil {
		t.Fatal(err)
	}
	n, err := readAll(t, src)
	src.Close()
	if n != 12 || !errors.Is(err, io.EOF) {
		t.Fatalf("read %d frames then %v; want 12 then EOF", n, err)
	}

	// Cut the file in the middle: the header still announces 12 frames.
	data, _ := os.ReadFile(path)
	cut := filepath.Join(t.TempDir(), "cut.avi")
	os.WriteFile(cut, data[:len(data)/2], 0o644)
	src, err = Open(context.Background(), Spec{Kind: KindFile, Target: cut})
	if err != nil {
		// Refusing the file outright is a clear error too.
		t.Logf("truncated file refused at open: %v", err)
		if !errors.Is(err, ErrOpen) && !errors.Is(err, ErrNoFrame) {
			t.Fatalf("truncated file: unclear error %v", err)
		}
		return
	}
	defer src.Close()
	n, err = readAll(t, src)
	t.Logf("truncated file: %d frames, then %v", n, err)
	if !errors.Is(err, ErrTruncated) {
		t.Errorf("truncated file: read %d frames then %v; want ErrTruncated", n, err)
	}

	garbage := filepath.Join(t.TempDir(), "junk.mp4")
	os.WriteFile(garbage, bytes.Repeat([]byte{0x42}, 5000), 0o644)
	if _, err := Open(context.Background(), Spec{Kind: KindFile, Target: garbage}); err == nil {
		t.Error("garbage video opened without error")
	}
}

func jpegOf(t *testing.T, i int) []byte {
	m := testFrame(i)
	defer m.Close()
	b, err := gocv.IMEncode(gocv.JPEGFileExt, m)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	return append([]byte(nil), b.GetBytes()...)
}

func TestRpicamPipe(t *testing.T) {
	var stream bytes.Buffer
	stream.Write(jpegOf(t, 1))
	stream.Write(jpegOf(t, 2))
	j := jpegOf(t, 3)
	stream.Write(j[:len(j)/2]) // camera unplugged mid-frame
	path := filepath.Join(t.TempDir(), "stream.mjpeg")
	os.WriteFile(path, stream.Bytes(), 0o644)
	old := rpicamCommand
	defer func() { rpicamCommand = old }()
	rpicamCommand = func(ctx context.Context, sp Spec) *exec.Cmd { return exec.CommandContext(ctx, "cat", path) }

	src, err := Open(context.Background(), Spec{Kind: KindRpicam, Width: 160, Height: 120, FPS: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	n, err := readAll(t, src)
	if n != 2 || err == nil || errors.Is(err, io.EOF) {
		t.Errorf("read %d frames then %v; want 2 then a stream error (not EOF)", n, err)
	}

	var buf bytes.Buffer
	if err := nextJPEG(bufio.NewReader(bytes.NewReader([]byte{1, 2, 3})), &buf); !errors.Is(err, io.EOF) {
		t.Errorf("no SOI: %v", err)
	}
}

// fakeClock records waits and fires at once.
type fakeClock struct{ waits []time.Duration }

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.waits = append(c.waits, d)
	ch := make(chan time.Time, 1)
	ch <- time.Time{}
	return ch
}

// flaky fails to open `failOpens` times, then gives `frames` frames and
// fails as if unplugged.
type flaky struct {
	opens, closes, failOpens, frames int
}

type flakySource struct {
	f    *flaky
	left int
}

func (s *flakySource) String() string { return "flaky" }
func (s *flakySource) Close() error   { s.f.closes++; return nil }
func (s *flakySource) Read(_ context.Context, dst *gocv.Mat) error {
	if s.left == 0 {
		return errors.New("device unplugged")
	}
	s.left--
	m := testFrame(0)
	defer m.Close()
	m.CopyTo(dst)
	return nil
}

func TestReconnectingBacksOff(t *testing.T) {
	f := &flaky{failOpens: 3, frames: 2}
	clk := &fakeClock{}
	r := &Reconnecting{
		Open: func(context.Context) (Source, error) {
			f.opens++
			if f.opens <= f.failOpens {
				return nil, errors.New("no camera")
			}
			return &flakySource{f: f, left: f.frames}, nil
		},
		Min: 100 * time.Millisecond, Max: 300 * time.Millisecond, Clock: clk,
	}
	m := gocv.NewMat()
	defer m.Close()
	for i := 0; i < 3; i++ { // 2 frames, then unplug and reconnect for the third
		if err := r.Read(context.Background(), &m); err != nil {
			t.Fatalf("read %d: %v", i, err)
		}
	}
	want := []time.Duration{100, 200, 300, 100}
	for i := range want {
		want[i] *= time.Millisecond
	}
	if fmt.Sprint(clk.waits) != fmt.Sprint(want) {
		t.Errorf("waits %v, want %v", clk.waits, want)
	}
	if f.opens != 5 || f.closes != 1 {
		t.Errorf("opens %d closes %d, want 5 and 1", f.opens, f.closes)
	}
	r.Close()
	if f.closes != 2 {
		t.Errorf("Close did not close the source")
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := r.Read(ctx, &m); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled read: %v", err)
	}
}

// One bad frame in a recorded folder (cut short, corrupt, or a header
// claiming 10¹⁰ pixels) is skipped with a warning; the others play in
// order, once, and then the folder ends.
func TestFolderSkipsBadFrames(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 3; i++ {
		m := testFrame(i)
		gocv.IMWrite(filepath.Join(dir, fmt.Sprintf("f%d.png", i*2)), m)
		m.Close()
	}
	j := jpegOf(t, 9)
	os.WriteFile(filepath.Join(dir, "f1.jpg"), j[:len(j)/2], 0o644) // cut short
	os.WriteFile(filepath.Join(dir, "f3.png"), imagefiletest.Huge(), 0o644)
	os.WriteFile(filepath.Join(dir, "f5.png"), []byte("\x89PNG\r\n\x1a\ncorrupt"), 0o644)
	src, err := Open(context.Background(), Spec{Kind: KindFolder, Target: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	m := gocv.NewMat()
	defer m.Close()
	var got []uint8
	for {
		err := src.Read(context.Background(), &m)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("after %d frames: %v", len(got), err)
		}
		got = append(got, m.GetVecbAt(5, 5)[2]) // red of the top-left square: 20·i
	}
	if fmt.Sprint(got) != "[0 20 40]" {
		t.Errorf("frames read %v, want the three good ones in order [0 20 40]", got)
	}
	f := src.(*primedSource).Source.(*Folder)
	if f.Skipped() != 3 {
		t.Errorf("skipped %d, want 3", f.Skipped())
	}

	// A folder whose every image is unreadable is an error, not an end.
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "a.png"), imagefiletest.Huge(), 0o644)
	if _, err := Open(context.Background(), Spec{Kind: KindFolder, Target: bad}); !errors.Is(err, ErrNoFrame) {
		t.Errorf("folder of unreadable images: %v, want ErrNoFrame", err)
	}
}

// An image given as the camera is refused with a clear error instead of
// being opened as a video that never gives a frame.
func TestStillImageIsNotAVideo(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{"photo.jpg": jpegOf(t, 1), "huge.png": imagefiletest.Huge(), "photo.mp4": jpegOf(t, 1)} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, data, 0o644)
		_, err := Parse(path)
		if !errors.Is(err, ErrOpen) || !strings.Contains(err.Error(), "still image") {
			t.Errorf("%s as the camera: %v", name, err)
		}
	}
}
