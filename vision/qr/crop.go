package qr

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"sync"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// decodeAll decodes the candidates in parallel over the reader's workers.
// With a codebook, the candidates nothing read are matched against it in a
// second pass, once every ordinary read is in: a card whose code was read
// is then skipped instead of matched. Codes the codebook could not decide
// come back apart, as unsure.
func (r *Reader) decodeAll(ctx context.Context, grey gocv.Mat, cands []candidate) (codes, unsure []Code, err error) {
	data, err := grey.DataPtrUint8()
	if err != nil {
		return nil, nil, fmt.Errorf("qr: %w", err)
	}
	p := plane{px: data, w: grey.Cols(), h: grey.Rows()}
	var mu sync.Mutex
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
	var failed []candidate
	err = r.each(ctx, cands, func(c candidate) {
		if covered(c) {
			return
		}
		code, ok := r.tryNative(p, c)
		if !ok {
			code, ok = r.tryAttempts(grey, p, c)
		}
		mu.Lock()
		defer mu.Unlock()
		if ok {
			codes = append(codes, code)
		} else {
			failed = append(failed, c)
		}
	})
	if err != nil || r.opt.Codebook.Len() == 0 || len(failed) == 0 {
		return codes, nil, err
	}
	// The codebook after every ordinary read: it costs more than the warped
	// attempts where those read (at 2 px a module through a colour sensor
	// they still read nearly all), and a card whose code was read is then
	// skipped instead of matched.
	sort.SliceStable(failed, func(i, j int) bool { return failed[i].squareness() > failed[j].squareness() })
	largest := codeSideLimit(codes)
	err = r.each(ctx, failed, func(c candidate) {
		if covered(c) || c.side() > largest {
			return
		}
		code, ok := r.tryCodebook(grey, c)
		if !ok {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if code.Text == "" {
			unsure = append(unsure, code)
		} else {
			codes = append(codes, code)
		}
	})
	return codes, unsure, err
}

// codeSideLimit is the largest candidate worth matching against the
// codebook once codes is what the ordinary reads found: a code is about
// as large as the others on its table (tableref's cards and stickers come
// in two sizes, 21 and 25 modules, 1.2 times apart), so a blob 1.6 times
// the largest code read is a card, an arm or art, and matching it costs a
// grid search for nothing. With nothing read, no limit.
func codeSideLimit(codes []Code) float64 {
	largest := 0.0
	for _, c := range codes {
		largest = math.Max(largest, math.Sqrt(math.Abs(c.Corners.Area())))
	}
	if largest == 0 {
		return math.Inf(1)
	}
	return 1.6 * largest
}

// each runs do on every candidate over the reader's workers, in order of
// the slice as far as the workers allow, until ctx ends.
func (r *Reader) each(ctx context.Context, cands []candidate, do func(candidate)) error {
	var wg sync.WaitGroup
	jobs := make(chan candidate)
	for i := 0; i < min(r.opt.Workers, len(cands)); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				do(c)
			}
		}()
	}
	var err error
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
	return err
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

// tryAttempts decodes the candidate from warped crops (attempts).
func (r *Reader) tryAttempts(grey gocv.Mat, p plane, c candidate) (Code, bool) {
	for _, a := range attempts {
		if code, ok := r.tryCrop(grey, p, c, a); ok {
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
	if err != nil || d.Dimension < 21 {
		return Code{}, false
	}
	s := float64(shrink)
	return codeFrom(d, geom.Translate(float64(x0), float64(y0)).Mul(geom.ScaleH(s, s)), 1, &p), true
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
func (r *Reader) tryCrop(grey gocv.Mat, p plane, c candidate, a attempt) (Code, bool) {
	side := c.side()
	// Scale so a version-1 code gets a.pxPerModule; never shrink a code
	// whose modules would fall under 3 px if it is a larger version, so
	// keep at least 1/2 of full resolution for big candidates.
	s := a.pxPerModule * 21 / side
	if s < 1 {
		s = math.Max(s, math.Min(1, 300/side))
	}
	px, cropSide, back, ok := upright(grey, c, s, a.margin, gocv.InterpolationLinear)
	if !ok {
		return Code{}, false
	}
	d, err := r.opt.Decoder.Decode(px, cropSide, cropSide, a.tryHarder)
	if err != nil || d.Dimension < 21 {
		return Code{}, false
	}
	return codeFrom(d, back, a.confidence, &p), true
}

// upright cuts the candidate out of grey into a square crop, turned
// upright and scaled by s (less when the crop would pass maxCropSide),
// margin times the candidate's side. It returns the crop's pixels (a copy),
// its side and the map from crop back to frame pixels.
func upright(grey gocv.Mat, c candidate, s, margin float64, interp gocv.InterpolationFlags) ([]byte, int, geom.H, bool) {
	side := c.side()
	cropSide := int(math.Ceil(side * s * margin))
	if cropSide > maxCropSide {
		s *= float64(maxCropSide) / float64(cropSide)
		cropSide = maxCropSide
	}
	if cropSide < 24 {
		return nil, 0, geom.H{}, false
	}
	// image → crop: move the candidate's centre to the origin, rotate it
	// upright, scale, move to the crop's centre.
	toCrop := geom.Translate(float64(cropSide)/2, float64(cropSide)/2).
		Mul(geom.ScaleH(s, s)).
		Mul(geom.Rotate(-c.angle)).
		Mul(geom.Translate(-c.centre.X, -c.centre.Y))
	back, ok := toCrop.Inverse()
	if !ok {
		return nil, 0, geom.H{}, false
	}
	m := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i := 0; i < 6; i++ {
		m.SetDoubleAt(i/3, i%3, toCrop[i])
	}
	crop := gocv.NewMat()
	defer crop.Close()
	gocv.WarpAffineWithParams(grey, &crop, m, image.Pt(cropSide, cropSide), interp, gocv.BorderReplicate, color.RGBA{})
	px, err := crop.DataPtrUint8()
	if err != nil {
		return nil, 0, geom.H{}, false
	}
	return append([]byte(nil), px...), cropSide, back, true
}
