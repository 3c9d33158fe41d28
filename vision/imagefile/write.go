package imagefile

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"gocv.io/x/gocv"
	"golang.org/x/image/bmp"
)

// DefaultJPEGQuality is imwrite's default, kept so pictures written
// before and after the move off imgcodecs look the same.
const DefaultJPEGQuality = 95

// ErrFormat is a file name whose extension names no format tableref writes.
var ErrFormat = errors.New("cannot write this format (use .png, .jpg, .jpeg or .bmp)")

// Write saves an 8-bit BGR (or grey, or BGRA) Mat at path in the format
// its extension names: .png (lossless, fast compression, as imwrite's
// default), .jpg/.jpeg (at jpegQuality, 0 meaning DefaultJPEGQuality)
// or .bmp. The file is written whole or not at all: a picture cut short
// by a full disk or a power cut is not left behind.
func Write(path string, img gocv.Mat, jpegQuality int) error {
	var data []byte
	var err error
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".jpg", ".jpeg":
		data, err = EncodeJPEG(img, jpegQuality)
	case ".png":
		data, err = EncodePNG(img)
	case ".bmp":
		data, err = encodeGo(img, func(b *bytes.Buffer, im image.Image) error { return bmp.Encode(b, im) })
	default:
		return fmt.Errorf("%s: %w", path, ErrFormat)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return writeWhole(path, data)
}

// EncodeJPEG encodes an 8-bit Mat as JPEG at quality 1–100 (0 meaning
// DefaultJPEGQuality).
func EncodeJPEG(img gocv.Mat, quality int) ([]byte, error) {
	if quality == 0 {
		quality = DefaultJPEGQuality
	}
	if quality < 1 || quality > 100 {
		return nil, fmt.Errorf("JPEG quality %d is not between 1 and 100", quality)
	}
	return encodeTurboJPEG(img, quality)
}

// EncodePNG encodes an 8-bit Mat as PNG.
func EncodePNG(img gocv.Mat) ([]byte, error) {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return encodeGo(img, func(b *bytes.Buffer, im image.Image) error { return enc.Encode(b, im) })
}

func encodeGo(img gocv.Mat, encode func(*bytes.Buffer, image.Image) error) ([]byte, error) {
	im, err := goImage(img)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := encode(&b, im); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// goImage copies an 8-bit grey, BGR or BGRA Mat into a Go image.
func goImage(img gocv.Mat) (image.Image, error) {
	w, h := img.Cols(), img.Rows()
	src, done, err := pixelBytes(img)
	if err != nil {
		return nil, err
	}
	defer done()
	switch img.Type() {
	case gocv.MatTypeCV8UC1:
		g := image.NewGray(image.Rect(0, 0, w, h))
		copy(g.Pix, src)
		return g, nil
	case gocv.MatTypeCV8UC3, gocv.MatTypeCV8UC4:
		n := img.Channels()
		out := image.NewNRGBA(image.Rect(0, 0, w, h))
		for i, j := 0, 0; j < len(out.Pix); i, j = i+n, j+4 {
			out.Pix[j], out.Pix[j+1], out.Pix[j+2], out.Pix[j+3] = src[i+2], src[i+1], src[i], 255
			if n == 4 {
				out.Pix[j+3] = src[i+3]
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot write a Mat of type %v (8-bit grey, BGR or BGRA only)", img.Type())
}

// pixelBytes is img's pixels, rows packed; done releases them.
func pixelBytes(img gocv.Mat) (pix []byte, done func(), err error) {
	done = func() {}
	if img.Empty() {
		return nil, done, errors.New("empty image")
	}
	if !img.IsContinuous() {
		img = img.Clone()
		done = func() { img.Close() }
	}
	pix, err = img.DataPtrUint8()
	if err != nil {
		done()
		return nil, func() {}, err
	}
	return pix, done, nil
}

// writeWhole writes data beside path, then renames it into place.
func writeWhole(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	tmp := f.Name()
	if _, err = f.Write(data); err == nil {
		err = f.Close()
	} else {
		f.Close()
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
