package camera

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// A camera the machine cannot have is refused before OpenCV is asked (its
// GStreamer backend warns on stderr and may hang on a laptop); one it may
// have is left to Open.
func TestPresent(t *testing.T) {
	pi, _ := Parse("pi")
	laptop := fstest.MapFS{"dev/null": {}, "usr/lib/x86_64-linux-gnu/gstreamer-1.0/libgstvideoconvert.so": {}}
	raspberry := fstest.MapFS{"dev/video0": {}, "dev/media0": {}, "usr/lib/aarch64-linux-gnu/gstreamer-1.0/libgstlibcamera.so": {}}
	webcam := fstest.MapFS{"dev/video0": {}}
	for _, c := range []struct {
		name string
		root fstest.MapFS
		sp   Spec
		want string // "" when present
	}{
		{"pi on a laptop", laptop, pi, "no libcamera GStreamer plugin (gstreamer1.0-libcamera), no video device"},
		{"pi on a laptop with a webcam", webcam, pi, "no libcamera GStreamer plugin"},
		{"pi on a Pi", raspberry, pi, ""},
		{"webcam 0 on a laptop without one", laptop, Spec{Kind: KindV4L2, Target: "0"}, "/dev/video0 is not there"},
		{"webcam 0", webcam, Spec{Kind: KindV4L2, Target: "0"}, ""},
		{"/dev/video2 missing", webcam, Spec{Kind: KindV4L2, Target: "/dev/video2"}, "/dev/video2 is not there"},
		{"another pipeline", laptop, Spec{Kind: KindGStreamer, Target: "videotestsrc ! appsink"}, ""},
		{"a folder", laptop, Spec{Kind: KindFolder, Target: "frames"}, ""},
	} {
		err := present(c.root, c.sp, nil)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v, want none", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrNoDevice) || !errors.Is(err, ErrOpen)):
			t.Errorf("%s: %v, want ErrNoDevice saying %q", c.name, err, c.want)
		}
	}
	// GST_PLUGIN_PATH's folders count too.
	dir := t.TempDir()
	if err := writeEmpty(dir + "/libgstlibcamera.so"); err != nil {
		t.Fatal(err)
	}
	if err := present(webcam, pi, []string{dir}); err != nil {
		t.Errorf("plugin in GST_PLUGIN_PATH: %v", err)
	}
}

func writeEmpty(path string) error { return os.WriteFile(path, nil, 0o644) }
