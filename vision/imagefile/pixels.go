package imagefile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	"gocv.io/x/gocv"
	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"
)

// decodePixels turns an encoded image of a format Check recognised into
// an 8-bit BGR Mat, as OpenCV's imdecode(IMREAD_COLOR) did: alpha dropped
// (not blended), 16-bit samples cut to their high byte, grey spread over
// three channels, a JPEG turned upright by its EXIF orientation.
//
// OpenCV's imgcodecs is not used: linking it loads 139 shared libraries
// at every start of tableref (its TIFF, OpenEXR, GDAL, … back-ends), a
// hundred milliseconds before `scan` reads anything. JPEG goes through
// libjpeg-turbo (turbojpeg.go), the rest through Go's decoders.
func decodePixels(data []byte, format string) (gocv.Mat, error) {
	if format == "jpeg" {
		m, err := decodeTurboJPEG(data)
		if err == nil {
			return upright(m, exifOrientation(data)), nil
		}
		m.Close()
		if err != errCMYK {
			return gocv.NewMat(), err
		}
	}
	var img image.Image
	var err error
	r := bytes.NewReader(data)
	switch format {
	case "png":
		img, err = png.Decode(r)
	case "jpeg":
		img, err = jpeg.Decode(r)
	case "bmp":
		img, err = bmp.Decode(r)
	case "tiff":
		img, err = tiff.Decode(r)
	case "webp":
		img, err = webp.Decode(r)
		if err == nil {
			if yc, ok := img.(*image.YCbCr); ok {
				return studioBGR(yc)
			}
			if yc, ok := img.(*image.NYCbCrA); ok {
				return studioBGR(&yc.YCbCr)
			}
		}
	default:
		return gocv.NewMat(), ErrUnsupported
	}
	if err != nil {
		return gocv.NewMat(), err
	}
	m, err := bgrMat(img)
	if err != nil {
		return m, err
	}
	if format == "jpeg" {
		m = upright(m, exifOrientation(data))
	}
	return m, nil
}

// bgrMat copies img into a new 8-bit BGR Mat.
func bgrMat(img image.Image) (gocv.Mat, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	m, dst, err := newBGR(w, h)
	if err != nil {
		return m, err
	}
	switch im := img.(type) {
	case *image.RGBA: // opaque in practice: PNGs without alpha decode to RGBA
		rowsBGR(dst, w, h, im.Pix, im.Stride, 4, b.Min, im.PixOffset)
	case *image.NRGBA:
		rowsBGR(dst, w, h, im.Pix, im.Stride, 4, b.Min, im.PixOffset)
	case *image.Gray:
		for y := 0; y < h; y++ {
			src := im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):]
			row := dst[y*w*3:]
			for x := 0; x < w; x++ {
				v := src[x]
				row[3*x], row[3*x+1], row[3*x+2] = v, v, v
			}
		}
	case *image.Paletted:
		// A transparent entry keeps its colour, as libpng's strip-alpha
		// does: premultiplying would paint it black.
		pal := make([][3]byte, len(im.Palette))
		for i, c := range im.Palette {
			pal[i] = unpremultiplied(c)
		}
		for y := 0; y < h; y++ {
			src := im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):]
			row := dst[y*w*3:]
			for x := 0; x < w; x++ {
				if i := int(src[x]); i < len(pal) {
					row[3*x], row[3*x+1], row[3*x+2] = pal[i][0], pal[i][1], pal[i][2]
				} else {
					row[3*x], row[3*x+1], row[3*x+2] = 0, 0, 0 // black, as before
				}
			}
		}
	default:
		// Every other kind (16-bit, YCbCr, CMYK): through the colour
		// model, non-premultiplied, high bytes.
		for y := 0; y < h; y++ {
			row := dst[y*w*3:]
			for x := 0; x < w; x++ {
				p := unpremultiplied(img.At(b.Min.X+x, b.Min.Y+y))
				row[3*x], row[3*x+1], row[3*x+2] = p[0], p[1], p[2]
			}
		}
	}
	return m, nil
}

// studioBGR converts lossy WebP's YCbCr, which is BT.601 studio range
// (Y 16–235) as libwebp decodes it; Go's color.YCbCr is JPEG's full
// range and would wash the picture out by 5 levels on average.
func studioBGR(yc *image.YCbCr) (gocv.Mat, error) {
	b := yc.Rect
	w, h := b.Dx(), b.Dy()
	m, dst, err := newBGR(w, h)
	if err != nil {
		return m, err
	}
	clamp := func(v int32) uint8 {
		v >>= 16
		if v < 0 {
			return 0
		}
		if v > 255 {
			return 255
		}
		return uint8(v)
	}
	for y := 0; y < h; y++ {
		row := dst[y*w*3:]
		for x := 0; x < w; x++ {
			yy := (int32(yc.Y[yc.YOffset(b.Min.X+x, b.Min.Y+y)]) - 16) * 76309 // 1.164 in 16.16
			ci := yc.COffset(b.Min.X+x, b.Min.Y+y)
			cb, cr := int32(yc.Cb[ci])-128, int32(yc.Cr[ci])-128
			row[3*x] = clamp(yy + 132201*cb + 1<<15)             // B: 2.017
			row[3*x+1] = clamp(yy - 25675*cb - 53279*cr + 1<<15) // G: 0.392, 0.813
			row[3*x+2] = clamp(yy + 104597*cr + 1<<15)           // R: 1.596
		}
	}
	return m, nil
}

// unpremultiplied is c's colour as BGR high bytes, without its alpha
// applied (what a decoder that strips alpha gives).
func unpremultiplied(c color.Color) [3]byte {
	switch c := c.(type) {
	case color.NRGBA:
		return [3]byte{c.B, c.G, c.R}
	case color.NRGBA64:
		return [3]byte{uint8(c.B >> 8), uint8(c.G >> 8), uint8(c.R >> 8)}
	}
	n := color.NRGBA64Model.Convert(c).(color.NRGBA64)
	return [3]byte{uint8(n.B >> 8), uint8(n.G >> 8), uint8(n.R >> 8)}
}

// newBGR is a new w×h 8-bit BGR Mat and its pixel buffer, not cleared:
// every decoder writes every pixel. (gocv's NewMatWithSize fills the
// buffer with zeros first, which was a fifth of a folder camera's time
// at 2304×1296: a pass over every frame for nothing.)
func newBGR(w, h int) (gocv.Mat, []byte, error) {
	m := gocv.NewMatWithSizes([]int{h, w}, gocv.MatTypeCV8UC3)
	dst, err := m.DataPtrUint8()
	if err != nil || len(dst) < w*h*3 {
		m.Close()
		return gocv.NewMat(), nil, fmt.Errorf("no buffer for %d×%d pixels", w, h)
	}
	return m, dst, nil
}

// rowsBGR copies 8-bit RGB(A) rows into packed BGR.
func rowsBGR(dst []byte, w, h int, pix []byte, stride, n int, min image.Point, offset func(x, y int) int) {
	for y := 0; y < h; y++ {
		src := pix[offset(min.X, min.Y+y):]
		row := dst[y*w*3 : (y+1)*w*3]
		for x, i := 0, 0; x < w; x, i = x+1, i+n {
			row[3*x], row[3*x+1], row[3*x+2] = src[i+2], src[i+1], src[i]
		}
	}
}

// exifOrientation is the orientation tag (1–8) of a JPEG's EXIF block,
// or 1 when there is none or it cannot be read: a phone holds the sensor
// one way and records how the picture should be turned.
func exifOrientation(b []byte) int {
	i := 2
	for i+4 <= len(b) && b[i] == 0xFF {
		m := b[i+1]
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if m == 0xDA || m == 0xD9 || n < 2 || i+2+n > len(b) {
			return 1
		}
		seg := b[i+4 : i+2+n]
		if m == 0xE1 && len(seg) > 14 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 of IFD0 of an EXIF TIFF block.
func tiffOrientation(t []byte) int {
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int64(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > int64(len(t)) {
		return 1
	}
	count := int64(bo.Uint16(t[ifd:]))
	for k := int64(0); k < count; k++ {
		e := ifd + 2 + 12*k
		if e+12 > int64(len(t)) {
			return 1
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		if bo.Uint16(t[e+2:]) != 3 { // SHORT
			return 1
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// upright turns m by an EXIF orientation the way OpenCV's imdecode does
// (transpose, then flip), closing m when it makes a new Mat.
func upright(m gocv.Mat, orientation int) gocv.Mat {
	if orientation <= 1 || orientation > 8 {
		return m
	}
	if orientation >= 5 {
		t := gocv.NewMat()
		gocv.Transpose(m, &t)
		m.Close()
		m = t
	}
	flip, ok := map[int]int{2: 1, 3: -1, 4: 0, 6: 1, 7: -1, 8: 0}[orientation]
	if !ok { // 5: the transpose alone
		return m
	}
	f := gocv.NewMat()
	gocv.Flip(m, &f, flip)
	m.Close()
	return f
}
