package qr

import (
	"math"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/detector"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// codebookPxPerModule is the module size the candidate is resampled to
// before its finders are searched: the detector's 1:1:3:1:1 runs need a
// few pixels a module, and cubic interpolation keeps the finders' edges.
const codebookPxPerModule = 5

// finders are three finder centres a detector found and the symbol size
// it estimated.
type finders struct {
	tl, tr, bl geom.Pt
	n          int
}

// detectFinders runs ZXing's detector on a crop under both binarisations
// and returns every distinct set of finders it found.
func detectFinders(px []byte, w, h int) []finders {
	var out []finders
	hints := map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true}
	add := func(bits *gozxing.BitMatrix) {
		if bits == nil {
			return
		}
		det, err := detector.NewDetector(bits).Detect(hints)
		if err != nil || len(det.GetPoints()) < 3 {
			return
		}
		p := det.GetPoints()
		f := finders{bl: pt(p[0]), tl: pt(p[1]), tr: pt(p[2]), n: det.GetBits().GetWidth()}
		for _, o := range out {
			if o.tl.Dist(f.tl) < 1 && o.tr.Dist(f.tr) < 1 && o.bl.Dist(f.bl) < 1 {
				return
			}
		}
		out = append(out, f)
	}
	add(hybridBits(px, w, h))
	if src, err := gozxing.NewPlanarYUVLuminanceSource(px, w, h, 0, 0, w, h, false); err == nil {
		if bits, err := gozxing.NewGlobalHistgramBinarizer(src).GetBlackMatrix(); err == nil {
			add(bits)
		}
	}
	return out
}

// tryCodebook resamples the candidate, finds its finders and matches its
// modules against the codebook. ok is false when no finders were found;
// otherwise the code is either read (Codebook set) or unsure (Text empty).
func (r *Reader) tryCodebook(grey gocv.Mat, c candidate) (Code, bool) {
	cb := r.opt.Codebook
	s := codebookPxPerModule * 21 / c.side()
	px, cropSide, back, ok := upright(grey, c, s, 1.6, gocv.InterpolationCubic)
	if !ok {
		return Code{}, false
	}
	s = float64(cropSide) / (c.side() * 1.6) // as upright capped it
	var best codebookMatch
	found := false
	keep := func(mt codebookMatch) {
		// a decided match over an unsure one, then the higher score
		if !found || (mt.OK && !best.OK) || (mt.OK == best.OK && mt.Score > best.Score) {
			best, found = mt, true
		}
	}
	for _, f := range detectFinders(px, cropSide, cropSide) {
		for _, n := range sizesToTry(f.n) {
			if mt, ok := cb.matchCodebook(px, cropSide, cropSide, f.tl, f.tr, f.bl, n); ok {
				keep(mt)
			}
		}
	}
	// No finders found, or none that gave a decided match: the box
	// itself, taken for the code (a candidate is usually the code's own
	// blob; a card's blob fails the grid's check).
	half := (c.w + c.h) / 4 * s
	centre := geom.Pt{X: float64(cropSide) / 2, Y: float64(cropSide) / 2}
	for _, n := range []int{21, 25} {
		if found && best.OK {
			break
		}
		if mt, ok := cb.matchBox(px, cropSide, cropSide, centre, half, n); ok {
			keep(mt)
		}
	}
	if !found {
		return Code{}, false
	}
	d := Decoded{TopLeft: best.TL, TopRight: best.TR, BottomLeft: best.BL, Dimension: best.N, Binarizer: CodebookMatch}
	if best.OK {
		d.Text = best.Payload
	}
	code := codeFrom(d, back, math.Min(1, best.Margin/(2*codebookMinMargin)), nil)
	code.Margin = best.Margin
	code.Codebook = true
	return code, true
}

// sizesToTry are the symbol sizes to match a detection at: its own
// estimate first, then tableref's two sizes, since at 2 px a module the
// estimate is often a version off.
func sizesToTry(n int) []int {
	out := []int{n}
	for _, k := range []int{21, 25} {
		if k != n {
			out = append(out, k)
		}
	}
	return out
}
