// Package imagefiletest makes hostile and damaged image files for tests of
// every command and source that reads images.
package imagefiletest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// PNGClaiming is a valid-looking PNG whose header claims w×h 8-bit RGB
// pixels, followed by one small compressed row of image data (so a
// decoder that trusts the header allocates the whole frame before it
// finds the data short: OpenCV 4.6 aborts the process above
// CV_IO_MAX_IMAGE_PIXELS).
func PNGClaiming(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 1+3*min(int(w), 4096)))
	zw.Close()
	out := []byte("\x89PNG\r\n\x1a\n")
	out = appendChunk(out, "IHDR", ihdr)
	out = appendChunk(out, "IDAT", z.Bytes())
	return appendChunk(out, "IEND", nil)
}

func appendChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// Huge is the PNG of the reported attack: a header claiming 10¹⁰ pixels.
func Huge() []byte { return PNGClaiming(100_000, 100_000) }
