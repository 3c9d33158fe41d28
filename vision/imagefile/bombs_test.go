package imagefile

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"gocv.io/x/gocv"
	"golang.org/x/image/tiff"

	"github.com/tableref/tableref/vision/imagefile/imagefiletest"
)

// Memory is reckoned from bit depth and channels, not pixels alone
// (issue 34: a 522 KB 16-bit TIFF took 2.95 GB, a 16-bit PNG 1.4 GB under
// the 64 MP limit). A 64 MP 8-bit PNG is still read; the same pixels at
// 16 bits a sample are refused from the header, before any decoding.
func TestDecodeMemoryByDepth(t *testing.T) {
	if _, err := Check(imagefiletest.PNGDeepClaiming(8192, 8192, 8)); err != nil {
		t.Errorf("64 MP 8-bit PNG: %v", err)
	}
	_, err := Check(imagefiletest.PNGDeepClaiming(8192, 8192, 16))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "16-bit") {
		t.Errorf("64 MP 16-bit PNG: %v, want ErrTooLarge saying why", err)
	}
	if _, err := Check(imagefiletest.PNGDeepClaiming(4056, 3040, 16)); err != nil {
		t.Errorf("a 12 MP camera's 16-bit PNG: %v", err)
	}
}

// A sequential JPEG decodes a row of blocks at a time: a 64 MP one (the
// largest the QR reader takes) is read. A progressive one keeps its
// coefficients to the last scan (2 bytes each, 1.5 a pixel at 4:2:0, 3
// at 4:4:4): at 64 MP a 4:2:0 one is read, a 4:4:4 one refused. Every
// JPEG was reckoned at 9 bytes a pixel, which refused the 64 MP JPEG the
// limit was meant to read ("would take about 576 MB").
func TestJPEGMemoryBySequentialOrProgressive(t *testing.T) {
	for _, c := range []struct {
		progressive, full bool
		bytesPerPixel     int64 // 0: refused
	}{
		{false, false, 3}, {false, true, 3}, {true, false, 3 + 3}, {true, true, 0},
	} {
		in, err := Check(imagefiletest.JPEGClaiming(8192, 8192, c.progressive, c.full))
		switch {
		case c.bytesPerPixel == 0 && !errors.Is(err, ErrTooLarge):
			t.Errorf("64 MP JPEG progressive %v 4:4:4 %v: %v, want ErrTooLarge", c.progressive, c.full, err)
		case c.bytesPerPixel > 0 && (err != nil || in.DecodeBytes != 8192*8192*c.bytesPerPixel):
			t.Errorf("64 MP JPEG progressive %v 4:4:4 %v: %v, %d MB reckoned, want %d bytes a pixel", c.progressive, c.full, err, in.DecodeBytes>>20, c.bytesPerPixel)
		}
	}
}

// The TIFF decoder keeps its strips beside the picture: a 16-bit TIFF
// reckons more than twice an 8-bit one of the same size. The limit is
// lowered here to fall between the two on small pictures.
func TestTIFFDepthCounts(t *testing.T) {
	enc := func(img image.Image) []byte {
		var b bytes.Buffer
		if err := tiff.Encode(&b, img, &tiff.Options{Compression: tiff.Deflate}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	r := image.Rect(0, 0, 200, 150)
	deep, flat := image.NewRGBA64(r), image.NewNRGBA(r)
	for y := 0; y < 150; y++ {
		for x := 0; x < 200; x++ {
			deep.Set(x, y, color.RGBA64{uint16(x * 300), uint16(y * 400), 0, 0xffff})
			flat.Set(x, y, color.NRGBA{uint8(x), uint8(y), 0, 0xff})
		}
	}
	in8, err := Check(enc(flat))
	if err != nil {
		t.Fatal(err)
	}
	in16, err := Check(enc(deep))
	if err != nil {
		t.Fatal(err)
	}
	if in16.DecodeBytes < 2*in8.DecodeBytes-3*200*150 {
		t.Fatalf("16-bit TIFF reckoned %d bytes, 8-bit %d: depth not counted", in16.DecodeBytes, in8.DecodeBytes)
	}
	defer func(old int64) { maxDecodeBytes = old }(maxDecodeBytes)
	maxDecodeBytes = (in8.DecodeBytes + in16.DecodeBytes) / 2
	if m, err := Decode(enc(flat), "flat.tiff"); err != nil {
		t.Errorf("8-bit TIFF under the limit: %v", err)
	} else {
		m.Close()
	}
	if m, err := Decode(enc(deep), "deep.tiff"); !errors.Is(err, ErrTooLarge) {
		m.Close()
		t.Errorf("16-bit TIFF over the limit: %v, want ErrTooLarge", err)
	}
}

// A JPEG of more scans than any camera writes is refused before decoding
// (issue 34: thousands of scans held scan and the daemon 46 s); one of a
// progressive file's usual ten is read.
func TestJPEGScanLimit(t *testing.T) {
	jpg := encode(t, gocv.JPEGFileExt)
	if m, err := Decode(imagefiletest.JPEGScans(jpg, 9), "ten.jpg"); err != nil && errors.Is(err, ErrTooLarge) {
		t.Errorf("ten scans: %v", err)
	} else if err == nil {
		m.Close()
	}
	_, err := Decode(imagefiletest.JPEGScans(jpg, MaxJPEGScans+5), "many.jpg")
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "scans") {
		t.Errorf("%d scans: %v, want ErrTooLarge naming the scans", MaxJPEGScans+6, err)
	}
}

// A JPEG libjpeg decodes only with a warning (its data damaged, the end
// marker still there) is refused, not painted grey and read (issue 34:
// warnings were taken as success).
func TestJPEGWarningIsAnError(t *testing.T) {
	jpg := encode(t, gocv.JPEGFileExt)
	sos := bytes.LastIndex(jpg, []byte{0xFF, 0xDA})
	eoi := bytes.LastIndex(jpg, []byte{0xFF, 0xD9})
	// Cut the second half of the entropy-coded data, keeping the end.
	mid := sos + (eoi-sos)/2
	damaged := append(append([]byte(nil), jpg[:mid]...), jpg[eoi:]...)
	m, err := Decode(damaged, "damaged.jpg")
	m.Close()
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("a JPEG with half its data: %v, want ErrCorrupt", err)
	}
}
