package camera

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// busyFrame is a 160×120 frame that differs from frame to frame all over
// (a moving bar and a gradient), so a frame read out of order or decoded
// differently shows.
func busyFrame(i int) gocv.Mat {
	m := gocv.NewMatWithSize(120, 160, gocv.MatTypeCV8UC3)
	for y := 0; y < 120; y++ {
		for x := 0; x < 160; x++ {
			m.SetUCharAt(y, 3*x, uint8(x+7*i))
			m.SetUCharAt(y, 3*x+1, uint8(y*2))
			m.SetUCharAt(y, 3*x+2, uint8(x^y))
		}
	}
	gocv.Rectangle(&m, image.Rect(10*i, 30, 10*i+20, 90), color.RGBA{R: 255, G: 255, B: 255}, -1)
	return m
}

// gocvFrames reads path with gocv's own VideoCapture (which links
// libopencv_videoio: test binaries may).
func gocvFrames(t *testing.T, path string) (frames [][]byte, count float64) {
	t.Helper()
	vc, err := gocv.VideoCaptureFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer vc.Close()
	count = vc.Get(gocv.VideoCaptureFrameCount)
	m := gocv.NewMat()
	defer m.Close()
	for vc.Read(&m) && !m.Empty() {
		frames = append(frames, bytes.Clone(m.ToBytes()))
	}
	return frames, count
}

// A video file read through the dlopen shim gives, frame for frame and
// byte for byte, what gocv's VideoCapture gives, and its header's frame
// count; seeking with set() lands on the same frame.
func TestShimReadsWhatGocvReads(t *testing.T) {
	for _, codec := range []struct{ ext, fourcc string }{{".avi", "MJPG"}, {".avi", "XVID"}, {".mp4", "mp4v"}} {
		t.Run(codec.fourcc, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "clip"+codec.ext)
			vw, err := gocv.VideoWriterFile(path, codec.fourcc, 10, 160, 120, true)
			if err != nil || !vw.IsOpened() {
				t.Skipf("OpenCV here cannot write %s: %v", codec.fourcc, err)
			}
			for i := 0; i < 9; i++ {
				m := busyFrame(i)
				vw.Write(m)
				m.Close()
			}
			vw.Close()
			want, count := gocvFrames(t, path)
			if len(want) != 9 {
				t.Fatalf("gocv reads %d frames of 9", len(want))
			}

			src, err := Open(context.Background(), Spec{Kind: KindFile, Target: path})
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			if got := src.(*primedSource).Source.(*capture).total; got != int(count) {
				t.Errorf("frame count %d, gocv says %v", got, count)
			}
			m := gocv.NewMat()
			defer m.Close()
			n := 0
			for ; ; n++ {
				err := src.Read(context.Background(), &m)
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("frame %d: %v", n, err)
				}
				if n >= len(want) {
					t.Fatalf("more frames than gocv's %d", len(want))
				}
				if m.Cols() != 160 || m.Rows() != 120 || m.Type() != gocv.MatTypeCV8UC3 || !bytes.Equal(m.ToBytes(), want[n]) {
					t.Fatalf("frame %d (%d×%d type %v) differs from gocv's", n, m.Cols(), m.Rows(), m.Type())
				}
			}
			if n != len(want) {
				t.Errorf("read %d frames, gocv %d", n, len(want))
			}

			vc, err := openVideoCapture(path, 0, false, gocv.VideoCaptureAny)
			if err != nil {
				t.Fatal(err)
			}
			defer vc.close()
			if ok, err := vc.set(gocv.VideoCapturePosFrames, 5); !ok || err != nil {
				t.Fatalf("seek: %v %v", ok, err)
			}
			if ok, err := vc.read(&m); !ok || err != nil || !bytes.Equal(m.ToBytes(), want[5]) {
				t.Errorf("after seeking to frame 5: ok %v, err %v, same as gocv's frame 5: %v", ok, err, bytes.Equal(m.ToBytes(), want[5]))
			}
			if err := vc.close(); err != nil {
				t.Error(err)
			}
			if err := vc.close(); err != nil { // twice is harmless
				t.Error(err)
			}
		})
	}
}

// withVideoioLibrary runs f with the seam naming lib, then forgets what it
// loaded so the next capture finds the real library again.
func withVideoioLibrary(t *testing.T, lib string, f func()) {
	t.Helper()
	videoio.Lock()
	oldCtor, oldLib := videoio.ctor, videoioLibrary
	videoio.ctor = nil
	videoioLibrary = func() (string, error) { return lib, nil }
	videoio.Unlock()
	defer func() {
		videoio.Lock()
		videoio.ctor, videoioLibrary = oldCtor, oldLib
		videoio.Unlock()
	}()
	f()
}

// Without OpenCV's videoio library a video source fails to open with an
// error that names the file looked for and what to install; a library
// without cv::VideoCapture says so too. Neither panics.
func TestMissingVideoioIsAClearError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "clip.avi")
	writeVideo(t, path, 3)
	missing := "/nonexistent/libopencv_videoio.so.406"
	withVideoioLibrary(t, missing, func() {
		_, err := Open(context.Background(), Spec{Kind: KindFile, Target: path})
		t.Logf("%v", err)
		if !errors.Is(err, ErrOpen) || !errors.Is(err, errNoVideoio) {
			t.Fatalf("missing library: %v; want ErrOpen and errNoVideoio", err)
		}
		for _, want := range []string{path, missing, "libopencv-videoio406"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("missing library: %q does not say %q", err, want)
			}
		}
		// A camera by index goes through the same loader.
		if _, err := Open(context.Background(), Spec{Kind: KindV4L2, Target: "0"}); !errors.Is(err, errNoVideoio) {
			t.Errorf("v4l2 without the library: %v", err)
		}
	})

	core, err := videoioBesideCore()
	if err != nil {
		t.Fatal(err)
	}
	core = strings.Replace(core, "opencv_videoio", "opencv_core", 1)
	withVideoioLibrary(t, core, func() {
		_, err := Open(context.Background(), Spec{Kind: KindFile, Target: path})
		t.Logf("%v", err)
		if !errors.Is(err, errNoVideoio) || !strings.Contains(err.Error(), "has no cv::VideoCapture") {
			t.Errorf("library without VideoCapture: %v", err)
		}
	})

	// And the real library works again afterwards.
	src, err := Open(context.Background(), Spec{Kind: KindFile, Target: path})
	if err != nil {
		t.Fatal(err)
	}
	src.Close()
}

// A cv::Exception thrown inside OpenCV comes back as a Go error with
// OpenCV's message (with the exception mode on, opening a missing file
// throws).
func TestOpenCVExceptionIsAnError(t *testing.T) {
	throwOnFail = true
	defer func() { throwOnFail = false }()
	missing := filepath.Join(t.TempDir(), "missing.avi")
	_, err := openVideoCapture(missing, 0, false, gocv.VideoCaptureFFmpeg)
	t.Logf("%v", err)
	if err == nil || !strings.Contains(err.Error(), "OpenCV:") {
		t.Fatalf("open of a missing file in exception mode: %v; want OpenCV's exception as an error", err)
	}
}

func TestVideoioBesideCore(t *testing.T) {
	for core, want := range map[string]string{
		"/usr/lib/x86_64-linux-gnu/libopencv_core.so.406":    "/usr/lib/x86_64-linux-gnu/libopencv_videoio.so.406",
		"/usr/lib/aarch64-linux-gnu/libopencv_core.so.4.6.0": "/usr/lib/aarch64-linux-gnu/libopencv_videoio.so.4.6.0",
		"/opt/opencv_core/lib/libopencv_core460.so":          "/opt/opencv_core/lib/libopencv_videoio460.so",
		"libopencv_core.so": "libopencv_videoio.so",
	} {
		if got, err := besideCore(core); got != want || err != nil {
			t.Errorf("besideCore(%q) = %q, %v; want %q", core, got, err, want)
		}
	}
	if _, err := besideCore("/usr/bin/tableref"); err == nil {
		t.Error("an executable taken for libopencv_core")
	}
	// In this process, the library found is a file that exists.
	lib, err := videoioBesideCore()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(lib); err != nil {
		t.Errorf("videoio beside core: %v", err)
	}
}

// The shim must not name a libopencv_videoio symbol: one would make the
// linker keep the library (and its ~240 dependencies) in tableref. Compiled
// as cgo does (-O2), with speculative devirtualisation forced on too.
func TestShimNeedsNoVideoioSymbol(t *testing.T) {
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("no g++")
	}
	flags, err := exec.Command("pkg-config", "--cflags", "opencv4").Output()
	if err != nil {
		t.Skipf("no pkg-config opencv4: %v", err)
	}
	obj := filepath.Join(t.TempDir(), "shim.o")
	args := append([]string{"-O2", "-fdevirtualize-speculatively", "-c", "videoio_shim.cpp", "-o", obj}, strings.Fields(string(flags))...)
	if out, err := exec.Command(cxx, args...).CombinedOutput(); err != nil {
		t.Fatalf("g++: %v\n%s", err, out)
	}
	out, err := exec.Command("nm", "-u", "-C", obj).Output()
	if err != nil {
		t.Skipf("nm: %v", err)
	}
	for _, sym := range strings.Split(string(out), "\n") {
		if strings.Contains(sym, "VideoCapture") || strings.Contains(sym, "VideoWriter") || strings.Contains(sym, "cv::videoio") {
			t.Errorf("the shim needs %s at link time", strings.TrimSpace(sym))
		}
	}
	if !strings.Contains(string(out), "typeinfo for cv::Exception") {
		t.Errorf("nm -u shows no cv::Exception typeinfo: is the check looking at the shim? %s", out)
	}
}
