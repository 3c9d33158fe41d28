// Package qr reads every QR code in a camera frame: it finds candidate codes
// with OpenCV on a downscaled copy, rectifies a small crop around each at
// full resolution, and decodes one code per crop with a Decoder (gozxing by
// default), in parallel over the cores. See docs/vision.md for why.
package qr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"runtime"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// Code is one decoded QR code.
type Code struct {
	Text string `json:"text"`
	// Corners of the code (without quiet zone) in image pixels, in the
	// code's own order: top-left, top-right, bottom-right, bottom-left.
	Corners geom.Quad `json:"corners"`
	// ModulePx is the estimated size of one module in pixels (geometric mean
	// of the two axes), which tells how close the camera is to its limit.
	ModulePx float64 `json:"module_px"`
	// Confidence is 1 for a clean read and lower when the reader needed
	// fallbacks or the geometry looks skewed; a decoded code is still
	// error-corrected, so even a low confidence is rarely a wrong payload.
	Confidence float64 `json:"confidence"`
	// Modules is the code's side in modules: 21 for version 1 (tableref's
	// printed cards and markers), 25 for version 2 (its stickers on real
	// boxed cards, which sit off the card's centre).
	Modules int `json:"modules,omitempty"`
	// Codebook is set when the code was read by matching the reader's
	// codebook (its modules were too blurred or small for error
	// correction); Margin is then how far its payload beat the next best,
	// in the score docs/vision.md defines.
	Codebook bool    `json:"codebook,omitempty"`
	Margin   float64 `json:"margin,omitempty"`
}

// Centre is the centre of the code in image pixels.
func (c Code) Centre() geom.Pt { return c.Corners.Centre() }

// Tableref is a code whose payload parses as a tableref card or marker.
type Tableref struct {
	Code
	Payload rules.Payload `json:"payload"`
}

// Result is everything read from one frame.
type Result struct {
	// Codes are tableref codes, in reading order (top to bottom, then left
	// to right).
	Codes []Tableref `json:"codes"`
	// Foreign are codes that decoded but are not tableref payloads (a URL,
	// another product's code): counted and shown by `scan --codes`, never
	// used by the game.
	Foreign []Code `json:"foreign"`
	// Unsure are codes whose finders were found but whose modules matched
	// no payload of the codebook clearly enough: shown by `scan --codes`
	// and `--annotate`, never a card. Text is empty.
	Unsure []Code `json:"unsure,omitempty"`
	// Candidates is how many regions were tried; for tuning and logs.
	Candidates int `json:"candidates"`
}

// All returns every decoded code, tableref or not.
func (r Result) All() []Code {
	out := make([]Code, 0, len(r.Codes)+len(r.Foreign))
	for _, c := range r.Codes {
		out = append(out, c.Code)
	}
	return append(out, r.Foreign...)
}

// Errors the reader returns for frames it cannot work on.
var (
	ErrEmptyFrame = errors.New("qr: empty frame")
	ErrBadFrame   = errors.New("qr: unsupported frame")
)

// MaxPixels is the largest frame the reader accepts: a 64 MP still is far
// beyond any camera tableref supports, and refusing it keeps a corrupt header
// from exhausting the Pi's memory.
const MaxPixels = 64 << 20

// Options tune the reader. The zero value gives the defaults.
type Options struct {
	// DetectSize bounds the finest level candidates are searched in: a
	// frame whose longer side is over DetectSize is halved (twice when its
	// half is still over twice DetectSize). Default 1280: a 1080p frame is
	// searched at 960 px, a 12 MP still at 2304. Smaller is faster and
	// misses small codes.
	DetectSize int
	// Workers is the number of parallel decoders (default runtime.NumCPU()).
	Workers int
	// Decoder decodes one crop (default Gozxing).
	Decoder Decoder
	// Codebook, when set, is every payload that can lie on the table: a
	// code whose modules error correction cannot read is matched against
	// it (codebook.go). nil: ordinary reading only.
	Codebook *Codebook
}

// Reader reads QR codes from frames. It is safe for concurrent use.
type Reader struct {
	opt Options
}

// NewReader returns a reader with the given options.
func NewReader(opt Options) *Reader {
	if opt.DetectSize <= 0 {
		opt.DetectSize = 1280
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.Decoder == nil {
		opt.Decoder = Gozxing{}
	}
	return &Reader{opt: opt}
}

// Read finds and decodes every QR code in frame (8-bit grey, BGR or BGRA). A
// frame with no codes gives an empty Result and no error.
func (r *Reader) Read(ctx context.Context, frame gocv.Mat) (Result, error) {
	if frame.Empty() {
		return Result{}, ErrEmptyFrame
	}
	w, h := frame.Cols(), frame.Rows()
	if w*h > MaxPixels {
		return Result{}, fmt.Errorf("%w: %d×%d is over %d pixels", ErrBadFrame, w, h, MaxPixels)
	}
	if frame.Type()&7 != gocv.MatTypeCV8U&7 {
		return Result{}, fmt.Errorf("%w: pixel type %v, want 8-bit", ErrBadFrame, frame.Type())
	}
	if w < 21 || h < 21 {
		return Result{}, nil // smaller than one module per pixel of the smallest code
	}
	grey := gocv.NewMat()
	defer grey.Close()
	switch frame.Channels() {
	case 1:
		frame.CopyTo(&grey)
	case 3:
		gocv.CvtColor(frame, &grey, gocv.ColorBGRToGray)
	case 4:
		gocv.CvtColor(frame, &grey, gocv.ColorBGRAToGray)
	default:
		return Result{}, fmt.Errorf("%w: %d channels", ErrBadFrame, frame.Channels())
	}
	cands := r.candidates(grey)
	res := Result{Candidates: len(cands)}
	codes, unsure, err := r.decodeAll(ctx, grey, cands)
	if err != nil {
		return Result{}, err
	}
	if len(codes) == 0 && w*h <= wholeFramePixels {
		// A small frame with nothing found is usually a close-up of one
		// code (a phone photo, a code cut out without its quiet zone).
		if c, ok := r.closeUp(grey); ok {
			codes = append(codes, c)
		}
	}
	codes = dedupe(codes)
	res.Unsure = unsureApart(unsure, codes)
	sort.Slice(codes, func(i, j int) bool {
		a, b := codes[i].Centre(), codes[j].Centre()
		if math.Abs(a.Y-b.Y) > 20 {
			return a.Y < b.Y
		}
		return a.X < b.X
	})
	for _, c := range codes {
		if p, err := rules.ParsePayload(c.Text); err == nil {
			res.Codes = append(res.Codes, Tableref{Code: c, Payload: p})
		} else {
			slog.Debug("qr: code is not a tableref payload", "text", c.Text, "err", err)
			res.Foreign = append(res.Foreign, c)
		}
	}
	return res, nil
}

// codeFrom turns the decoder's finder centres into the code's corners in
// image pixels. Finder centres sit 3.5 modules in from the code's edges.
func codeFrom(d Decoded, back geom.H, conf float64, p *plane) Code {
	n := float64(d.Dimension)
	var q geom.Quad
	var ex, ey geom.Pt
	if p == nil {
		// corners in the crop's frame, then back: a rectified close-up
		// keeps its perspective
		ex = d.TopRight.Sub(d.TopLeft).Scale(1 / (n - 7))
		ey = d.BottomLeft.Sub(d.TopLeft).Scale(1 / (n - 7))
		o := d.TopLeft.Sub(ex.Scale(3.5)).Sub(ey.Scale(3.5))
		q = back.ApplyQuad(geom.Quad{o, o.Add(ex.Scale(n)), o.Add(ex.Scale(n)).Add(ey.Scale(n)), o.Add(ey.Scale(n))})
	} else {
		// finder centres in the frame, refined there (crops are affine)
		tl, tr, bl := back.Apply(d.TopLeft), back.Apply(d.TopRight), back.Apply(d.BottomLeft)
		ex = tr.Sub(tl).Scale(1 / (n - 7))
		ey = bl.Sub(tl).Scale(1 / (n - 7))
		tl, tr, bl = p.finderCentre(tl, ex, ey), p.finderCentre(tr, ex, ey), p.finderCentre(bl, ex, ey)
		ex = tr.Sub(tl).Scale(1 / (n - 7))
		ey = bl.Sub(tl).Scale(1 / (n - 7))
		o := tl.Sub(ex.Scale(3.5)).Sub(ey.Scale(3.5))
		q = geom.Quad{o, o.Add(ex.Scale(n)), o.Add(ex.Scale(n)).Add(ey.Scale(n)), o.Add(ey.Scale(n))}
	}
	// Skew: a square code seen at ≤ 35° stays nearly right-angled; a
	// strongly skewed grid hints at a misread finder.
	lx, ly := ex.Dist(geom.Pt{}), ey.Dist(geom.Pt{})
	cos := math.Abs(ex.X*ey.X+ex.Y*ey.Y) / (lx * ly)
	if cos > 0.35 {
		conf *= 0.7
	}
	if d.Binarizer != LocalThreshold {
		conf *= 0.95
	}
	return Code{
		Text:       d.Text,
		Corners:    q,
		ModulePx:   math.Sqrt(math.Abs(q.Area())) / n,
		Confidence: conf,
		Modules:    d.Dimension,
	}
}

// unsureApart keeps the unsure codes that lie apart from every read code
// and from each other: a card's candidate and its code's own may both
// have been matched.
func unsureApart(unsure, read []Code) []Code {
	var out []Code
next:
	for _, u := range unsure {
		for _, o := range append(append([]Code{}, read...), out...) {
			side := math.Sqrt(math.Abs(o.Corners.Area()))
			if o.Centre().Dist(u.Centre()) < side {
				continue next
			}
		}
		out = append(out, u)
	}
	return out
}

// dedupe keeps one code per text and place: the same code found from two
// candidates (say, two pyramid levels) is one code, but two cards with the
// same payload in different places are two.
func dedupe(codes []Code) []Code {
	sort.SliceStable(codes, func(i, j int) bool { return codes[i].Confidence > codes[j].Confidence })
	var out []Code
next:
	for _, c := range codes {
		for _, o := range out {
			side := math.Sqrt(math.Abs(o.Corners.Area()))
			if o.Text == c.Text && o.Centre().Dist(c.Centre()) < side {
				continue next
			}
		}
		out = append(out, c)
	}
	return out
}
