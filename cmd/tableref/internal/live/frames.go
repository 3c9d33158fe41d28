package live

import (
	"context"
	"errors"
	"fmt"
	"github.com/tableref/tableref/cmd/tableref/internal/clock"
	"image"
	"io"
	"log/slog"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tableref/tableref/vision/imagefile"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/camera"
)

// Scanner is what the pipeline needs of package scanner: frames in, stable
// snapshots out. NewScanner in Deps makes one per game (the zones depend
// on the mode and the players).
type Scanner interface {
	Frame(ctx context.Context, t time.Duration, frame gocv.Mat) (ScanUpdate, error)
}

// ScanUpdate is what one frame changed.
type ScanUpdate struct {
	Snapshot *rules.Table // a new stable snapshot, or nil
	Moving   bool         // hands over the table
	Marks    []Mark       // what the frame's read found, for the picture
	Problems []string     // why the read is not a snapshot yet
	Notices  []Notice     // what the players must hear about (notices.go)
	// StillFor is how long the table had been still at this frame: the
	// first still frame of a move was taken StillFor before it, and a
	// verdict's latency is counted from there.
	StillFor time.Duration
}

// Notice is something the scanner sees that the players must hear about,
// since no snapshot (and so no referee's word) will tell them: a problem
// that blocks every snapshot of a still table (an unknown colour, two
// cards in one cell), or a player marker nearer another player's area.
type Notice struct {
	Text  string    // what, where and what to do, for the page and the log
	Short [2]string // the display's two lines
	// Key says when it is the same notice again: the problem's kind, zone,
	// cells and cards, not its text, whose distances and fractions move
	// a little from one read to the next. Empty: the text.
	Key string
	// Blocking: no snapshot comes while it lasts; it is said again once
	// the table has been read in between.
	Blocking bool
}

// Mark is one detection to draw on the camera picture.
type Mark struct {
	Corners [4]image.Point // full-resolution pixels
	Label   string
	Good    bool         // a card in a cell (green) or a problem (orange)
	Card    rules.CardID // the card, for the referee's verdict on it (zero: not a card)
}

// frame is one camera frame in flight. Mats come from a small pool and go
// back to it, so a 12 MP stream allocates its buffers once.
type frame struct {
	mat *gocv.Mat
	at  time.Time
}

// poolSize is the number of frame buffers: one being read, one waiting,
// one being scanned, so the scanner always gets the newest frame. From
// bigFrame pixels on, the pool keeps one buffer (3 × 36 MB at 12 MP is
// too much for a Pi): the camera and the scanner then take turns, and a
// live source still hands over its newest frame at each read (appsink
// drop=1 max-buffers=1 and rpicam's pipe keep only the latest).
const poolSize = 3

var bigFrame = 8_000_000 // a variable: tests play small frames as big ones

// Camera reads frames into the latest-frame slot, dropping the older
// frame when the scanner is behind: the referee must see the table as it
// is now, never a queue of old frames.
type Camera struct {
	open   func(ctx context.Context) (camera.Source, error)
	fps    float64 // pacing for file and folder sources; 0 = none
	status func(ok bool, text string)
	pool   chan *gocv.Mat
	latest chan frame
	now    func() time.Time
	read   atomic.Int64 // frames read, for tests and logs
	size   int          // buffers in the pool's keeping (poolSize, or 1 for big frames)
	// recording is a video file or a folder of images: opened once, never
	// reopened (a file that cannot be read fails the run with its reason).
	Recording bool
	// everyFrame plays a recording's every frame, waiting for the scanner
	// (camera.play: every), instead of by the wall clock.
	EveryFrame bool
	skipped    atomic.Int64 // recording frames passed over, the scanner being busy
	// onFrame, if set, is told of every frame read (latency measurement):
	// its position in the source (1-based) and when it was taken.
	OnFrame func(n int64, at time.Time)
}

func NewCamera(open func(ctx context.Context) (camera.Source, error), fps float64, status func(bool, string)) *Camera {
	c := &Camera{open: open, fps: fps, status: status, pool: make(chan *gocv.Mat, poolSize), latest: make(chan frame, 1), now: time.Now, size: poolSize}
	for i := 0; i < poolSize; i++ {
		m := gocv.NewMat()
		c.pool <- &m
	}
	return c
}

// Close frees the pool; call after both stages have stopped.
func (c *Camera) Close() {
	for {
		select {
		case f := <-c.latest:
			c.pool <- f.mat
		default:
			for i := 0; i < c.size; i++ {
				m := <-c.pool
				m.Close()
			}
			return
		}
	}
}

// NoCamera begins the status of a camera that failed at its first open
// (never a frame in this run), as against one lost during the game.
const NoCamera = "no camera: "

// CameraProblem is what stops a camera source before anything is opened:
// text that names no camera, or a camera this machine cannot have (the
// default pi on a laptop: OpenCV's GStreamer backend would warn on stderr
// on every retry and may never return), said in one line naming what to
// give. cfgPath is the configuration file's name, for the message.
func CameraProblem(source, cfgPath string) error {
	spec, err := camera.Parse(source)
	if err != nil {
		return fmt.Errorf("camera.source: %w", err)
	}
	if err := camera.Present(spec); err != nil {
		return fmt.Errorf("camera.source %s: %w: give a camera with --camera (0 for the first webcam, a video file, a folder of frames) or camera.source in %s", source, err, cfgPath)
	}
	return nil
}

// CameraDown is what the display says for a camera status saying it is
// down: a camera that never gave a frame in this run was not lost.
func CameraDown(status string) []string {
	if strings.HasPrefix(status, NoCamera) {
		return []string{"No camera found", "Check the cable"}
	}
	return []string{"Camera lost", "Check the cable"}
}

// ErrEnded says a file, folder or replay source has no more frames.
var ErrEnded = errors.New("the recording ended")

// Run reads until ctx ends or the source ends (ErrEnded). A live camera
// that fails is reopened with backoff; the status callback says "camera
// lost" and "camera back" so the players know why nothing happens. A
// recording that cannot be opened or read returns the error.
func (c *Camera) Run(ctx context.Context) error {
	if c.Recording {
		src, err := c.open(ctx)
		if err != nil {
			c.status(false, "cannot read the recording: "+err.Error())
			return err
		}
		defer src.Close()
		c.status(true, src.String())
		return c.loop(ctx, src)
	}
	var lost atomic.Bool
	opens := 0
	rc := &camera.Reconnecting{Open: func(ctx context.Context) (camera.Source, error) {
		opens++
		src, err := c.open(ctx)
		switch {
		case err != nil && opens > 1 && !lost.Swap(true):
			c.status(false, "camera lost: "+err.Error())
		case err != nil && opens == 1:
			c.status(false, NoCamera+err.Error())
			lost.Store(true)
		case err == nil && lost.Swap(false):
			c.status(true, "camera back: "+src.String())
		case err == nil:
			c.status(true, src.String())
		}
		return src, err
	}}
	defer rc.Close()
	return c.loop(ctx, rc)
}

// loop reads frames from src into the latest-frame slot.
//
// A recording (a file or folder, fps > 0) plays like a camera: frame i was "taken" at
// start + i/fps by the wall clock, and each read takes the frame whose time
// has come, skipping those the scanner had no time for, as a camera's
// latest-frame slot drops them. With everyFrame it plays every frame
// instead and waits for the scanner to take each one (tests that need
// every frame seen; a real camera never waits).
func (c *Camera) loop(ctx context.Context, src camera.Source) error {
	var period time.Duration
	if c.fps > 0 {
		period = time.Duration(float64(time.Second) / c.fps)
	}
	var start time.Time // when frame 0 was taken (recordings)
	next := int64(0)    // the position of the source's next frame
	for {
		var m *gocv.Mat
		select {
		case <-ctx.Done():
			return ctx.Err()
		case m = <-c.pool:
		}
		pos := next
		if period > 0 && c.Recording && !c.EveryFrame && next > 0 {
			if due := int64(c.now().Sub(start) / period); due > next {
				if err := skipFrames(ctx, src, m, due-next); err != nil {
					c.pool <- m
					return c.endOrErr(ctx, err)
				}
				c.skipped.Add(due - next)
				pos = due
			}
		}
		err := src.Read(ctx, m)
		if err != nil {
			c.pool <- m
			return c.endOrErr(ctx, err)
		}
		at := c.now()
		if period > 0 && c.Recording {
			if pos == 0 {
				start = at
			}
			at = start.Add(time.Duration(pos) * period) // when the camera took it
		}
		next = pos + 1
		n := c.read.Add(1)
		if n == 1 && m.Rows()*m.Cols() >= bigFrame {
			for c.size > 1 { // shrink the pool to this one buffer
				spare := <-c.pool // the others are all in the pool: nothing else was read yet
				spare.Close()
				c.size--
			}
		}
		if c.OnFrame != nil {
			c.OnFrame(pos+1, at)
		}
		if c.EveryFrame {
			select {
			case c.latest <- frame{mat: m, at: at}:
			case <-ctx.Done():
				c.pool <- m
				return ctx.Err()
			}
		} else {
			c.put(frame{mat: m, at: at})
		}
		if period > 0 {
			// By the clock, the next frame is due at its own time; playing
			// every frame (or a test's scripted camera), a period after
			// this one, however late this one was.
			wait := period
			if c.Recording && !c.EveryFrame {
				wait = time.Until(start.Add(time.Duration(next) * period))
			}
			if err := clock.Sleep(ctx, wait); err != nil {
				return err
			}
		}
	}
}

// endOrErr turns a source's read error into the loop's result. At the end
// of a recording it first waits for the scanner to finish with the frames
// it was given, so the last move's snapshot is on its way to the referee
// before the end is.
func (c *Camera) endOrErr(ctx context.Context, err error) error {
	if errors.Is(err, io.EOF) {
		held := make([]*gocv.Mat, 0, c.size)
		for len(held) < c.size {
			select {
			case m := <-c.pool:
				held = append(held, m)
			case <-ctx.Done():
				for _, m := range held {
					c.pool <- m
				}
				return ctx.Err()
			}
		}
		for _, m := range held {
			c.pool <- m
		}
		return ErrEnded
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err // a source's errors name the camera
}

// skipper is a source that can pass over frames without decoding them (a
// folder of images).
type skipper interface {
	Skip(n int) error
}

// skipFrames passes over n frames of src: without decoding them when it
// can, else read into buf and dropped.
func skipFrames(ctx context.Context, src camera.Source, buf *gocv.Mat, n int64) error {
	if s, ok := src.(skipper); ok {
		return s.Skip(int(n))
	}
	for ; n > 0; n-- {
		if err := src.Read(ctx, buf); err != nil {
			return err
		}
	}
	return nil
}

// put offers f as the latest frame, handing an unread older one back to the
// pool.
func (c *Camera) put(f frame) {
	for {
		select {
		case c.latest <- f:
			return
		default:
		}
		select {
		case old := <-c.latest:
			c.pool <- old.mat
		default:
		}
	}
}

// Scan gives each latest frame to the scanner and forwards stable
// snapshots to the referee. It also makes the status page's picture, at
// most twice a second and only while a page is open.
type Scan struct {
	// Picture says whether the page wants a picture now; Publish takes it
	// with the codes read in it. Nil: no page.
	Picture func() bool
	Publish func(jpeg []byte, marks ...web.Mark)

	// grabs asks for a copy of the next frame at full resolution (the
	// learn page reads cards from it).
	grabs    chan chan gocv.Mat
	cam      *Camera
	scanners <-chan Scanner // a new scanner for each new game
	out      chan<- Snapshot
	moving   func(moving bool, problems []string, notices []Notice)
	start    time.Time
	every    time.Duration
	scanned  atomic.Int64
}

// NewScan is the scan stage of cam's frames: a new game's scanner comes on
// scanners, stable snapshots go out on out, moving is told when hands come
// and go (and what blocks a snapshot); start is the clock's zero.
func NewScan(cam *Camera, scanners <-chan Scanner, out chan<- Snapshot, moving func(bool, []string, []Notice), start time.Time) *Scan {
	return &Scan{grabs: make(chan chan gocv.Mat), cam: cam, scanners: scanners, out: out, moving: moving, start: start, every: 500 * time.Millisecond}
}

// Frames is how many frames the camera read; Scanned how many the scanner
// read (the page's vitals).
func (c *Camera) Frames() int64 { return c.read.Load() }

// Scanned is how many frames the scanner read.
func (s *Scan) Scanned() int64 { return s.scanned.Load() }

// Snapshot is a stable table on its way to the referee.
type Snapshot struct {
	Table rules.Table
	T     float64       // game time from the source (replays); <0: the referee's clock
	At    time.Time     // when the first still frame of the move was taken (for latency); zero for replays
	Done  chan struct{} // closed once the referee has dealt with it (replays keep order by it); may be nil
}

// Grab returns a copy of the next frame the scanner gets (the caller
// closes it).
func (s *Scan) Grab(ctx context.Context) (gocv.Mat, error) {
	reply := make(chan gocv.Mat, 1)
	select {
	case s.grabs <- reply:
	case <-ctx.Done():
		return gocv.NewMat(), ctx.Err()
	}
	select {
	case m := <-reply:
		return m, nil
	case <-ctx.Done():
		// The frame may still come: close it when it does.
		go func() { m := <-reply; m.Close() }()
		return gocv.NewMat(), ctx.Err()
	}
}

func (s *Scan) Run(ctx context.Context) error {
	var sc Scanner
	var lastPic time.Time
	wasMoving := false
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case n := <-s.scanners:
			sc = n
			continue
		case f := <-s.cam.latest:
			select { // a new game's scanner first: the frame is its
			case n := <-s.scanners:
				sc = n
			default:
			}
			select { // the learn page's copy, with or without a game
			case g := <-s.grabs:
				g <- f.mat.Clone()
			default:
			}
			if sc == nil {
				s.cam.pool <- f.mat
				continue
			}
			upd, err := sc.Frame(ctx, f.at.Sub(s.start), *f.mat)
			s.scanned.Add(1)
			if err != nil {
				slog.Warn("scanner", "err", err)
			}
			if s.Picture != nil && s.Picture() && f.at.Sub(lastPic) >= s.every {
				lastPic = f.at
				if b, err := drawPicture(*f.mat); err == nil {
					s.Publish(b, pageMarks(upd.Marks, f.mat.Cols(), f.mat.Rows())...)
				}
			}
			if upd.Moving != wasMoving || len(upd.Problems) > 0 {
				wasMoving = upd.Moving
				s.moving(upd.Moving, upd.Problems, upd.Notices)
			}
			if upd.Snapshot != nil {
				select {
				// The latency that matters to the players runs from the
				// moment the table came to rest (the first still frame),
				// not from the frame that completed the snapshot.
				case s.out <- Snapshot{Table: *upd.Snapshot, T: -1, At: f.at.Add(-upd.StillFor)}:
				case <-ctx.Done():
					s.cam.pool <- f.mat
					return ctx.Err()
				}
			}
			// The buffer goes back once the snapshot is on its way: a
			// recording's end waits for it (endOrErr).
			s.cam.pool <- f.mat
		}
	}
}

// pictureWidth is the status page picture's width: enough to see the
// cards and the marks, small enough for a Pi to encode twice a second.
const pictureWidth = 960

// drawPicture scales the frame down and encodes a JPEG; the page draws
// the codes read and the verdicts over it (pageMarks), in the browser's
// fonts, at the size it is shown.
func drawPicture(src gocv.Mat) ([]byte, error) {
	if src.Empty() {
		return nil, errors.New("empty frame")
	}
	scale := float64(pictureWidth) / float64(src.Cols())
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(src, &small, image.Point{X: pictureWidth, Y: int(float64(src.Rows()) * scale)}, 0, 0, gocv.InterpolationArea)
	return imagefile.EncodeJPEG(small, 0)
}

// pageMarks are the marks with corners as fractions of a w×h frame.
func pageMarks(marks []Mark, w, h int) []web.Mark {
	if w <= 0 || h <= 0 {
		return nil
	}
	out := make([]web.Mark, 0, len(marks))
	for _, m := range marks {
		pm := web.Mark{Name: m.Label, Placed: m.Good}
		if !m.Card.IsZero() {
			pm.Card = m.Card.String()
		}
		for i, p := range m.Corners {
			pm.Quad[i] = [2]float64{math.Round(float64(p.X)/float64(w)*1e4) / 1e4, math.Round(float64(p.Y)/float64(h)*1e4) / 1e4}
		}
		out = append(out, pm)
	}
	return out
}
