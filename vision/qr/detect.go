package qr

import (
	"encoding/binary"
	"image"
	"math"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

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
	// Two-level contours: every blob's outline, with the outlines of its
	// holes as children. A code on a card whose edge makes a closed ring
	// (touching cards, a printed border) is a blob inside the ring's hole,
	// which an outer-contours-only search never sees; the ring itself has
	// a hole as big as itself and fails the fill test below.
	hier := gocv.NewMat()
	defer hier.Close()
	contours := gocv.FindContoursWithParams(bin, &hier, gocv.RetrievalCComp, gocv.ChainApproxSimple)
	defer contours.Close()
	raw, err := hier.DataPtrUint8() // per contour 4 int32: next, previous, first child, parent
	if err != nil || len(raw) < 16*contours.Size() {
		return nil
	}
	link := func(i, k int) int { return int(int32(binary.NativeEndian.Uint32(raw[16*i+4*k:]))) }
	var out []candidate
	for i := 0; i < contours.Size(); i++ {
		if link(i, 3) >= 0 {
			continue // a hole
		}
		c := contours.At(i)
		rr := gocv.MinAreaRect(c)
		bw, bh := float64(rr.Width), float64(rr.Height)
		short, long := math.Min(bw, bh), math.Max(bw, bh)
		// A code seen at up to ~50° off-axis is at most about 1.6 times
		// longer than wide; card art bands and edges are longer.
		if short < 10 || long > 2*short || long*toFull < minCodeSide {
			continue
		}
		a := gocv.ContourArea(c)
		for h := link(i, 2); h >= 0; h = link(h, 0) {
			a -= gocv.ContourArea(contours.At(h))
		}
		if a < 0.45*bw*bh {
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
