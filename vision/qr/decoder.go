package qr

import (
	"errors"
	"fmt"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/common"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"github.com/makiuchi-d/gozxing/qrcode/detector"

	"github.com/tableref/tableref/vision/geom"
)

// Decoder finds and decodes the one QR code in a small grey image. The reader
// only ever hands it a rectified crop around a candidate, so a decoder needs
// no multi-code logic; keeping it this small lets another decoder (a faster
// pure-Go one, or quirc where OpenCV has it) replace gozxing later.
type Decoder interface {
	// Decode reads the code in grey (w×h, one byte a pixel, row-major).
	// tryHarder asks for a slower, more thorough search.
	Decode(grey []byte, w, h int, tryHarder bool) (Decoded, error)
}

// Decoded is one decoded code in the crop's pixel coordinates.
type Decoded struct {
	Text string
	// Finder centres of the top-left, top-right and bottom-left finder
	// patterns, in the code's own orientation (so mirrored codes come back
	// consistent).
	TopLeft, TopRight, BottomLeft geom.Pt
	// Dimension is the code's side in modules (21 for version 1).
	Dimension int
	// Binarizer says which thresholding found it.
	Binarizer Binarization
}

// Binarization names the thresholding a code was found with. The reader
// trusts a code found by the first, local one a little more than the
// fallbacks (reader.go), so the zero value is the local one.
type Binarization int

const (
	// LocalThreshold is ZXing's hybrid binariser: a threshold per 8×8
	// block, which copes with uneven light (binarize.go).
	LocalThreshold Binarization = iota
	// GlobalThreshold is one threshold from the crop's histogram, which
	// copes better with blur on small crops.
	GlobalThreshold
	// BentGrid samples the grey image on a grid bent through the finders
	// and the alignment pattern (bentgrid.go), for warped codes.
	BentGrid
	// CodebookMatch picks the payload of the reader's codebook that best
	// explains the grey modules (codebookmatch.go), for codes too small or
	// blurred for error correction alone.
	CodebookMatch
)

// String names the binarisation for logs and benchmarks.
func (b Binarization) String() string {
	switch b {
	case LocalThreshold:
		return "local"
	case GlobalThreshold:
		return "global"
	case BentGrid:
		return "bent grid"
	case CodebookMatch:
		return "codebook"
	}
	return fmt.Sprintf("Binarization(%d)", int(b))
}

// ErrNoCode means the decoder found no readable code in the crop.
var ErrNoCode = errors.New("no readable QR code")

// Gozxing decodes with github.com/makiuchi-d/gozxing's QR detector and
// decoder. Its zero value is ready; it is safe for concurrent use because
// every call builds its own detector.
type Gozxing struct{}

// Decode implements Decoder. It tries ZXing's local (hybrid) binariser
// first, which copes with uneven light, then the global histogram one, which
// copes better with blur on small crops.
func (Gozxing) Decode(grey []byte, w, h int, tryHarder bool) (Decoded, error) {
	if w <= 0 || h <= 0 || len(grey) < w*h {
		return Decoded{}, fmt.Errorf("qr: decode: bad crop %d×%d with %d bytes", w, h, len(grey))
	}
	var hints map[gozxing.DecodeHintType]interface{}
	if tryHarder {
		hints = map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true}
	}
	// Detections whose grid failed to decode: when tryHarder, their
	// finders are tried again on a bent grid (bentgrid.go).
	var found []*common.DetectorResult
	var firstErr error
	if bits := hybridBits(grey, w, h); bits != nil {
		d, det, err := decodeBits(bits, hints)
		if err == nil {
			return d, nil
		}
		firstErr = err
		if det != nil {
			found = append(found, det)
		}
	}
	src, err := gozxing.NewPlanarYUVLuminanceSource(grey, w, h, 0, 0, w, h, false)
	if err != nil {
		return Decoded{}, fmt.Errorf("qr: decode: %w", err)
	}
	bits, err := gozxing.NewGlobalHistgramBinarizer(src).GetBlackMatrix()
	if err == nil {
		var d Decoded
		var det *common.DetectorResult
		if d, det, err = decodeBits(bits, hints); err == nil {
			d.Binarizer = GlobalThreshold
			return d, nil
		}
		if det != nil && (len(found) == 0 || !sameFinders(det, found[0])) {
			found = append(found, det)
		}
	}
	if firstErr == nil {
		firstErr = err
	}
	if tryHarder {
		for _, det := range found {
			if d, err := decodeBent(grey, w, h, det, hints); err == nil {
				d.Binarizer = BentGrid
				return d, nil
			}
		}
	}
	return Decoded{}, fmt.Errorf("%w: %v", ErrNoCode, firstErr)
}

// decodeBits finds a code in bits and decodes it. When the finder patterns
// were found but the modules did not decode, it also returns the detection.
func decodeBits(bits *gozxing.BitMatrix, hints map[gozxing.DecodeHintType]interface{}) (Decoded, *common.DetectorResult, error) {
	det, err := detector.NewDetector(bits).Detect(hints)
	if err != nil {
		return Decoded{}, nil, err
	}
	if len(det.GetPoints()) < 3 {
		return Decoded{}, nil, errors.New("detector returned fewer than three finder patterns")
	}
	d, err := decodeGrid(det.GetBits(), det.GetPoints(), hints)
	if err != nil {
		return Decoded{}, det, err
	}
	return d, nil, nil
}

// decodeBent samples the code det found on a grid bent to the image and
// decodes it.
func decodeBent(grey []byte, w, h int, det *common.DetectorResult, hints map[gozxing.DecodeHintType]interface{}) (Decoded, error) {
	pts := det.GetPoints()
	var align *geom.Pt
	if len(pts) > 3 {
		a := pt(pts[3])
		align = &a
	}
	bits, ok := bentGrid(grey, w, h, pt(pts[1]), pt(pts[2]), pt(pts[0]), align, det.GetBits().GetWidth())
	if !ok {
		return Decoded{}, ErrNoCode
	}
	return decodeGrid(bits, pts, hints)
}

// decodeGrid decodes a sampled grid of modules; pts are the detector's
// finder centres.
func decodeGrid(grid *gozxing.BitMatrix, pts []gozxing.ResultPoint, hints map[gozxing.DecodeHintType]interface{}) (Decoded, error) {
	n := grid.GetWidth()
	res, err := decoder.NewDecoder().Decode(grid, hints)
	if err != nil {
		return Decoded{}, err
	}
	// gozxing orders the points bottom-left, top-left, top-right.
	bl, tl, tr := pt(pts[0]), pt(pts[1]), pt(pts[2])
	if md, ok := res.GetOther().(*decoder.QRCodeDecoderMetaData); ok && md.IsMirrored() {
		bl, tr = tr, bl
	}
	return Decoded{Text: res.GetText(), TopLeft: tl, TopRight: tr, BottomLeft: bl, Dimension: n}, nil
}

// sameFinders reports whether two detections found the same three finder
// patterns (to within a pixel).
func sameFinders(a, b *common.DetectorResult) bool {
	pa, pb := a.GetPoints(), b.GetPoints()
	for i := 0; i < 3; i++ {
		if pt(pa[i]).Dist(pt(pb[i])) > 1 {
			return false
		}
	}
	return true
}

func pt(p gozxing.ResultPoint) geom.Pt { return geom.Pt{X: p.GetX(), Y: p.GetY()} }
