package qr

import (
	"image"
	"image/color"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// wholeFramePixels bounds the close-up fallback to frames where decoding
// the whole frame a few times costs a few milliseconds; a camera frame of
// the table never qualifies, so the card pipeline never pays for it.
const wholeFramePixels = 1 << 20

// closeUp reads a small frame in which no candidate decoded: usually a
// phone close-up of one code, perhaps cut out without its quiet zone,
// printed on cloth, seen at a slant. It decodes the whole frame as one
// crop with a white quiet zone added, as it is, then lightly smoothed
// (halftone and JPEG speckle break the finder patterns' runs), then at
// 3/4 and 3/2 of its size (modules of 2 or 12 px suit the decoder less),
// and last rectified by the four corners OpenCV's own QR detector finds
// (a code seen at a slant, where the decoder's finder search gives up).
// Every variant is error-corrected as any read is; the first to decode
// wins.
func (r *Reader) closeUp(grey gocv.Mat) (Code, bool) {
	if c, ok := r.decodePadded(grey, geom.Identity()); ok {
		return c, true
	}
	w, h := grey.Cols(), grey.Rows()
	v := gocv.NewMat()
	defer v.Close()
	gocv.GaussianBlur(grey, &v, image.Pt(3, 3), 0, 0, gocv.BorderReflect)
	if c, ok := r.decodePadded(v, geom.Identity()); ok {
		return c, true
	}
	for _, s := range []struct {
		num, den int
		interp   gocv.InterpolationFlags
	}{{3, 4, gocv.InterpolationArea}, {3, 2, gocv.InterpolationLinear}} {
		sw, sh := w*s.num/s.den, h*s.num/s.den
		if sw < 21 || sh < 21 {
			continue
		}
		gocv.Resize(grey, &v, image.Pt(sw, sh), 0, 0, s.interp)
		k := float64(s.den) / float64(s.num)
		if c, ok := r.decodePadded(v, geom.ScaleH(k, k)); ok {
			return c, true
		}
	}
	return r.decodeRectified(grey)
}

// decodePadded decodes img whole, padded with a white quiet zone of a
// tenth of its size; back maps img's pixels to the frame's.
func (r *Reader) decodePadded(img gocv.Mat, back geom.H) (Code, bool) {
	pad := max(8, max(img.Cols(), img.Rows())/10)
	crop := gocv.NewMat()
	defer crop.Close()
	gocv.CopyMakeBorder(img, &crop, pad, pad, pad, pad, gocv.BorderConstant, color.RGBA{R: 255, G: 255, B: 255, A: 255})
	px, err := crop.DataPtrUint8()
	if err != nil {
		return Code{}, false
	}
	d, err := r.opt.Decoder.Decode(px, crop.Cols(), crop.Rows(), true)
	if err != nil || d.Dimension < 21 {
		return Code{}, false
	}
	return codeFrom(d, back.Mul(geom.Translate(-float64(pad), -float64(pad))), 0.8, nil), true
}

// rectifiedSide is the side of the square a slanted close-up is warped
// to: 6 px a module for a version-6 code, more than enough for smaller.
const rectifiedSide = 246

// decodeRectified asks OpenCV's QRCodeDetector (localisation only: Debian
// builds OpenCV without a decoder) for the code's four corners and decodes
// the code warped upright into a square.
func (r *Reader) decodeRectified(grey gocv.Mat) (Code, bool) {
	det := gocv.NewQRCodeDetector()
	defer det.Close()
	pts := gocv.NewMat()
	defer pts.Close()
	if !det.Detect(grey, &pts) || pts.Empty() {
		return Code{}, false
	}
	v, err := pts.DataPtrFloat32()
	if err != nil || len(v) < 8 {
		return Code{}, false
	}
	var src geom.Quad
	for i := range src {
		src[i] = geom.Pt{X: float64(v[2*i]), Y: float64(v[2*i+1])}
	}
	const m = 24 // margin: the quiet zone, inside the warp
	dst := geom.Rect(m, m, m+rectifiedSide, m+rectifiedSide)
	toCrop, ok := geom.FromQuads(src, dst)
	if !ok {
		return Code{}, false
	}
	hm := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer hm.Close()
	for i, x := range toCrop {
		hm.SetDoubleAt(i/3, i%3, x)
	}
	crop := gocv.NewMat()
	defer crop.Close()
	side := rectifiedSide + 2*m
	gocv.WarpPerspectiveWithParams(grey, &crop, hm, image.Pt(side, side), gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	px, err := crop.DataPtrUint8()
	if err != nil {
		return Code{}, false
	}
	d, err := r.opt.Decoder.Decode(px, side, side, true)
	if err != nil || d.Dimension < 21 {
		return Code{}, false
	}
	back, ok := toCrop.Inverse()
	if !ok {
		return Code{}, false
	}
	return codeFrom(d, back, 0.7, nil), true
}
