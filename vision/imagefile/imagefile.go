// Package imagefile is the one way tableref reads a still image — a photo
// for `scan`, a frame of a recorded folder, a calibration sheet, an upload —
// into an OpenCV Mat. It reads the file's header first (PNG, JPEG, BMP,
// TIFF or WebP dimensions, without decoding the pixels) and refuses, with
// an error that names the file:
//
//   - a header claiming more than MaxPixels: OpenCV aborts the whole
//     process (SIGABRT) on a claim over its own limit, and below that it
//     would allocate the full frame before anything could refuse it (a
//     400-megapixel PNG is 1.2 GB decoded: an out-of-memory kill on a Pi);
//   - a PNG or JPEG cut short (a copy or download that did not finish):
//     libjpeg only warns "Premature end of JPEG file" and fills the rest
//     grey, which the referee would read as cards that vanished;
//   - anything that is not one of the formats above.
package imagefile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"syscall"

	"gocv.io/x/gocv"
	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"
)

// MaxPixels is the largest image read: 64 MP, the limit of the QR reader
// (vision/qr.MaxPixels), above every camera tableref supports (the Camera
// Module 3 takes 12 MP, the HQ camera 12.3 MP).
const MaxPixels = 64 << 20

// MaxSide bounds each side, so a 1×60 000 000 strip is refused too.
const MaxSide = 1 << 16

// MaxFileBytes bounds the file read into memory: an uncompressed 64 MP
// BMP or TIFF with some slack.
const MaxFileBytes = 3*MaxPixels + 16<<20

// Errors, wrapped with the file's name and the details.
var (
	ErrTooLarge    = errors.New("image too large")
	ErrTruncated   = errors.New("image file cut short")
	ErrUnsupported = errors.New("not a PNG, JPEG, BMP, TIFF or WebP image")
	ErrCorrupt     = errors.New("image unreadable")
)

// MaxDecodeBytes bounds the memory a decode may take, reckoned from the
// header before any pixel is decoded: the decoder's own picture (by its
// bit depth and channels), its working buffers and the 8-bit BGR result.
// The pixel count alone let a 522 KB 16-bit TIFF take 2.95 GB and a
// 2.6 KB WebP 652 MB under the 64 MP limit. 512 MB still reads a 64 MP
// sequential JPEG or 8-bit PNG, and any 16-bit image of a 12 MP camera; a
// 64 MP progressive JPEG (its coefficients kept whole) is refused.
const MaxDecodeBytes = 512 << 20

// MaxJPEGScans bounds a progressive JPEG's scans: cameras and editors
// write about ten; each scan walks the whole image again, and a 1.7 MB
// file of thousands of tiny scans held the decoder for 46 s (libjpeg-
// turbo 3 bounds them the same way, with TJPARAM_SCANLIMIT).
const MaxJPEGScans = 100

// Info is what the header says.
type Info struct {
	Format        string // png, jpeg, bmp, tiff, webp
	Width, Height int
	// DecodeBytes is the memory decoding will take, reckoned from the
	// header (see MaxDecodeBytes).
	DecodeBytes int64
}

// decodeBytes reckons the memory a decode of cfg takes: the decoder's
// picture at its model's bytes a pixel, the working buffers of the
// formats that need one, and the 3-byte BGR result.
func decodeBytes(format string, cfg image.Config) int64 {
	var perPixel int64 // the decoder's own picture
	switch cfg.ColorModel {
	case color.RGBA64Model, color.NRGBA64Model:
		perPixel = 8
	case color.Gray16Model:
		perPixel = 2
	case color.GrayModel, color.AlphaModel:
		perPixel = 1
	case color.YCbCrModel, color.NYCbCrAModel:
		perPixel = 4 // 4:4:4 with alpha at worst
	default: // RGBA, NRGBA, CMYK, and palettes (which Go expands when drawing)
		perPixel = 4
		if _, ok := cfg.ColorModel.(color.Palette); ok {
			perPixel = 1
		}
	}
	switch format {
	case "jpeg":
		// libjpeg-turbo writes BGR straight into the result, a row of
		// blocks at a time (decodeBytesJPEG adds a progressive file's
		// coefficients).
		perPixel = 0
	case "tiff":
		perPixel *= 2 // the decompressed strips beside the picture
	case "webp":
		perPixel += 4 // the lossless decoder's 32-bit ARGB buffer
	}
	return int64(cfg.Width) * int64(cfg.Height) * (perPixel + 3)
}

// formats maps each format's leading bytes to its header reader.
var formats = []struct {
	name   string
	magic  func([]byte) bool
	config func(io.Reader) (image.Config, error)
}{
	{"png", prefix("\x89PNG\r\n\x1a\n"), png.DecodeConfig},
	{"jpeg", prefix("\xff\xd8"), jpeg.DecodeConfig},
	{"bmp", prefix("BM"), bmp.DecodeConfig},
	{"tiff", func(b []byte) bool { return prefix("II*\x00")(b) || prefix("MM\x00*")(b) }, tiff.DecodeConfig},
	{"webp", func(b []byte) bool { return len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP" }, webp.DecodeConfig},
}

func prefix(p string) func([]byte) bool {
	return func(b []byte) bool { return bytes.HasPrefix(b, []byte(p)) }
}

// Sniff names the image format data starts with ("png", "jpeg", "bmp",
// "tiff", "webp"), or "" when it is none of them. The first 12 bytes are
// enough.
func Sniff(data []byte) string {
	for _, f := range formats {
		if f.magic(data) {
			return f.name
		}
	}
	return ""
}

// Check reads the header of an encoded image and checks its size, and for
// PNG and JPEG that the file is complete. It decodes no pixels.
func Check(data []byte) (Info, error) {
	for _, f := range formats {
		if !f.magic(data) {
			continue
		}
		cfg, err := f.config(bytes.NewReader(data))
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
				return Info{Format: f.name}, fmt.Errorf("%w: the %s header itself is incomplete", ErrTruncated, f.name)
			}
			return Info{Format: f.name}, fmt.Errorf("%w: %s header: %v", ErrCorrupt, f.name, err)
		}
		in := Info{Format: f.name, Width: cfg.Width, Height: cfg.Height, DecodeBytes: decodeBytes(f.name, cfg)}
		if f.name == "jpeg" {
			in.DecodeBytes += jpegCoefficientBytes(data, cfg)
		}
		if err := in.checkSize(); err != nil {
			return in, err
		}
		switch f.name {
		case "png":
			err = pngComplete(data)
		case "jpeg":
			err = jpegComplete(data)
		}
		return in, err
	}
	return Info{}, ErrUnsupported
}

func (in Info) checkSize() error {
	w, h := int64(in.Width), int64(in.Height)
	switch {
	case w <= 0 || h <= 0:
		return fmt.Errorf("%w: the %s header says %d×%d pixels", ErrCorrupt, in.Format, w, h)
	case w*h > MaxPixels || w > MaxSide || h > MaxSide:
		return fmt.Errorf("%w: the %s header says %d×%d pixels (%.0f MP); tableref reads at most %d MP and %d pixels a side (no camera takes more: a damaged or hostile file?)",
			ErrTooLarge, in.Format, w, h, float64(w*h)/1e6, MaxPixels/1_000_000, MaxSide)
	case in.DecodeBytes > maxDecodeBytes:
		return fmt.Errorf("%w: decoding this %d×%d %s would take about %d MB, more than the %d MB tableref allows an image (16-bit or layered pictures take several times 8-bit's: save it as an 8-bit JPEG or PNG)",
			ErrTooLarge, w, h, in.Format, in.DecodeBytes>>20, maxDecodeBytes>>20)
	}
	return nil
}

// maxDecodeBytes is MaxDecodeBytes; tests lower it to try the reckoning
// on small pictures.
var maxDecodeBytes int64 = MaxDecodeBytes

// pngComplete walks the chunks up to IEND: a file cut short ends inside
// one, or before IEND.
func pngComplete(b []byte) error {
	i := 8
	for i+8 <= len(b) {
		n := int64(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		end := int64(i) + 12 + n
		if end > int64(len(b)) {
			return fmt.Errorf("%w: the PNG data ends inside its %q chunk (%d of %d bytes)", ErrTruncated, typ, len(b), end)
		}
		if typ == "IEND" {
			return nil
		}
		i = int(end)
	}
	return fmt.Errorf("%w: the PNG data ends before its IEND chunk", ErrTruncated)
}

// jpegCoefficientBytes is what a progressive JPEG's decoder keeps until
// its last scan: every component's coefficients, 2 bytes each, at the
// component's sampling (4:2:0 colour: 1.5 samples a pixel; 4:4:4: 3). A
// sequential (baseline) JPEG keeps none: it decodes a row of blocks at a
// time. Reckoning 6 bytes a pixel for every JPEG refused the 64 MP JPEG
// the limit was set to read.
func jpegCoefficientBytes(b []byte, cfg image.Config) int64 {
	// Segments from SOI to the frame header (SOFn), each by its length.
	for i := 2; i+4 <= len(b) && b[i] == 0xFF; {
		m, n := b[i+1], int(binary.BigEndian.Uint16(b[i+2:]))
		if m == 0xFF { // a fill byte
			i++
			continue
		}
		isSOF := m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
		if !isSOF {
			i += 2 + n
			continue
		}
		if m != 0xC2 && m != 0xC6 && m != 0xCA && m != 0xCE { // not progressive
			return 0
		}
		// SOF: precision, height, width, Nf, then Nf × (id, HV, Tq).
		if i+10 > len(b) {
			break
		}
		nf := int(b[i+9])
		var hv [][2]int64
		hmax, vmax := int64(1), int64(1)
		for k := 0; k < nf && i+10+3*k+2 < len(b); k++ {
			h, v := int64(b[i+11+3*k]>>4), int64(b[i+11+3*k]&15)
			hv = append(hv, [2]int64{h, v})
			hmax, vmax = max(hmax, h), max(vmax, v)
		}
		var coef int64
		for _, c := range hv {
			coef += 2 * int64(cfg.Width) * int64(cfg.Height) * c[0] * c[1] / (hmax * vmax)
		}
		return coef
	}
	// No frame header found where expected: reckon the worst, three
	// full-size components.
	return 6 * int64(cfg.Width) * int64(cfg.Height)
}

// jpegComplete walks the JPEG's segments and entropy-coded data up to the
// end-of-image marker (FF D9). Segments are skipped by their length, so a
// thumbnail's markers inside an EXIF segment do not count.
func jpegComplete(b []byte) error {
	i := 2 // after SOI
	scans := 0
	for {
		for i < len(b) && b[i] != 0xFF { // tolerate stray bytes between segments
			i++
		}
		for i < len(b) && b[i] == 0xFF { // fill bytes
			i++
		}
		if i >= len(b) {
			break
		}
		m := b[i]
		i++
		switch {
		case m == 0xD9: // EOI
			return nil
		case m == 0x01 || (m >= 0xD0 && m <= 0xD7): // markers without a length
			continue
		}
		if i+2 > len(b) {
			break
		}
		n := int(binary.BigEndian.Uint16(b[i:]))
		if n < 2 || i+n > len(b) {
			break
		}
		i += n
		if m != 0xDA { // not start-of-scan: the next segment follows
			continue
		}
		if scans++; scans > MaxJPEGScans {
			return fmt.Errorf("%w: the JPEG has more than %d scans (cameras write about ten): a damaged or hostile file?", ErrTooLarge, MaxJPEGScans)
		}
		// Entropy-coded data runs to the next marker that is neither a
		// stuffed zero nor a restart marker.
		for i+1 < len(b) {
			k := bytes.IndexByte(b[i:len(b)-1], 0xFF) // memchr: most bytes are data
			if k < 0 {
				i = len(b)
				break
			}
			i += k
			if n := b[i+1]; n != 0 && (n < 0xD0 || n > 0xD7) && n != 0xFF {
				break
			}
			i++
		}
		if i+1 >= len(b) {
			break
		}
	}
	return fmt.Errorf("%w: the JPEG data ends before its end-of-image marker (libjpeg would say \"Premature end of JPEG file\" and paint the rest grey)", ErrTruncated)
}

// Decode checks data (see Check) and decodes it into an 8-bit BGR Mat the
// caller closes. name goes into the errors.
func Decode(data []byte, name string) (gocv.Mat, error) {
	in, err := Check(data)
	if err != nil {
		return gocv.NewMat(), fmt.Errorf("%s: %w", name, err)
	}
	m, err := decodePixels(data, in.Format)
	if err != nil || m.Empty() {
		m.Close()
		why := "no pixels"
		if err != nil {
			why = err.Error()
		}
		return gocv.NewMat(), fmt.Errorf("%s: %w: %s", name, ErrCorrupt, why)
	}
	// The decoder may turn the picture by its EXIF orientation, so the
	// sides may be swapped; any other size means the header lied.
	w, h := m.Cols(), m.Rows()
	if !(w == in.Width && h == in.Height) && !(w == in.Height && h == in.Width) {
		m.Close()
		return gocv.NewMat(), fmt.Errorf("%s: %w: the header says %d×%d, the pixels are %d×%d", name, ErrCorrupt, in.Width, in.Height, w, h)
	}
	return m, nil
}

// Read reads the image file at path (see Decode).
func Read(path string) (gocv.Mat, error) {
	// O_NONBLOCK: a FIFO in a camera folder must not hold the reader.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, first
		}
		return gocv.NewMat(), fmt.Errorf("%s: cannot read the image: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return gocv.NewMat(), err
	}
	if !st.Mode().IsRegular() {
		return gocv.NewMat(), fmt.Errorf("%s: not a regular file", path)
	}
	if st.Size() > MaxFileBytes {
		return gocv.NewMat(), fmt.Errorf("%s: %w: %d MB, more than the %d MB an image of %d MP can take", path, ErrTooLarge, st.Size()>>20, MaxFileBytes>>20, MaxPixels/1_000_000)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return gocv.NewMat(), fmt.Errorf("%s: %w", path, err)
	}
	return Decode(data, path)
}
