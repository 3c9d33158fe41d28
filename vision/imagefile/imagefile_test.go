package imagefile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/imagefile/imagefiletest"
	"github.com/tableref/tableref/vision/qr"
)

// picture is a 64×48 frame with a bright square in its top-left corner, so
// a turned decode shows.
func picture() gocv.Mat {
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 80, 120, 0), 48, 64, gocv.MatTypeCV8UC3)
	gocv.Rectangle(&m, image.Rect(0, 0, 16, 16), color.RGBA{R: 250, G: 250, B: 250}, -1)
	return m
}

func encode(t testing.TB, ext gocv.FileExt) []byte {
	t.Helper()
	m := picture()
	defer m.Close()
	b, err := gocv.IMEncode(ext, m)
	if err != nil {
		t.Fatalf("encoding %s: %v", ext, err)
	}
	defer b.Close()
	return bytes.Clone(b.GetBytes())
}

// jpegClaiming rewrites the frame size in a real JPEG's SOF0 segment.
func jpegClaiming(t *testing.T, w, h uint16) []byte {
	b := encode(t, gocv.JPEGFileExt)
	i := bytes.Index(b, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0 in OpenCV's JPEG")
	}
	binary.BigEndian.PutUint16(b[i+5:], h)
	binary.BigEndian.PutUint16(b[i+7:], w)
	return b
}

func TestDecodesEveryFormat(t *testing.T) {
	for _, ext := range []gocv.FileExt{gocv.PNGFileExt, gocv.JPEGFileExt, ".bmp", ".tiff", ".webp"} {
		data := encode(t, ext)
		m, err := Decode(data, "frame"+string(ext))
		if err != nil {
			t.Errorf("%s: %v", ext, err)
			continue
		}
		if m.Cols() != 64 || m.Rows() != 48 || m.Channels() != 3 {
			t.Errorf("%s: decoded %d×%d×%d, want 64×48×3", ext, m.Cols(), m.Rows(), m.Channels())
		}
		m.Close()
	}
}

// The reported attack: a header claiming 10¹⁰ pixels made OpenCV abort
// the process; one claiming 400 MP was decoded to 1.2 GB first. Both are
// refused from the header, naming the file and the size.
func TestRefusesHugeHeaders(t *testing.T) {
	for name, data := range map[string][]byte{
		"1e10.png":    imagefiletest.PNGClaiming(100_000, 100_000),
		"400mp.png":   imagefiletest.PNGClaiming(20_000, 20_000),
		"strip.png":   imagefiletest.PNGClaiming(70_000, 10),
		"3.6gp.jpg":   jpegClaiming(t, 60_000, 60_000),
		"zero.png":    imagefiletest.PNGClaiming(0, 480),
		"over64.jpeg": jpegClaiming(t, 9000, 8000),
	} {
		m, err := Decode(data, name)
		m.Close()
		want := ErrTooLarge
		if strings.HasPrefix(name, "zero") {
			want = ErrCorrupt
		}
		if !errors.Is(err, want) || !strings.HasPrefix(err.Error(), name+": ") {
			t.Errorf("%s: %v, want %v naming the file", name, err, want)
		}
	}
	if _, err := Check(imagefiletest.PNGClaiming(8192, 8192)); err != nil {
		t.Errorf("a 64 MP header (8192×8192) is within the limit: %v", err)
	}
	if MaxPixels != qr.MaxPixels {
		t.Errorf("MaxPixels %d differs from the QR reader's %d: a file read here would be refused there", MaxPixels, qr.MaxPixels)
	}
}

func TestRefusesTruncatedFiles(t *testing.T) {
	jpg := encode(t, gocv.JPEGFileExt)
	pngData := encode(t, gocv.PNGFileExt)
	for name, data := range map[string][]byte{
		"half.jpg":      jpg[:len(jpg)/2],
		"no-eoi.jpg":    jpg[:len(jpg)-2],
		"header.jpg":    jpg[:40],
		"half.png":      pngData[:len(pngData)/2],
		"no-iend.png":   pngData[:len(pngData)-12],
		"sig-only.png":  pngData[:10],
		"soi-only.jpeg": jpg[:2],
	} {
		m, err := Decode(data, name)
		m.Close()
		if !errors.Is(err, ErrTruncated) {
			t.Errorf("%s: %v, want ErrTruncated", name, err)
		}
	}
	// Bytes after the end marker (some cameras append data) are fine.
	m, err := Decode(append(bytes.Clone(jpg), "trailer"...), "trailer.jpg")
	m.Close()
	if err != nil {
		t.Errorf("JPEG with a trailer: %v", err)
	}
}

func TestRefusesOtherFiles(t *testing.T) {
	for name, data := range map[string][]byte{
		"notes.txt": []byte("not an image"),
		"empty.png": nil,
		"gif.gif":   []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
	} {
		m, err := Decode(data, name)
		m.Close()
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", name, err)
		}
	}
	// A valid header over garbage pixels: OpenCV cannot decode it.
	bad := imagefiletest.PNGClaiming(64, 48)
	m, err := Decode(bad, "garbage.png")
	m.Close()
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("garbage pixels: %v, want ErrCorrupt", err)
	}
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.png")
	os.WriteFile(good, encode(t, gocv.PNGFileExt), 0o644)
	m, err := Read(good)
	if err != nil || m.Cols() != 64 {
		t.Errorf("Read(good): %v", err)
	}
	m.Close()
	huge := filepath.Join(dir, "huge.png")
	os.WriteFile(huge, imagefiletest.PNGClaiming(100_000, 100_000), 0o644)
	if m, err := Read(huge); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), huge) {
		t.Errorf("Read(huge): %v", err)
	} else {
		m.Close()
	}
	if m, err := Read(filepath.Join(dir, "missing.png")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Read(missing): %v", err)
	} else {
		m.Close()
	}
	if m, err := Read(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Read(a folder): %v", err)
	} else {
		m.Close()
	}
}

// noisyJPEG is a 12 MP camera-like JPEG (noise compresses badly, so the
// file is as large as a real photo's).
func noisyJPEG(b *testing.B) []byte {
	m := gocv.NewMatWithSize(2592, 4608, gocv.MatTypeCV8UC3)
	defer m.Close()
	gocv.RandN(&m, gocv.NewScalar(128, 128, 128, 0), gocv.NewScalar(40, 40, 40, 0))
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, m, []int{gocv.IMWriteJpegQuality, 90})
	if err != nil {
		b.Fatal(err)
	}
	defer buf.Close()
	return bytes.Clone(buf.GetBytes())
}

// What the checks add to reading a 12 MP photo: Check (header and the
// JPEG's segment walk) against OpenCV's decode of the same bytes, in the
// same run. go test -bench . -run '^$' ./vision/imagefile/
func BenchmarkCheck12MP(b *testing.B) {
	data := noisyJPEG(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Check(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOpenCVDecode12MP(b *testing.B) {
	data := noisyJPEG(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := gocv.IMDecode(data, gocv.IMReadColor)
		if err != nil {
			b.Fatal(err)
		}
		m.Close()
	}
}
