package camera

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ErrNoDevice says a camera source names a device the machine does not
// have (it is also an ErrOpen). It is found before opening: OpenCV's
// GStreamer backend, asked for libcamerasrc where libcamera is missing,
// prints warnings on stderr and may never return, and its V4L2 backend
// warns about a missing /dev/videoN on every retry.
var ErrNoDevice = errors.New("camera: not on this machine")

// absent is an ErrNoDevice saying what is missing, in the user's words.
type absent string

func (a absent) Error() string { return string(a) }

func (a absent) Is(target error) bool { return target == ErrNoDevice || target == ErrOpen }

// Present says whether the camera sp names can be on this machine: a
// V4L2 device's node exists, and a pipeline reading libcamerasrc (the Pi
// camera, camera.source pi) finds libcamera's GStreamer plugin and a video
// device. Files, folders, rpicam and other pipelines are left to Open. A
// camera that is there but fails is Open's to say; this only spares
// opening what cannot be there.
func Present(sp Spec) error {
	return present(os.DirFS("/"), sp, filepath.SplitList(os.Getenv("GST_PLUGIN_PATH")))
}

// gstPluginDirs are where Debian and Raspberry Pi OS put GStreamer's
// plugins (the multiarch folder varies: aarch64-linux-gnu, arm-linux-gnueabihf, x86_64-linux-gnu).
var gstPluginDirs = []string{"usr/lib/*/gstreamer-1.0", "usr/lib/gstreamer-1.0", "usr/local/lib/*/gstreamer-1.0", "usr/local/lib/gstreamer-1.0"}

func present(root fs.FS, sp Spec, extraPlugins []string) error {
	switch {
	case sp.Kind == KindV4L2:
		dev := sp.Target
		if _, err := fmt.Sscan(dev, new(int)); err == nil && !strings.HasPrefix(dev, "/") {
			dev = "/dev/video" + dev
		}
		if _, err := fs.Stat(root, strings.TrimPrefix(dev, "/")); err != nil {
			return absent(dev + " is not there (no webcam plugged in, or another number)")
		}
	case sp.Kind == KindGStreamer && strings.Contains(sp.Target, "libcamerasrc"):
		var missing []string
		if !anyMatch(root, gstPluginDirs, extraPlugins, "libgstlibcamera.so") {
			missing = append(missing, "no libcamera GStreamer plugin (gstreamer1.0-libcamera)")
		}
		if !anyMatch(root, []string{"dev"}, nil, "video*") {
			missing = append(missing, "no video device (/dev/video*)")
		}
		if len(missing) > 0 {
			return absent("no Raspberry Pi camera here: " + strings.Join(missing, ", "))
		}
	}
	return nil
}

// anyMatch reports whether name matches a file in one of dirs (globs,
// relative to root) or of the absolute folders extra.
func anyMatch(root fs.FS, dirs, extra []string, name string) bool {
	for _, d := range dirs {
		if m, _ := fs.Glob(root, path.Join(d, name)); len(m) > 0 {
			return true
		}
	}
	for _, d := range extra {
		if m, _ := filepath.Glob(filepath.Join(d, name)); len(m) > 0 {
			return true
		}
	}
	return false
}
