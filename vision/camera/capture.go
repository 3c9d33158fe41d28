package camera

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"gocv.io/x/gocv"
)

// errEOF is io.EOF: the end of a file or folder is not a failure.
var errEOF = io.EOF

// capture wraps OpenCV's VideoCapture (through videoio.go's shim) for V4L2
// devices, GStreamer pipelines and video files.
type capture struct {
	vc    *videoCapture
	desc  string
	file  bool
	total int // frames the file's header announces; 0 if unknown
	read  int
}

func openCapture(sp Spec, api gocv.VideoCaptureAPI) (Source, error) {
	// A number names a V4L2 device by index (as gocv's
	// OpenVideoCaptureWithAPI did for any number).
	index, numErr := strconv.Atoi(sp.Target)
	byIndex := numErr == nil && sp.Kind != KindFile
	desc := sp.Kind.String() + " " + sp.Target
	if sp.Kind == KindFile {
		if fi, err := os.Stat(sp.Target); err == nil && fi.Size() == 0 {
			return nil, fmt.Errorf("%w: %s: the file is empty", ErrOpen, desc)
		}
	}
	vc, err := openVideoCapture(sp.Target, index, byIndex, api)
	if err != nil {
		if errors.Is(err, errNoVideoio) {
			return nil, fmt.Errorf("%w: %s: %w", ErrOpen, desc, err)
		}
		if sp.Kind == KindFile {
			return nil, fmt.Errorf("%w: %s: not a video OpenCV can read (damaged, or an unknown format)", ErrOpen, desc)
		}
		return nil, fmt.Errorf("%w: %s: %w", ErrOpen, desc, err)
	}
	c := &capture{vc: vc, desc: desc, file: sp.Kind == KindFile}
	if c.file {
		if n, err := vc.get(gocv.VideoCaptureFrameCount); err == nil && n > 0 {
			c.total = int(n)
		}
	}
	return c, nil
}

func (c *capture) String() string { return c.desc }

func (c *capture) Close() error {
	if c.vc == nil {
		return nil
	}
	err := c.vc.close()
	c.vc = nil
	return err
}

func (c *capture) Read(ctx context.Context, dst *gocv.Mat) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if c.vc == nil {
		return ErrClosed
	}
	ok, err := c.vc.read(dst)
	if err != nil {
		return fmt.Errorf("camera: %s: %w", c.desc, err)
	}
	if !ok || dst.Empty() {
		if c.file {
			// A file that stops before the frame count in its header
			// was cut short: say so instead of pretending it ended.
			if c.total > 0 && c.read < c.total-1 {
				return fmt.Errorf("%w: %s: frame %d of %d unreadable", ErrTruncated, c.desc, c.read+1, c.total)
			}
			return errEOF
		}
		return fmt.Errorf("camera: %s: no frame (disconnected?)", c.desc)
	}
	c.read++
	return nil
}
