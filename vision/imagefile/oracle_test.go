package imagefile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// OpenCV's imdecode is the oracle: tableref read every picture with it
// before imagefile decoded on its own (to keep imgcodecs and its 139
// libraries out of the binary), and the reader was tuned on its pixels.
// Tests may link imgcodecs; the tableref binary does not.

// maxDiff is the largest difference of any channel of any pixel, or -1
// when the sizes or types differ.
func maxDiff(a, b gocv.Mat) int {
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() || a.Type() != b.Type() {
		return -1
	}
	d := gocv.NewMat()
	defer d.Close()
	gocv.AbsDiff(a, b, &d)
	flat := d.Reshape(1, 0)
	defer flat.Close()
	_, hi, _, _ := gocv.MinMaxLoc(flat)
	return int(hi)
}

// meanDiff is the mean absolute difference over every channel.
func meanDiff(a, b gocv.Mat) float64 {
	d := gocv.NewMat()
	defer d.Close()
	gocv.AbsDiff(a, b, &d)
	m := d.Mean()
	return (m.Val1 + m.Val2 + m.Val3) / 3
}

func oracle(t testing.TB, data []byte) gocv.Mat {
	t.Helper()
	m, err := gocv.IMDecode(data, gocv.IMReadColor)
	if err != nil || m.Empty() {
		t.Fatalf("OpenCV cannot decode the test image: %v", err)
	}
	return m
}

// busy is a w×h picture with gradients, noise and hard edges, so a
// difference in IDCT, upsampling or orientation shows.
func busy(w, h int) gocv.Mat {
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	gocv.RandN(&m, gocv.NewScalar(128, 100, 150, 0), gocv.NewScalar(50, 50, 50, 0))
	gocv.Rectangle(&m, image.Rect(0, 0, w/3, h/4), color.RGBA{R: 250, G: 240, B: 10}, -1)
	gocv.Circle(&m, image.Pt(2*w/3, h/2), h/5, color.RGBA{R: 10, G: 20, B: 200}, -1)
	return m
}

// Every format tableref reads gives OpenCV's pixels: the lossless ones
// exactly, JPEG exactly too (the same libjpeg-turbo with the same
// defaults), WebP within a step (libwebp against Go's decoder).
func TestPixelsMatchOpenCV(t *testing.T) {
	src := busy(333, 250) // odd sizes: partial MCUs, odd chroma
	defer src.Close()
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(src, &grey, gocv.ColorBGRToGray)
	smooth := gocv.NewMat()
	defer smooth.Close()
	gocv.GaussianBlur(src, &smooth, image.Pt(9, 9), 0, 0, gocv.BorderReflect)
	for _, c := range []struct {
		ext    gocv.FileExt
		img    gocv.Mat
		params []int
		within int
	}{
		{gocv.PNGFileExt, src, nil, 0},
		{gocv.PNGFileExt, grey, nil, 0},
		{gocv.JPEGFileExt, src, []int{gocv.IMWriteJpegQuality, 70}, 0},
		{gocv.JPEGFileExt, src, []int{gocv.IMWriteJpegQuality, 95}, 0},
		{gocv.JPEGFileExt, grey, nil, 0},
		{".bmp", src, nil, 0},
		{".tiff", src, nil, 0},
		{".webp", src, []int{gocv.IMWriteWebpQuality, 101}, 0}, // lossless
		// Lossy WebP: Go's decoder upsamples chroma more simply than
		// libwebp, which on pixel noise differs by 10 levels on average;
		// on a photo's smooth light, by little (checked below).
		{".webp", smooth, []int{gocv.IMWriteWebpQuality, 80}, 40},
	} {
		if c.params == nil {
			c.params = []int{gocv.IMWriteJpegQuality, 95} // ignored by the other formats; gocv needs one
		}
		buf, err := gocv.IMEncodeWithParams(c.ext, c.img, c.params)
		if err != nil {
			t.Fatal(err)
		}
		data := bytes.Clone(buf.GetBytes())
		buf.Close()
		name := fmt.Sprintf("%s %d channel(s) %v", c.ext, c.img.Channels(), c.params)
		want := oracle(t, data)
		got, err := Decode(data, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if d := maxDiff(got, want); d < 0 || d > c.within {
			t.Errorf("%s: differs from OpenCV's decode by %d (allowed %d)", name, d, c.within)
		} else if m := meanDiff(got, want); m > 1.5 {
			t.Errorf("%s: differs from OpenCV's decode by %.2f on average", name, m)
		} else {
			t.Logf("%s: at most %d levels from OpenCV's pixels, %.2f on average", name, d, m)
		}
		got.Close()
		want.Close()
	}
}

// withOrientation inserts an APP1 EXIF segment with the given orientation
// tag after the SOI marker, in the byte order given.
func withOrientation(jpg []byte, v uint16, bo binary.ByteOrder) []byte {
	tiffHdr := make([]byte, 8+2+12+4)
	if bo == binary.LittleEndian {
		copy(tiffHdr, "II\x2a\x00")
	} else {
		copy(tiffHdr, "MM\x00\x2a")
	}
	bo.PutUint32(tiffHdr[4:], 8)       // IFD0 at 8
	bo.PutUint16(tiffHdr[8:], 1)       // one entry
	bo.PutUint16(tiffHdr[10:], 0x0112) // Orientation
	bo.PutUint16(tiffHdr[12:], 3)      // SHORT
	bo.PutUint32(tiffHdr[14:], 1)      // count
	bo.PutUint16(tiffHdr[18:], v)
	payload := append([]byte("Exif\x00\x00"), tiffHdr...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// A phone stores its picture as the sensor saw it and says in EXIF how to
// turn it: every one of the eight orientations (and a bad value) is
// turned as OpenCV turns it, and the swapped sides are not mistaken for a
// lying header.
func TestExifOrientationAsOpenCV(t *testing.T) {
	src := busy(64, 48)
	defer src.Close()
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, src)
	if err != nil {
		t.Fatal(err)
	}
	plain := bytes.Clone(buf.GetBytes())
	buf.Close()
	for _, bo := range []binary.ByteOrder{binary.BigEndian, binary.LittleEndian} {
		for v := uint16(0); v <= 9; v++ {
			data := withOrientation(plain, v, bo)
			want := oracle(t, data)
			got, err := Decode(data, "phone.jpg")
			if err != nil {
				t.Errorf("orientation %d (%v): %v", v, bo, err)
			} else if d := maxDiff(got, want); d != 0 {
				t.Errorf("orientation %d (%v): decoded %d×%d, OpenCV %d×%d, differing by %d", v, bo, got.Cols(), got.Rows(), want.Cols(), want.Rows(), d)
			}
			if v == 6 && got.Cols() != 48 {
				t.Errorf("orientation 6 left the picture %d×%d, want it turned to 48×64", got.Cols(), got.Rows())
			}
			got.Close()
			want.Close()
		}
	}
}

// The real photos (other people's phones and cameras: EXIF, progressive
// JPEGs, PNGs of every kind) decode to OpenCV's pixels.
func TestRealPhotosMatchOpenCV(t *testing.T) {
	root := filepath.Join("..", "..", "..", "shared", "testdata", "qr-photos")
	var files []string
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		ext := strings.ToLower(filepath.Ext(p))
		if err == nil && !fi.IsDir() && (ext == ".jpg" || ext == ".jpeg" || ext == ".png") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skipf("no photos under %s", root)
	}
	if testing.Short() {
		files = files[:len(files)/4]
	}
	same := 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := gocv.IMDecode(data, gocv.IMReadColor)
		if err != nil || want.Empty() {
			want.Close()
			continue
		}
		got, err := Decode(data, p)
		if err != nil {
			t.Errorf("%v (OpenCV decodes it)", err)
		} else if d := maxDiff(got, want); d != 0 {
			t.Errorf("%s: differs from OpenCV's decode by %d", p, d)
		} else {
			same++
		}
		got.Close()
		want.Close()
	}
	t.Logf("%d of %d photos decoded to OpenCV's pixels", same, len(files))
}

// What Write saves, OpenCV reads back as the picture: PNG and BMP
// exactly, a grey Mat too; a JPEG decodes to the pixels of imwrite's
// JPEG at the same quality (the same encoder, settings and tables).
func TestWriteReadsBack(t *testing.T) {
	src := busy(101, 77)
	defer src.Close()
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(src, &grey, gocv.ColorBGRToGray)
	dir := t.TempDir()
	for _, c := range []struct {
		name    string
		img     gocv.Mat
		quality int
	}{{"a.png", src, 0}, {"a.bmp", src, 0}, {"grey.png", grey, 0}, {"a.jpg", src, 0}, {"b.JPEG", src, 70}, {"grey.jpg", grey, 80}} {
		path := filepath.Join(dir, c.name)
		if err := Write(path, c.img, c.quality); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		flag := gocv.IMReadColor
		if c.img.Channels() == 1 {
			flag = gocv.IMReadGrayScale
		}
		back := gocv.IMRead(path, flag)
		want := c.img.Clone()
		if ext := strings.ToLower(filepath.Ext(c.name)); ext == ".jpg" || ext == ".jpeg" {
			q := c.quality
			if q == 0 {
				q = DefaultJPEGQuality
			}
			buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, c.img, []int{gocv.IMWriteJpegQuality, q})
			if err != nil {
				t.Fatal(err)
			}
			want.Close()
			want, _ = gocv.IMDecode(buf.GetBytes(), flag)
			buf.Close()
		}
		if d := maxDiff(back, want); d != 0 {
			t.Errorf("%s: read back %d×%d differing by %d", c.name, back.Cols(), back.Rows(), d)
		}
		back.Close()
		want.Close()
	}
}

func TestWriteRefuses(t *testing.T) {
	src := busy(8, 8)
	defer src.Close()
	dir := t.TempDir()
	if err := Write(filepath.Join(dir, "a.gif"), src, 0); err == nil || !strings.Contains(err.Error(), "a.gif") {
		t.Errorf("a .gif: %v", err)
	}
	if err := Write(filepath.Join(dir, "a.jpg"), src, 101); err == nil {
		t.Error("quality 101 accepted")
	}
	empty := gocv.NewMat()
	defer empty.Close()
	if err := Write(filepath.Join(dir, "e.png"), empty, 0); err == nil {
		t.Error("an empty Mat written")
	}
	if err := Write(filepath.Join(dir, "no", "such", "dir.png"), src, 0); err == nil {
		t.Error("a missing folder accepted")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func BenchmarkDecode12MP(b *testing.B) {
	data := noisyJPEG(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := Decode(data, "bench.jpg")
		if err != nil {
			b.Fatal(err)
		}
		m.Close()
	}
}
