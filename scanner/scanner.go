// Package scanner turns camera frames into table snapshots: it reads the
// QR codes (vision/qr), maps them onto the table plane with the calibration,
// sorts cards into zones and integer grid cells, reads the shaker's cubes and
// the city boards' tiles by colour, and emits a snapshot only when the table
// has been still long enough and two reads agree, so that hands, shadows and
// one missed read never become a game event.
//
// The daemon uses New and Frame; `tableref scan` uses Photo. See
// docs/scanner.md.
package scanner

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/qr"
)

// CodeReader reads every QR code in a frame. *qr.Reader is one; tests
// inject flaky readers through it.
type CodeReader interface {
	Read(ctx context.Context, frame gocv.Mat) (qr.Result, error)
}

// DefaultStable is the stability window when none is set: a hand held
// still over a cell for less than this gives no snapshot, and a move is
// judged this long after the table came to rest (docs/scanner.md).
const DefaultStable = 300 * time.Millisecond

// Options tune a Scanner. The zero value (with a Mode) gives the defaults.
type Options struct {
	// Mode is the game mode ID (rules.LookupMode); it decides the zones
	// (see docs/scanner.md). Empty means the generic layout: every card in
	// one zone "map".
	Mode string
	// Setup gives the players and options of the game: the number of
	// player zones, Shake That City's construction sites, Nord Sud Ovest
	// Est's board size. Zero: defaults of the mode.
	Setup rules.Setup
	// Stable is the stability window: how long the table must stay still
	// before a snapshot (default DefaultStable; the daemon's
	// scanner.stable).
	Stable time.Duration
	// Motion is the fraction of the low-resolution frame's pixels that
	// must change for the frame to count as moving (default 0.003).
	Motion float64
	// MotionWidth is the width of the low-resolution frame motion is
	// measured on (default 160 px).
	MotionWidth int
	// ReadEvery is the least time between two code reads while the table
	// is still (default 0: every still frame). A slow Pi may set 500 ms.
	ReadEvery time.Duration
	// CoveredTimeout is how long a change reaching in from the frame's
	// edge (an arm) blocks snapshots before it is taken as the new
	// background (default 20 s).
	CoveredTimeout time.Duration
	// Reader reads the codes (default: ReaderFor(Mode, Setup), the QR
	// reader with a codebook of every payload the game's table can show).
	Reader CodeReader
	// FullRead is how often a still table is read whole on a stream
	// (default FullRead, 10 s); between whole reads only the parts of the
	// frame that changed are read again (see locate.go). Negative: every
	// read is whole (a test's fake Reader that reports codes without
	// looking at the frame it is given needs that).
	FullRead time.Duration
	// Fuse is how many frames of a still table are averaged for reading
	// once small codes are on it (default DefaultFuse; negative: none).
	// See fuse.go.
	Fuse int
}

func (o Options) withDefaults() Options {
	if o.Stable <= 0 {
		o.Stable = DefaultStable
	}
	if o.Motion <= 0 {
		o.Motion = 0.003
	}
	if o.MotionWidth <= 0 {
		o.MotionWidth = 160
	}
	if o.CoveredTimeout <= 0 {
		o.CoveredTimeout = 20 * time.Second
	}
	if o.FullRead == 0 {
		o.FullRead = FullRead
	}
	if o.Fuse == 0 {
		o.Fuse = DefaultFuse
	}
	if o.Reader == nil {
		o.Reader = ReaderFor(o.Mode, o.Setup)
	}
	return o
}

// ReaderFor is the QR reader for a game of mode set up as s: the ordinary
// reader, given a codebook of every payload its table can show (the cards
// of the decks it plays, as s's deck option names them, and the markers),
// so that codes too small or blurred for error correction alone are still
// read — and a code of a deck not in play never is (vision/qr's Codebook).
// An unknown or empty mode gets the codebook of every registered deck.
func ReaderFor(mode string, s rules.Setup) *qr.Reader {
	var decks []string
	if m, ok := rules.LookupMode(mode); ok {
		for _, d := range m.DecksFor(s) {
			if _, known := rules.LookupDeck(d); known {
				decks = append(decks, d)
			}
		}
	} else {
		for _, d := range rules.Decks() {
			decks = append(decks, d.Pick()) // a box beside SA adds its own cards (SA-109 on)
		}
	}
	payloads, err := rules.TablePayloads(decks...)
	var cb *qr.Codebook
	if err == nil {
		cb, err = qr.NewCodebook(payloads)
	}
	if err != nil {
		// Only unknown decks and empty payloads are refused, and neither
		// can come here; read the ordinary way rather than not at all.
		slog.Warn("scanner: no codebook; small codes are read the ordinary way only", "err", err)
		cb = nil
	}
	return qr.NewReader(qr.Options{Codebook: cb})
}

// Errors for frames and setups the scanner cannot work with.
var (
	ErrNoCalibration = errors.New("scanner: no table calibration")
	ErrFrame         = errors.New("scanner: bad frame")
)

// Scanner follows a camera stream. It is not safe for concurrent use: feed
// it frames from one goroutine.
type Scanner struct {
	cal    *calibration.File
	opt    Options
	layout *layout
	loc    locator
	st     stability
	fuse   fusion
	// saidLegacy: the log has said the codes are the old larger ones.
	saidLegacy bool
}

// New returns a scanner for the calibration and options. cal may be nil
// when a mode needs no table homography from a file: the table plane is
// then estimated from the card codes of each frame (less steady; run
// `tableref calibrate table` for a daemon).
func New(cal *calibration.File, opt Options) (*Scanner, error) {
	opt = opt.withDefaults()
	if cal == nil {
		cal = &calibration.File{}
	}
	if err := cal.Validate(); err != nil {
		return nil, fmt.Errorf("scanner: %w", err)
	}
	l, err := layoutFor(opt.Mode, opt.Setup)
	if err != nil {
		return nil, fmt.Errorf("scanner: %w", err)
	}
	return &Scanner{cal: cal, opt: opt, layout: l, loc: locator{reader: opt.Reader, every: opt.FullRead}}, nil
}

// Update is what one frame changed.
type Update struct {
	T time.Duration
	// Motion is the frame's stillness state, for the display ("hand over
	// the table" while State is Moving or Covered).
	Motion Motion
	// Snapshot is a new stable snapshot, different from the last one
	// emitted; nil when there is none this frame.
	Snapshot *rules.Table
	// Scan is what this frame's read found, for drawing; nil when the
	// frame was not read (the table was not still).
	Scan *Scan
	// Fused is how many still frames the read averaged (fuse.go); 0
	// when it read the frame itself.
	Fused int
	// Problems say why a read table is not (yet) a snapshot: cards in
	// one cell, a card between cells, an unknown colour, a bad shake.
	Problems []Problem
}

// Frame takes the next frame of the stream, taken at t (monotonic, from
// any origin). The frame is only read; the caller keeps and closes it.
func (s *Scanner) Frame(ctx context.Context, t time.Duration, frame gocv.Mat) (Update, error) {
	return s.frame(ctx, t, frame)
}

// Photo reads one still photo with no history: the table it shows, every
// detection and every problem. Photo does not change the scanner's stream
// state.
func (s *Scanner) Photo(ctx context.Context, frame gocv.Mat) (*Scan, error) {
	if err := checkFrame(frame); err != nil {
		return nil, err
	}
	res, err := s.opt.Reader.Read(ctx, frame)
	if err != nil {
		return nil, fmt.Errorf("scanner: reading codes: %w", err)
	}
	return s.read(frame, res, nil)
}
