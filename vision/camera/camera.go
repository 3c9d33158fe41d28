// Package camera gives every way tableref gets frames — a V4L2 webcam, a
// GStreamer pipeline (libcamera on a Pi), an rpicam-vid MJPEG pipe, a video
// file, a folder of images — one interface, checked by reading a frame and
// reopened with backoff when the camera goes away.
package camera

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/imagefile"
)

// Source yields frames. Read fills dst (an 8-bit BGR Mat the caller owns and
// closes) with the next frame. It returns io.EOF at the end of a file or
// folder, and another error when the camera failed.
type Source interface {
	Read(ctx context.Context, dst *gocv.Mat) error
	Close() error
	String() string
}

// Errors a source returns.
var (
	ErrOpen      = errors.New("camera: cannot open")
	ErrNoFrame   = errors.New("camera: opened but gives no frame")
	ErrTruncated = errors.New("camera: video file ends early (truncated or corrupt)")
	ErrClosed    = errors.New("camera: source closed")
)

// PiPipeline is the default GStreamer pipeline for a Raspberry Pi camera on
// bookworm, where OpenCV's V4L2 capture cannot read CSI cameras. appsink
// drops stale frames (drop=1 max-buffers=1) so the referee always sees the
// table as it is now, not as it was a second ago.
func PiPipeline(width, height, fps int) string {
	return fmt.Sprintf("libcamerasrc ! video/x-raw,width=%d,height=%d,framerate=%d/1 ! videoconvert ! video/x-raw,format=BGR ! appsink drop=1 max-buffers=1",
		width, height, fps)
}

// Spec says which source to open. Parse builds one from the text a user
// gives on the command line or in the config file.
type Spec struct {
	Kind Kind
	// Device index (V4L2), device path, pipeline text, file or folder.
	Target string
	// Width, Height, FPS for sources that set them (rpicam-vid); zero means
	// the source's default.
	Width, Height, FPS int
}

// Kind is a type of source.
type Kind int

const (
	KindV4L2      Kind = iota + 1 // /dev/videoN or N
	KindGStreamer                 // a gst-launch style pipeline ending in appsink
	KindRpicam                    // rpicam-vid writing MJPEG to a pipe
	KindFile                      // a video file
	KindFolder                    // a folder of images, in name order
)

func (k Kind) String() string {
	switch k {
	case KindV4L2:
		return "v4l2"
	case KindGStreamer:
		return "gstreamer"
	case KindRpicam:
		return "rpicam"
	case KindFile:
		return "file"
	case KindFolder:
		return "folder"
	}
	return "unknown"
}

// Parse reads a source description:
//
//	0, /dev/video0           V4L2 device index or path
//	pi                       the Pi camera through PiPipeline(2304, 1296, 15)
//	gst:PIPELINE, or any text containing " ! "   a GStreamer pipeline
//	rpicam, rpicam:WxH@FPS   rpicam-vid's MJPEG on a pipe
//	PATH                     a folder of images, or a video file
func Parse(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return Spec{}, fmt.Errorf("%w: empty source", ErrOpen)
	case s == "pi":
		return Spec{Kind: KindGStreamer, Target: PiPipeline(2304, 1296, 15)}, nil
	case strings.HasPrefix(s, "gst:"):
		return Spec{Kind: KindGStreamer, Target: strings.TrimPrefix(s, "gst:")}, nil
	case strings.Contains(s, " ! "):
		return Spec{Kind: KindGStreamer, Target: s}, nil
	case s == "rpicam" || strings.HasPrefix(s, "rpicam:"):
		sp := Spec{Kind: KindRpicam, Width: 2304, Height: 1296, FPS: 15}
		if rest, ok := strings.CutPrefix(s, "rpicam:"); ok {
			if _, err := fmt.Sscanf(rest, "%dx%d@%d", &sp.Width, &sp.Height, &sp.FPS); err != nil {
				return Spec{}, fmt.Errorf("%w: rpicam source %q: want rpicam:WIDTHxHEIGHT@FPS", ErrOpen, s)
			}
		}
		return sp, nil
	case strings.HasPrefix(s, "/dev/video"):
		return Spec{Kind: KindV4L2, Target: s}, nil
	}
	if _, err := strconv.Atoi(s); err == nil {
		return Spec{Kind: KindV4L2, Target: s}, nil
	}
	fi, err := os.Stat(s)
	if err != nil {
		return Spec{}, fmt.Errorf("%w: %q is no device, pipeline or file: %w", ErrOpen, s, err)
	}
	if fi.IsDir() {
		return Spec{Kind: KindFolder, Target: s}, nil
	}
	if format := sniffFile(s); format != "" {
		return Spec{}, fmt.Errorf("%w: %s is a still image (%s), not a video: put the frames of a recording in a folder and give the folder, or read one photo with tableref scan", ErrOpen, s, format)
	}
	return Spec{Kind: KindFile, Target: s}, nil
}

// sniffFile names the image format of the file at path ("" for none or
// when it cannot be read: opening it as a video then says why).
func sniffFile(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 16)
	n, _ := io.ReadFull(f, head)
	return imagefile.Sniff(head[:n])
}

// Open opens the source and checks it by reading one frame (isOpened() says
// nothing about whether a camera delivers frames); that frame is the first
// one Read returns. On failure everything opened is closed again.
func Open(ctx context.Context, sp Spec) (Source, error) {
	var (
		src Source
		err error
	)
	switch sp.Kind {
	case KindV4L2:
		src, err = openCapture(sp, gocv.VideoCaptureV4L2)
	case KindGStreamer:
		src, err = openCapture(sp, gocv.VideoCaptureGstreamer)
	case KindFile:
		src, err = openCapture(sp, gocv.VideoCaptureAny)
	case KindFolder:
		src, err = openFolder(sp.Target)
	case KindRpicam:
		src, err = openRpicam(ctx, sp)
	default:
		return nil, fmt.Errorf("%w: unknown source kind %d", ErrOpen, sp.Kind)
	}
	if err != nil {
		return nil, err
	}
	return primed(ctx, src)
}

// primedSource keeps the frame read while checking the source.
type primedSource struct {
	Source
	first gocv.Mat
	have  bool
}

func primed(ctx context.Context, src Source) (Source, error) {
	p := &primedSource{Source: src, first: gocv.NewMat()}
	if err := src.Read(ctx, &p.first); err != nil {
		p.first.Close()
		src.Close()
		if errors.Is(err, ErrNoFrame) {
			return nil, err // it says so already
		}
		return nil, fmt.Errorf("%w: %s: %w", ErrNoFrame, src, err)
	}
	p.have = true
	return p, nil
}

func (p *primedSource) Read(ctx context.Context, dst *gocv.Mat) error {
	if p.have {
		p.have = false
		p.first.CopyTo(dst)
		return nil
	}
	return p.Source.Read(ctx, dst)
}

func (p *primedSource) Close() error {
	p.first.Close()
	return p.Source.Close()
}

// imageExts are the still formats a folder source reads.
var imageExts = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".bmp": true, ".tif": true, ".tiff": true, ".webp": true}

// Folder reads the images of a folder in name order, then io.EOF. Each
// image is decoded into a new Mat that replaces the caller's (instead of
// being copied into it), so a 12 MP recording never holds two frames at
// once. An image that cannot be read (cut short, corrupt, a header too
// large) is skipped with a warning: one bad frame must not stop a
// recording, nor restart it from the first frame. A folder with no
// readable image at all is an error.
type Folder struct {
	dir     string
	files   []string
	next    int
	read    int  // images read in this pass
	skipped int  // images skipped in this pass
	waiting bool // the frames have gone and are waited for
}

// folderGone reports whether the folder itself is not there.
func (f *Folder) folderGone() bool {
	_, err := os.Stat(f.dir)
	return errors.Is(err, fs.ErrNotExist)
}

// folderRetry is how often a folder camera whose frames have gone looks
// for them again.
const folderRetry = 250 * time.Millisecond

// OpenFolder lists the images of dir (without reading any: Open checks a
// folder by reading its first frame).
func OpenFolder(dir string) (*Folder, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: folder %s: %w", ErrOpen, dir, err)
	}
	f := &Folder{dir: dir}
	for _, e := range ents {
		if !e.IsDir() && imageExts[strings.ToLower(filepath.Ext(e.Name()))] {
			f.files = append(f.files, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(f.files)
	if len(f.files) == 0 {
		return nil, fmt.Errorf("%w: folder %s has no images (.png, .jpg, .bmp, .tif, .webp)", ErrOpen, dir)
	}
	return f, nil
}

func openFolder(dir string) (Source, error) { return OpenFolder(dir) }

func (f *Folder) String() string { return "folder " + f.dir }
func (f *Folder) Close() error   { f.next = len(f.files); return nil }

// Skipped is the number of unreadable images skipped so far.
func (f *Folder) Skipped() int { return f.skipped }

// Skip passes over the next n images without decoding them: a recording
// played by the wall clock drops the frames the scanner had no time for.
func (f *Folder) Skip(n int) error {
	f.next = min(len(f.files), f.next+max(0, n))
	return nil
}

// Read replaces *dst with the next readable image (closing the Mat it
// held).
func (f *Folder) Read(ctx context.Context, dst *gocv.Mat) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if f.next >= len(f.files) {
			if f.read == 0 {
				return fmt.Errorf("%w: folder %s: none of its %d images can be read", ErrNoFrame, f.dir, len(f.files))
			}
			return errEOF
		}
		name := f.files[f.next]
		img, err := imagefile.Read(name)
		if errors.Is(err, fs.ErrNotExist) && f.folderGone() {
			// The folder has gone: moved, an unplugged USB stick. Wait
			// for it instead of skipping every frame in a few
			// milliseconds and ending the recording with the game
			// unfinished. (One frame deleted from a folder still there
			// is skipped like an unreadable one.)
			img.Close()
			if !f.waiting {
				slog.Warn("camera: the recording's frames are gone; waiting for them to come back", "folder", f.dir, "frame", filepath.Base(name))
				f.waiting = true
			}
			wait, stop := context.WithTimeout(ctx, folderRetry)
			<-wait.Done()
			stop()
			if err := ctx.Err(); err != nil {
				return err
			}
			continue
		}
		if f.waiting {
			slog.Info("camera: the recording's frames are back", "folder", f.dir)
			f.waiting = false
		}
		f.next++
		if err != nil {
			img.Close()
			f.skipped++
			slog.Warn("camera: skipping an unreadable frame", "err", err)
			continue
		}
		f.read++
		dst.Close() // first, so the two frames are never held together
		*dst = img
		return nil
	}
}
