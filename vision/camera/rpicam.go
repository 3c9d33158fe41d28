package camera

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/imagefile"
)

// rpicam reads the MJPEG stream of `rpicam-vid --codec mjpeg -o -`: JPEG
// frames back to back, each from an SOI marker (FF D8) to an EOI marker
// (FF D9). It is the fallback where GStreamer's libcamerasrc is missing.
type rpicam struct {
	cmd    *exec.Cmd
	cancel context.CancelFunc
	r      *bufio.Reader
	desc   string
	buf    bytes.Buffer
}

// rpicamCommand is replaced by tests; it builds the rpicam-vid command.
var rpicamCommand = func(ctx context.Context, sp Spec) *exec.Cmd {
	return exec.CommandContext(ctx, "rpicam-vid", "-t", "0", "-n", "--codec", "mjpeg", "-o", "-",
		"--width", strconv.Itoa(sp.Width), "--height", strconv.Itoa(sp.Height), "--framerate", strconv.Itoa(sp.FPS))
}

func openRpicam(ctx context.Context, sp Spec) (Source, error) {
	// The process outlives Open's ctx (which only bounds opening), so it
	// gets its own context that Close cancels.
	pctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	cmd := rpicamCommand(pctx, sp)
	out, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		return nil, fmt.Errorf("%w: rpicam-vid: %w", ErrOpen, err)
	}
	if err := cmd.Start(); err != nil {
		cancel()
		return nil, fmt.Errorf("%w: rpicam-vid: %w (install rpicam-apps on the Pi)", ErrOpen, err)
	}
	return &rpicam{cmd: cmd, cancel: cancel, r: bufio.NewReaderSize(out, 1<<20), desc: "rpicam-vid " + cmd.String()}, nil
}

func (p *rpicam) String() string { return p.desc }

func (p *rpicam) Close() error {
	if p.cancel == nil {
		return nil
	}
	p.cancel()
	p.cancel = nil
	_ = p.cmd.Wait() // killed by the cancel; its exit status says nothing
	return nil
}

// maxJPEG bounds one frame so a stream without EOI cannot grow forever.
const maxJPEG = 32 << 20

func (p *rpicam) Read(ctx context.Context, dst *gocv.Mat) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if p.cancel == nil {
		return ErrClosed
	}
	if err := nextJPEG(p.r, &p.buf); err != nil {
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("camera: %s: stream ended (camera gone?): %w", p.desc, err)
		}
		return fmt.Errorf("camera: %s: %w", p.desc, err)
	}
	img, err := imagefile.Decode(p.buf.Bytes(), "JPEG frame")
	if err != nil {
		img.Close()
		return fmt.Errorf("camera: %s: %w", p.desc, err)
	}
	defer img.Close()
	img.CopyTo(dst)
	return nil
}

// nextJPEG copies the next SOI…EOI run of r into buf.
func nextJPEG(r *bufio.Reader, buf *bytes.Buffer) error {
	buf.Reset()
	// Skip to SOI.
	var prev byte
	for {
		b, err := r.ReadByte()
		if err != nil {
			return err
		}
		if prev == 0xFF && b == 0xD8 {
			break
		}
		prev = b
	}
	buf.Write([]byte{0xFF, 0xD8})
	prev = 0
	for {
		b, err := r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return io.ErrUnexpectedEOF
			}
			return err
		}
		buf.WriteByte(b)
		if prev == 0xFF && b == 0xD9 {
			return nil
		}
		if buf.Len() > maxJPEG {
			return errors.New("JPEG frame without end marker")
		}
		prev = b
	}
}
