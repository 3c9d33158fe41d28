// Package qr reads every QR code in a camera frame: it finds candidate codes
// with OpenCV on a downscaled copy, rectifies a small crop around each at
// full resolution, and decodes one code per crop with a Decoder (gozxing by
// default), in parallel over the cores. See docs/vision.md for why.
package qr

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"log/slog"
	"math"
	"runtime"
	"sort"
	"sync"

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
	codes, err := r.decodeAll(ctx, grey, cands)
	if err != nil {
		return Result{}, err
	}
	if len(codes) == 0 && w*h <= wholeFramePixels {
		// A small frame with nothing found is usually a close-up of one
		// code (a phone photo, a code cut out without its quiet zone):
		// decode the whole frame as one crop, with a quiet zone added.
		if c, ok := r.decodeWhole(grey); ok {
			codes = append(codes, c)
		}
	}
	codes = dedupe(codes)
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

// candidate is a region that may hold one code, in full-resolution pixels.
type candidate struct {
	centre geom.Pt
	w, h   float64 // sides of the rotated box around the code
	angle  float64 // degrees, OpenCV's RotatedRect angle
}

func (c candidate) side() float64 { return math.Max(c.w, c.h) }

func (c candidate) squareness() float64 { return math.Min(c.w, c.h) / math.Max(c.w, c.h) }

// contains reports whether p lies inside the candidate's rotated box, grown
// by a tenth.
func (c candidate) contains(p geom.Pt) bool {
	q := geom.Rotate(-c.angle).Apply(p.Sub(c.centre))
	return math.Abs(q.X) <= 0.55*c.w && math.Abs(q.Y) <= 0.55*c.h
}

// candidates searches a pyramid of downscaled copies: the finest level finds
// small codes, the coarser ones find codes so large that their modules do
// not merge into one blob at the fine level.
//
// The finest level halves the frame until its longer side is at most
// finestMax (a 1080p frame is searched at 960 px, a 12 MP still at 2304):
// a code needs at least 3 px a module to be read at all, which leaves 1.5
// px at half size, still a dense patch of edges; shrinking further merges
// the modules of codes on touching cards. Every level is an exact halving
// with INTER_AREA, OpenCV's fast path (a resize by another ratio costs ten
// times as much, and PyrDown five).
func (r *Reader) candidates(grey gocv.Mat) []candidate {
	w, h := grey.Cols(), grey.Rows()
	scale := 1.0
	level := gocv.NewMat()
	defer level.Close()
	grey.CopyTo(&level)
	for long := max(w, h); long > r.opt.DetectSize; long /= 2 {
		halve(&level)
		scale /= 2
		if long/2 <= 2*r.opt.DetectSize {
			break
		}
	}
	var all []candidate
	for lvl := 0; ; lvl++ {
		all = append(all, blobs(level, 1/scale, lvl == 0)...)
		if level.Cols() < 240 || level.Rows() < 240 || lvl >= 3 {
			break
		}
		halve(&level)
		scale /= 2
	}
	return mergeCandidates(all)
}

// halve shrinks m to half its size in place.
func halve(m *gocv.Mat) {
	next := gocv.NewMat()
	gocv.Resize(*m, &next, image.Pt(m.Cols()/2, m.Rows()/2), 0, 0, gocv.InterpolationArea)
	m.Close()
	*m = next
}

// minCodeSide is the smallest candidate worth decoding, in full-resolution
// pixels: a version-1 code needs 21 modules of at least 2 px.
const minCodeSide = 42

// blobs finds code-like regions in one pyramid level: a QR code is a compact
// patch where the morphological gradient is high almost everywhere, while
// card edges, art and table grain give thin lines or sparse texture.
func blobs(img gocv.Mat, toFull float64, finest bool) []candidate {
	grad := gocv.NewMat()
	defer grad.Close()
	bin := gocv.NewMat()
	defer bin.Close()
	k3 := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer k3.Close()
	gocv.MorphologyEx(img, &grad, gocv.MorphGradient, k3)
	t := gocv.Threshold(grad, &bin, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
	if t < 24 {
		// A frame of one flat colour has a meaningless Otsu split; demand
		// real contrast.
		gocv.Threshold(grad, &bin, 24, 255, gocv.ThresholdBinary)
	}
	gocv.MorphologyEx(bin, &bin, gocv.MorphClose, k3)
	gocv.MorphologyEx(bin, &bin, gocv.MorphOpen, k3)
	contours := gocv.FindContours(bin, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	var out []candidate
	for i := 0; i < contours.Size(); i++ {
		c := contours.At(i)
		rr := gocv.MinAreaRect(c)
		bw, bh := float64(rr.Width), float64(rr.Height)
		short, long := math.Min(bw, bh), math.Max(bw, bh)
		// A code seen at up to ~50° off-axis is at most about 1.6 times
		// longer than wide; card art bands and edges are longer.
		if short < 10 || long > 2*short || long*toFull < minCodeSide {
			continue
		}
		if a := gocv.ContourArea(c); a < 0.45*bw*bh {
			continue
		}
		out = append(out, candidate{
			centre: geom.Pt{X: (float64(rr.Center.X) + 0.5) * toFull, Y: (float64(rr.Center.Y) + 0.5) * toFull},
			w:      bw * toFull, h: bh * toFull, angle: rr.Angle,
		})
	}
	return out
}

// mergeCandidates drops candidates that are the same region seen at two
// pyramid levels, keeping the finer one (the first).
func mergeCandidates(cs []candidate) []candidate {
	var out []candidate
next:
	for _, c := range cs {
		for _, o := range out {
			if c.centre.Dist(o.centre) < 0.25*o.side() && c.side() < 1.5*o.side() && o.side() < 1.5*c.side() {
				continue next
			}
		}
		out = append(out, c)
	}
	return out
}

func (r *Reader) decodeAll(ctx context.Context, grey gocv.Mat, cands []candidate) ([]Code, error) {
	data, err := grey.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("qr: %w", err)
	}
	p := plane{px: data, w: grey.Cols(), h: grey.Rows()}
	var (
		mu    sync.Mutex
		codes []Code
		wg    sync.WaitGroup
	)
	// Squarest first: those are most likely codes, and once a code is read
	// the looser candidates around it (its card, a merged art band) are
	// skipped instead of decoding the same code again.
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].squareness() > cands[j].squareness() })
	covered := func(c candidate) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, code := range codes {
			if c.contains(code.Centre()) {
				return true
			}
		}
		return false
	}
	jobs := make(chan candidate)
	for i := 0; i < min(r.opt.Workers, len(cands)); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				if covered(c) {
					continue
				}
				if code, ok := r.decodeOne(grey, p, c); ok {
					mu.Lock()
					codes = append(codes, code)
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for _, c := range cands {
		select {
		case jobs <- c:
		case <-ctx.Done():
			err = fmt.Errorf("qr: read: %w", ctx.Err())
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	return codes, err
}

// attempt is one way of cropping and decoding a candidate; they are tried in
// order until one reads, cheapest and most likely first.
type attempt struct {
	pxPerModule float64 // target module size in the crop (assuming version 1)
	margin      float64 // crop side as a multiple of the candidate's side
	tryHarder   bool
	confidence  float64
}

// gozxing's TRY_HARDER only makes its finder search visit every third row
// instead of fewer, which it does anyway in crops under 388 px: so the
// second attempt changes the crop, not the hint.
var attempts = []attempt{
	{pxPerModule: 4, margin: 1.6, confidence: 1},
	{pxPerModule: 6, margin: 2.2, tryHarder: true, confidence: 0.8},
}

func (r *Reader) decodeOne(grey gocv.Mat, p plane, c candidate) (Code, bool) {
	if code, ok := r.tryNative(p, c); ok {
		return code, true
	}
	for _, a := range attempts {
		if code, ok := r.tryCrop(grey, c, a); ok {
			return code, true
		}
	}
	return Code{}, false
}

// plane is a grey frame's pixels as Go sees them: a crop is copied out
// without a cgo call.
type plane struct {
	px   []byte
	w, h int
}

// nativeMargin is the crop's side around a candidate as a multiple of the
// candidate's extent, so that the code's quiet zone lies inside.
const nativeMargin = 0.2

// tryNative decodes the candidate in an upright box cut straight out of
// the frame, at the frame's own resolution (halved while it is over
// maxCropSide). No warp, so no cost and no
// interpolation blur; the decoder finds a turned code by itself.
func (r *Reader) tryNative(p plane, c candidate) (Code, bool) {
	sin, cos := math.Sincos(c.angle * math.Pi / 180)
	ex := (math.Abs(c.w*cos) + math.Abs(c.h*sin)) / 2 // half extents of the box
	ey := (math.Abs(c.w*sin) + math.Abs(c.h*cos)) / 2
	grow := nativeMargin * c.side()
	x0 := max(0, int(c.centre.X-ex-grow))
	y0 := max(0, int(c.centre.Y-ey-grow))
	x1 := min(p.w, int(math.Ceil(c.centre.X+ex+grow)))
	y1 := min(p.h, int(math.Ceil(c.centre.Y+ey+grow)))
	w, h := x1-x0, y1-y0
	if w < 24 || h < 24 {
		return Code{}, false
	}
	px := make([]byte, w*h)
	for y := 0; y < h; y++ {
		copy(px[y*w:y*w+w], p.px[(y0+y)*p.w+x0:])
	}
	shrink := 1
	for max(w, h) > maxCropSide {
		px, w, h = halveBytes(px, w, h)
		shrink *= 2
	}
	d, err := r.opt.Decoder.Decode(px, w, h, false)
	if debugCrop != nil {
		debugCrop(c, attempt{pxPerModule: -1}, max(w, h), err == nil)
	}
	if err != nil || d.Dimension < 21 {
		return Code{}, false
	}
	s := float64(shrink)
	return codeFrom(d, geom.Translate(float64(x0), float64(y0)).Mul(geom.ScaleH(s, s)), 1), true
}

// halveBytes shrinks a grey image to half its size, each pixel the mean
// of four.
func halveBytes(px []byte, w, h int) ([]byte, int, int) {
	hw, hh := w/2, h/2
	out := make([]byte, hw*hh)
	for y := 0; y < hh; y++ {
		a, b := px[2*y*w:], px[(2*y+1)*w:]
		for x := 0; x < hw; x++ {
			out[y*hw+x] = uint8((int(a[2*x]) + int(a[2*x+1]) + int(b[2*x]) + int(b[2*x+1]) + 2) / 4)
		}
	}
	return out, hw, hh
}

// maxCropSide bounds a crop so that one huge candidate (a close-up photo)
// cannot cost more than a few milliseconds to decode.
const maxCropSide = 640

// tryCrop rectifies the candidate into an upright crop at about
// a.pxPerModule pixels per module, and decodes it.
func (r *Reader) tryCrop(grey gocv.Mat, c candidate, a attempt) (Code, bool) {
	side := c.side()
	// Scale so a version-1 code gets a.pxPerModule; never shrink a code
	// whose modules would fall under 3 px if it is a larger version, so
	// keep at least 1/2 of full resolution for big candidates.
	s := a.pxPerModule * 21 / side
	if s < 1 {
		s = math.Max(s, math.Min(1, 300/side))
	}
	cropSide := int(math.Ceil(side * s * a.margin))
	if cropSide > maxCropSide {
		s *= float64(maxCropSide) / float64(cropSide)
		cropSide = maxCropSide
	}
	if cropSide < 24 {
		return Code{}, false
	}
	// image → crop: move the candidate's centre to the origin, rotate it
	// upright, scale, move to the crop's centre.
	toCrop := geom.Translate(float64(cropSide)/2, float64(cropSide)/2).
		Mul(geom.ScaleH(s, s)).
		Mul(geom.Rotate(-c.angle)).
		Mul(geom.Translate(-c.centre.X, -c.centre.Y))
	m := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i := 0; i < 6; i++ {
		m.SetDoubleAt(i/3, i%3, toCrop[i])
	}
	crop := gocv.NewMat()
	defer crop.Close()
	gocv.WarpAffineWithParams(grey, &crop, m, image.Pt(cropSide, cropSide), gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	px, err := crop.DataPtrUint8()
	if err != nil {
		return Code{}, false
	}
	d, err := r.opt.Decoder.Decode(px, cropSide, cropSide, a.tryHarder)
	if debugCrop != nil {
		debugCrop(c, a, cropSide, err == nil)
	}
	if err != nil || d.Dimension < 21 {
		return Code{}, false
	}
	back, ok := toCrop.Inverse()
	if !ok {
		return Code{}, false
	}
	return codeFrom(d, back, a.confidence), true
}

// wholeFramePixels bounds the whole-frame fallback to frames where one
// decode costs a few milliseconds; a camera frame of the table never
// qualifies, so the card pipeline never pays for it.
const wholeFramePixels = 1 << 20

// decodeWhole decodes the whole frame as one code, padded with a white
// quiet zone of a tenth of its size.
func (r *Reader) decodeWhole(grey gocv.Mat) (Code, bool) {
	pad := max(8, max(grey.Cols(), grey.Rows())/10)
	crop := gocv.NewMat()
	defer crop.Close()
	gocv.CopyMakeBorder(grey, &crop, pad, pad, pad, pad, gocv.BorderConstant, color.RGBA{R: 255, G: 255, B: 255, A: 255})
	px, err := crop.DataPtrUint8()
	if err != nil {
		return Code{}, false
	}
	d, err := r.opt.Decoder.Decode(px, crop.Cols(), crop.Rows(), true)
	if err != nil || d.Dimension < 21 {
		return Code{}, false
	}
	return codeFrom(d, geom.Translate(-float64(pad), -float64(pad)), 0.8), true
}

// codeFrom turns the decoder's finder centres into the code's corners in
// image pixels. Finder centres sit 3.5 modules in from the code's edges.
func codeFrom(d Decoded, back geom.H, conf float64) Code {
	n := float64(d.Dimension)
	ex := d.TopRight.Sub(d.TopLeft).Scale(1 / (n - 7))
	ey := d.BottomLeft.Sub(d.TopLeft).Scale(1 / (n - 7))
	o := d.TopLeft.Sub(ex.Scale(3.5)).Sub(ey.Scale(3.5))
	q := geom.Quad{o, o.Add(ex.Scale(n)), o.Add(ex.Scale(n)).Add(ey.Scale(n)), o.Add(ey.Scale(n))}
	q = back.ApplyQuad(q)
	// Skew: a square code seen at ≤ 35° stays nearly right-angled in an
	// upright crop; a strongly skewed grid hints at a misread finder.
	lx, ly := ex.Dist(geom.Pt{}), ey.Dist(geom.Pt{})
	cos := math.Abs(ex.X*ey.X+ex.Y*ey.Y) / (lx * ly)
	if cos > 0.35 {
		conf *= 0.7
	}
	if d.Binarizer != 0 {
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

var debugCrop func(c candidate, a attempt, side int, ok bool)
